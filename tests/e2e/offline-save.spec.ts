/**
 * 読者の通信量（issue 11）: データセーバーでは裏で何も取らない、「オフラインで読めるように保存」
 * （量の表示・進み具合・完了・削除・接続切れ・容量不足）、オフラインの表示とオフライン用ページ。
 */
import {appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test, type BrowserContext, type Page} from '@playwright/test';
import type {SaveList} from '../../plugins/pwa/save-list';
import {routes} from '../../src/constants/site';
import {connections, fakeConnection} from '../support/connection';
import {waitForHydration} from '../support/page-ready';
import {serveBuild} from '../support/test-routes-build';

const saveList = JSON.parse(readFileSync('build/offline-save.json', 'utf8')) as SaveList;
const sizeText = `約 ${(saveList.bytes / (1024 * 1024)).toFixed(1)} MB`;
const saveButton = 'オフラインで読めるように保存';
const offlinePageHeading = 'オフラインのため、このページは開けません';

const mainHeading = (page: Page) => page.locator('main h1, article h1').first();

/** データセーバーの端末: Save-Data ヘッダーと navigator.connection.saveData。 */
async function emulateSaveData(context: BrowserContext): Promise<void> {
  await context.setExtraHTTPHeaders({'Save-Data': 'on'});
  await context.addInitScript(fakeConnection, connections.saveData);
}

async function openSaveControl(page: Page): Promise<void> {
  await page.goto(routes.participantGuide);
  await waitForHydration(page);
  await page.getByRole('button', {name: saveButton}).click();
  await expect(page.getByText(sizeText).first()).toBeVisible();
}

async function saveEverything(page: Page): Promise<void> {
  await openSaveControl(page);
  await page.getByRole('button', {name: /保存を始める/}).click();
  await expect(page.getByRole('status').filter({hasText: '保存が終わりました'})).toBeVisible({
    timeout: 60_000,
  });
}

const heldFile = '**/pagefind/wasm.unknown.pagefind';

/** 保存中の 1 ファイルの応答を止めておく。release で通すか、電波が切れたように落とす。 */
async function holdFile(context: BrowserContext) {
  let reached: () => void = () => undefined;
  let release: (outcome: 'continue' | 'drop') => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  const outcome = new Promise<'continue' | 'drop'>((resolve) => (release = resolve));
  await context.route(heldFile, async (route) => {
    reached();
    if ((await outcome) === 'continue') await route.continue();
    else await route.abort('internetdisconnected');
  });
  return {arrived, release};
}

/** データセーバーの端末で保存を始め、1 ファイルを止めたところで返す。 */
async function startSaveWithHeldFile(page: Page, context: BrowserContext) {
  await emulateSaveData(context);
  await openSaveControl(page);
  const held = await holdFile(context);
  await page.getByRole('button', {name: /保存を始める/}).click();
  await held.arrived;
  return held;
}

/** オフラインにして新しいタブで route を開き、check する。終われば回線を戻す。 */
async function openOffline(
  context: BrowserContext,
  route: string,
  check: (fresh: Page) => Promise<void>,
): Promise<void> {
  await context.setOffline(true);
  try {
    const fresh = await context.newPage();
    await fresh.goto(route);
    await check(fresh);
  } finally {
    await context.setOffline(false);
  }
}

test.describe('data plan and offline reading', () => {
  test.describe.configure({timeout: 120_000});

  test('Save-Data: the first visit registers no service worker and precaches nothing', async ({
    page,
    context,
  }) => {
    await emulateSaveData(context);
    const background: string[] = [];
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (request.serviceWorker() || url.pathname === '/sw.js') background.push(url.pathname);
    });
    await page.goto(routes.participantGuide);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    // 登録は読み込みの後に非同期で走るので、少し待ってからも何も起きていないことを見る。
    await page.waitForTimeout(3_000);
    expect(background).toEqual([]);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0);
    await expect(mainHeading(page)).toBeVisible();
  });

  test('the save control states the size, shows progress, and a never-visited page then opens offline', async ({
    page,
    context,
  }) => {
    // 1 ファイルを止めておき、その間に進み具合のバーを確かめる。
    const held = await startSaveWithHeldFile(page, context);
    const progress = page.getByRole('progressbar', {name: 'オフライン用の保存の進み具合'});
    await expect(progress).toBeVisible();
    await expect(page.getByRole('status').filter({hasText: '保存しています'})).toBeVisible();
    held.release('continue');
    await expect(page.getByRole('status').filter({hasText: '保存が終わりました'})).toBeVisible({
      timeout: 60_000,
    });
    await expect(progress).toHaveCount(0);

    await openOffline(context, routes.blogPost, async (blog) => {
      await waitForHydration(blog);
      await expect(mainHeading(blog)).toBeVisible();
      await expect(mainHeading(blog)).not.toHaveText(offlinePageHeading);
      await expect(
        blog.getByText('オフラインです。保存してある内容を表示しています。'),
      ).toBeVisible();
    });
  });

  test('the saved copy can be removed; an unsaved page offline shows the Japanese offline page', async ({
    page,
    context,
  }) => {
    await emulateSaveData(context);
    await saveEverything(page);
    await page.getByRole('button', {name: '保存した内容を削除'}).click();
    await expect(page.getByText('保存した内容を削除しました。')).toBeVisible();
    expect(await page.evaluate(() => caches.has('denki-offline-save'))).toBe(false);
    await expect(page.getByRole('button', {name: saveButton})).toBeVisible();

    await openOffline(context, routes.blogPost, async (blog) => {
      await expect(blog.getByRole('heading', {level: 1})).toHaveText(offlinePageHeading);
      await expect(blog.locator('html')).toHaveAttribute('lang', 'ja');
      // 保存してあるページ（裏で取ったドキュメント）へのリンクから、読める所へ戻れる。
      await blog
        .getByRole('link', {name: /はじめに|電鬼/})
        .first()
        .click();
      await waitForHydration(blog);
      await expect(mainHeading(blog)).not.toHaveText(offlinePageHeading);
    });
  });

  test('a dropped connection stops the save without claiming it is complete, and it resumes', async ({
    page,
    context,
  }) => {
    // 保存の途中で電波が切れる: 1 ファイルを止めている間にオフラインにし、そのファイルも落とす。
    // Service Worker 経由の要求は落とした知らせが届かないことがあるので、そのときは
    // 保存側のファイルごとの待ち時間（src/pwa/save.ts の fileTimeoutMs、30 秒）で止まるのを待つ。
    const held = await startSaveWithHeldFile(page, context);
    await context.setOffline(true);
    held.release('drop');
    await expect(page.getByRole('alert')).toContainText('接続が切れたため', {timeout: 50_000});
    await context.setOffline(false);
    await context.unroute(heldFile);
    await expect(page.getByText('保存が終わりました')).toHaveCount(0);

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('alert')).toContainText('前回の保存は途中で止まっています');

    await page.getByRole('button', {name: '続きから保存'}).click();
    await page.getByRole('button', {name: /保存を始める/}).click();
    await expect(page.getByRole('status').filter({hasText: '保存が終わりました'})).toBeVisible({
      timeout: 60_000,
    });
  });

  test('a storage quota error gives a clear message and leaves nothing half saved', async ({
    page,
    context,
  }) => {
    await emulateSaveData(context);
    await context.addInitScript(() => {
      const put = Cache.prototype.put;
      let calls = 0;
      Cache.prototype.put = function (this: Cache, request, response) {
        calls += 1;
        if (calls > 5) return Promise.reject(new DOMException('full', 'QuotaExceededError'));
        return put.call(this, request, response);
      };
    });
    await openSaveControl(page);
    await page.getByRole('button', {name: /保存を始める/}).click();
    // 6 件目の保存で容量不足になる。そこまでの取得と Service Worker の登録は、混んだ CI では 5 秒を超える。
    await expect(page.getByRole('alert')).toContainText('空き容量が足りない', {timeout: 30_000});
    expect(await page.evaluate(() => caches.has('denki-offline-save'))).toBe(false);
    // 読むことはそのまま続けられる。
    await page.getByRole('link', {name: '開催事例'}).first().click();
    await expect(mainHeading(page)).toHaveText('開催事例');
  });

  test('offline, a page read from the cache says so discreetly', async ({page, context}) => {
    await page.goto(routes.intro);
    await waitForHydration(page);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const worker = registration.active;
      if (worker && worker.state !== 'activated') {
        await new Promise((resolve) => worker.addEventListener('statechange', resolve));
      }
    });
    const notice = 'オフラインです。保存してある内容を表示しています。';
    await expect(page.getByText(notice)).toHaveCount(0);
    await openOffline(context, routes.appIntro, async (fresh) => {
      await waitForHydration(fresh);
      await expect(fresh.getByRole('status').filter({hasText: notice})).toBeVisible();
    });
    await expect(page.getByText(notice)).toHaveCount(0);
  });

  test('a new service worker still brings the update prompt, and 更新 reloads into it', async ({
    page,
  }) => {
    // 次のデプロイを装うため、ビルドの複製を配信し、その sw.js だけを書き換える。
    const copy = mkdtempSync(path.join(tmpdir(), 'denki-sw-update-'));
    cpSync('build', copy, {recursive: true});
    const site = await serveBuild(copy);
    try {
      await page.goto(`${site.baseURL}${routes.intro}`);
      await waitForHydration(page);
      await page.evaluate(() => navigator.serviceWorker.ready);
      appendFileSync(path.join(copy, 'sw.js'), '\n// next deploy\n');
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      await expect(page.getByText('新しいバージョンがあります')).toBeVisible({timeout: 30_000});
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', {name: '更新'}).click();
      await reloaded;
      await waitForHydration(page);
      await expect(mainHeading(page)).toBeVisible();
    } finally {
      await site.close();
      rmSync(copy, {recursive: true, force: true});
    }
  });
});
