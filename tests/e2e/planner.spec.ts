/**
 * 開催準備プランナー（/docs/1_host）: JS なしの表、使うまで読まないコード、日付の表示、月末とうるう年、
 * 入力の誤り、過去の日付、.ics の保存、キーボードだけの操作、axe、オフライン、チェックリストの印刷。
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {dateMessages} from '../../src/components/HostPlanner/dates';
import {schedule} from '../../src/components/HostPlanner/schedule';
import {routes} from '../../src/constants/site';
import {waitForHydration, waitForPageReady} from '../../lib/page-ready';
import {lineProblems, may31Plan, parseCalendar} from '../support/planner';
import {axeFor} from '../support/axe';
import {registersServiceWorker} from '../support/service-worker';

const plannerChunk = /\/assets\/js\/host-planner\.[0-9a-f]+\.js$/;
const dateField = (page: Page) => page.getByLabel('開催日', {exact: true});
const checklist = (page: Page) => page.getByRole('region', {name: /^開催準備チェックリスト/});
const milestones = (page: Page) => checklist(page).locator('ol > li');
const alert = (page: Page) => page.getByRole('alert');
const pastNotice = (page: Page) =>
  page.getByRole('status').filter({hasText: '開催日が今日より前の日付です'});

/** 各時期の「時期」と「日付」を表示のとおりに読む。 */
const shownDates = (page: Page) =>
  milestones(page).evaluateAll((items) =>
    items.map((item) => ({
      label: item.querySelector('p > span')?.textContent ?? '',
      shown: item.querySelector('time')?.textContent ?? '',
      iso: item.querySelector('time')?.getAttribute('datetime') ?? '',
    })),
  );

/** 時計を now に止めてページを開き、開催日の欄に触れてプランナーのコードが届くまで待つ。 */
async function openPlanner(page: Page, now = '2026-04-01T12:00:00+09:00'): Promise<void> {
  await page.clock.setFixedTime(new Date(now));
  await page.goto(routes.host);
  await waitForHydration(page);
  const chunk = page.waitForResponse(plannerChunk);
  await dateField(page).focus();
  await chunk;
}

test.describe('JavaScript なし', () => {
  test.use({javaScriptEnabled: false});

  test('スケジュールの表は HTML にあり、プランナーは JavaScript が要ると伝える', async ({page}) => {
    await page.goto(routes.host);
    const rows = page.locator('article table', {has: page.locator('th', {hasText: '時期'})});
    await expect(rows.locator('tbody tr')).toHaveCount(schedule.length);
    await expect(rows.locator('tbody tr').first()).toContainText(
      '3か月前おおまかなエリアと規模を決める、スタッフ集めを始める',
    );
    // Playwright の「JS なし」はスクリプトを止めるだけで <noscript> を描かないので、HTML で確かめる
    expect(await page.locator('noscript').allTextContents()).toContainEqual(
      expect.stringContaining('プランナーを使うには JavaScript を有効にしてください'),
    );
    await expect(page.locator('#host-planner')).toHaveText('開催準備プランナー');
  });
});

test('プランナーのコードはページを開いただけでは取らず、開催日の欄に触れたときに取る', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(routes.host);
  await waitForPageReady(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  expect(requested.filter((url) => plannerChunk.test(url))).toEqual([]);

  const chunk = page.waitForRequest(plannerChunk);
  await dateField(page).focus();
  await chunk;
});

test('開催日を入れると5つの時期が曜日つきの日付で並び、上の内容は動かない', async ({page}) => {
  await openPlanner(page);
  const heading = page.locator('#host-planner');
  const top = () => heading.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  const before = await top();
  await dateField(page).fill('2026-05-31');
  await expect(milestones(page)).toHaveCount(schedule.length);
  expect(await shownDates(page)).toEqual(may31Plan);
  for (const [index, milestone] of schedule.entries()) {
    await expect(milestones(page).nth(index).locator('ul > li')).toHaveText([...milestone.tasks]);
  }
  // 今日（2026年4月1日）より前の時期には印がつき、開催日が先なので過去の日付の知らせは出ない
  await expect(checklist(page).getByText('今日より前')).toHaveCount(2);
  await expect(pastNotice(page)).toHaveCount(0);
  expect(await top()).toEqual(before);
});

test('月末とうるう年: 画面でも5月31日の3か月前は2月の月末になる', async ({page}) => {
  await openPlanner(page);
  const cases = [
    ['2028-05-31', '2028年2月29日（火）', '2028年5月24日（水）'],
    ['2027-05-31', '2027年2月28日（日）', '2027年5月24日（月）'],
    ['2028-03-06', '2027年12月6日（月）', '2028年2月28日（月）'],
  ] as const;
  for (const [value, threeMonths, oneWeek] of cases) {
    await dateField(page).fill(value);
    await expect(milestones(page).nth(0).locator('time')).toHaveText(threeMonths);
    await expect(milestones(page).nth(3).locator('time')).toHaveText(oneWeek);
  }
});

test('空・途中まで・範囲外の日付は日本語で知らせ、正しい日付に直せば予定が出る', async ({page}) => {
  await openPlanner(page);
  const field = dateField(page);
  await field.fill('2026-05-31');
  await expect(milestones(page)).toHaveCount(schedule.length);

  await field.fill('');
  await expect(alert(page)).toHaveText(dateMessages.empty);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(checklist(page)).toHaveCount(0);

  await field.fill('1999-12-31');
  await expect(alert(page)).toHaveText(dateMessages.outOfRange);

  // 日付の一部を消すと、ブラウザーは値を空にして「途中まで」の状態にする
  await field.fill('2026-05-31');
  await field.focus();
  await page.keyboard.press('Backspace');
  await expect(alert(page)).toHaveText(dateMessages.incomplete);

  await field.fill('2026-05-31');
  await expect(alert(page)).toHaveCount(0);
  await expect(field).toHaveAttribute('aria-invalid', 'false');
  await expect(milestones(page)).toHaveCount(schedule.length);
  expect(await page.evaluate(() => document.title)).toContain('鬼ごっこの開催');
});

test('過去の開催日も予定は出し、その旨を知らせる', async ({page}) => {
  await openPlanner(page, '2026-06-15T10:00:00+09:00');
  await dateField(page).fill('2026-05-31');
  await expect(pastNotice(page)).toBeVisible();
  expect(await shownDates(page)).toEqual(may31Plan);
});

test('.ics を保存すると、5件の終日の予定が入った RFC 5545 のファイルになる', async ({page}) => {
  await openPlanner(page);
  await dateField(page).fill('2026-05-31');
  const download = page.waitForEvent('download');
  await page.getByRole('button', {name: 'カレンダー用のファイルを保存'}).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('denki-schedule-2026-05-31.ics');
  const text = readFileSync(await file.path(), 'utf8');
  expect(lineProblems(text)).toEqual([]);
  const calendar = parseCalendar(text);
  expect(calendar.events.map((event) => [event.start, event.allDay])).toEqual(
    may31Plan.map((milestone) => [milestone.iso, true]),
  );
  expect(calendar.events[0]?.description).toContain('・おおまかなエリアと規模を決める');
});

test('キーボードだけで日付を入れ、.ics を保存し、印刷できる', async ({page}) => {
  await page.goto(routes.host);
  await waitForHydration(page);
  await page.evaluate(() => {
    window.print = () => document.documentElement.setAttribute('data-test-printed', '');
  });
  const field = dateField(page);
  for (let presses = 0; presses < 120; presses += 1) {
    if (await field.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(field).toBeFocused();
  // このテストの Chromium の日付欄は 月/日/年 の順
  await page.keyboard.type('05312026');
  await expect(milestones(page)).toHaveCount(schedule.length, {timeout: 15_000});
  expect(await shownDates(page)).toEqual(may31Plan);

  const save = page.getByRole('button', {name: 'カレンダー用のファイルを保存'});
  for (
    let presses = 0;
    presses < 5 && !(await save.evaluate((el) => el === document.activeElement));
    presses += 1
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(save).toBeFocused();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toBe('denki-schedule-2026-05-31.ics');

  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', {name: 'チェックリストを印刷'})).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-test-printed', '');
});

test('axe: 予定と誤りの表示で違反がない', async ({page}) => {
  test.setTimeout(120_000);
  await openPlanner(page, '2026-06-15T10:00:00+09:00');
  const check = async () => {
    const {violations} = await axeFor(page).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  };
  await dateField(page).fill('2026-05-31');
  await expect(pastNotice(page)).toBeVisible();
  await check();
  await dateField(page).fill('');
  await expect(alert(page)).toBeVisible();
  await check();
});

test.describe('オフライン', () => {
  test.use(registersServiceWorker);

  test('一度訪れたあとは、オフラインでもプランナーが使える', async ({page, context}) => {
    test.setTimeout(120_000);
    await page.goto(routes.host);
    await waitForHydration(page);
    const state = await page.evaluate(async () => {
      const {active} = await navigator.serviceWorker.ready;
      if (active?.state === 'activating') {
        await new Promise((done) => active.addEventListener('statechange', done, {once: true}));
      }
      return active?.state;
    });
    expect(state).toBe('activated');
    await context.setOffline(true);
    try {
      const offline = await context.newPage();
      await offline.goto(routes.host);
      await waitForHydration(offline);
      await dateField(offline).fill('2026-05-31');
      await expect(milestones(offline)).toHaveCount(schedule.length);
      expect(await shownDates(offline)).toEqual(may31Plan);
    } finally {
      await context.setOffline(false);
    }
  });
});

test('「チェックリストを印刷」は日付つきのチェックリストだけを A4 に印刷する', async ({page}) => {
  await openPlanner(page);
  await page.evaluate(() => {
    window.print = () => document.documentElement.setAttribute('data-test-printed', '');
  });
  await dateField(page).fill('2026-05-31');
  await page.getByRole('button', {name: 'チェックリストを印刷'}).click();
  await expect(page.locator('html')).toHaveAttribute('data-print-planner', '');

  const dir = mkdtempSync(path.join(tmpdir(), 'planner-print-'));
  try {
    const pdf = path.join(dir, 'checklist.pdf');
    writeFileSync(pdf, await page.pdf({format: 'A4', printBackground: true}));
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], {encoding: 'utf8'}).replace(
      /\s+/g,
      '',
    );
    for (const milestone of may31Plan) expect(text).toContain(milestone.shown);
    for (const task of schedule.flatMap((m) => m.tasks)) expect(text).toContain(task);
    expect(text).toContain('開催準備チェックリスト');
    for (const absent of [
      '公共交通機関',
      'ブログ',
      'チェックリストを印刷',
      '開催日を選ぶと',
      '時期やること',
    ]) {
      expect(text, absent).not.toContain(absent);
    }
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }

  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(page.locator('html')).not.toHaveAttribute('data-print-planner', '');
});
