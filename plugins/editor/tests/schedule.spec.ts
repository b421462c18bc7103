/**
 * 公開予約の知らせ（issue 66 の 4、client/schedule.tsx）: 日付が今日（日本時間）より後の記事に、エディターが
 * 「12月5日に公開されます」と出す。記事の一覧の行、記事の画面の日付の欄の下、ワークフローのカード。今日までの記事には
 * 何も出さない。
 * 390 px で、decap-server（git モード）につないだリポジトリーの一時的な複製に、明日と来年の記事を足して開く。
 * ブラウザーの時計は日本時間の 2026 年 12 月 4 日の夜（UTC では同じ日の昼）に止める（page.clock）。
 * かかる時間: 約 25 秒（複製の用意が約 3 秒、一覧と 3 つの記事の画面、新しい記事の保存とワークフロー）。
 */
import {expect, test} from './fixture';
import {createEditorRepo, type EditorRepo} from '../../../lib/editor-repo';
import {existingPosts} from './committed';
import {choose, dateField, phone, save, setDate, signIn} from './editor-page';

test.use({serviceWorkers: 'block'});

let repo: EditorRepo;

/** 足す記事（フォルダー、題、日付）。 */
const tomorrowPost = {dir: '2026-12-05-entry-open', title: '参加者の募集を始めました'};
const nextYearPost = {dir: '2027-01-10-new-year', title: '新年の電鬼のお知らせ'};

const postFile = (title: string, date: string) => `---
title: ${title}
authors: [matsuri]
tags: [announcement]
date: ${date}
description: お知らせです。
---

お知らせです。

<!-- truncate -->

本文です。
`;

test.beforeAll(async () => {
  repo = await createEditorRepo();
  repo.copy.write(`blog/${tomorrowPost.dir}/index.md`, postFile(tomorrowPost.title, '2026-12-05'));
  repo.copy.write(`blog/${nextYearPost.dir}/index.md`, postFile(nextYearPost.title, '2027-01-10'));
  await repo.git('add', '-A');
  await repo.git('commit', '-q', '-m', '予約した記事');
});

test.afterAll(async () => {
  await repo?.remove();
});

test.beforeEach(async ({page}) => {
  // 日本時間の 12 月 4 日 22 時（UTC では 13 時）。日本時間で日付を決めていなければ、UTC の日付でも同じ 4 日。
  // 日本時間の 5 日 0 時 30 分（UTC では 4 日 15 時 30 分）の確かめは、下のテストで時計を進める。
  await page.clock.setFixedTime(new Date('2026-12-04T22:00:00+09:00'));
  await page.setViewportSize(phone);
});

test('390 px: 記事の一覧の、日付が明日以降の記事の行に「○月○日に公開されます」が出て、今日までの記事には出ない', async ({
  page,
}, testInfo) => {
  const [past] = existingPosts().filter((post) => post.dir < '2026-12-05');
  if (!past) throw new Error('今日までの記事がありません');
  await signIn(page, repo.editorUrl('', '#/collections/blog'));
  const row = (title: string) => page.getByRole('listitem').filter({hasText: title});
  await expect(row(tomorrowPost.title)).toContainText('12月5日に公開されます');
  await expect(row(nextYearPost.title)).toContainText('2027年1月10日に公開されます');
  await expect(row(past.title)).toBeVisible();
  await expect(row(past.title)).not.toContainText('公開されます');
  await page.screenshot({path: testInfo.outputPath('list-390.png'), fullPage: true});
});

test('390 px: 記事の画面の日付の下に「○月○日に公開されます」が出て、日付を今日にすると消える', async ({
  page,
}, testInfo) => {
  const [past] = existingPosts().filter((post) => post.dir < '2026-12-05');
  if (!past) throw new Error('今日までの記事がありません');
  await signIn(page, repo.editorUrl('', `#/collections/blog/entries/${tomorrowPost.dir}/index`));
  const title = page.getByLabel('題', {exact: true});
  await expect(title).toHaveValue(tomorrowPost.title, {timeout: 30_000});
  const note = page.locator('.denki-date').getByText('12月5日に公開されます');
  await expect(note).toBeVisible();
  await page.screenshot({path: testInfo.outputPath('form-390.png')});
  // 日付を今日（4 日）にすると、知らせは消える（保存はしない）。
  await setDate(page, 2026, 12, 4);
  await expect(dateField(page, '日')).toHaveValue('4');
  await expect(page.locator('.denki-date')).toContainText('記事の日付: 2026年12月4日');
  await expect(page.locator('.denki-date')).not.toContainText('公開されます');

  // 今日までの記事には出ない。
  await page.goto(repo.editorUrl('', '#/collections/blog'));
  await page.getByRole('listitem').filter({hasText: past.title}).click();
  await expect(title).toHaveValue(past.title, {timeout: 30_000});
  await expect(page.locator('.denki-date')).toContainText('記事の日付:');
  await expect(page.locator('.denki-date')).not.toContainText('公開されます');
});

test('今日は日本時間で決める: 日本時間の 12 月 5 日 0 時 30 分（UTC ではまだ 4 日）には、5 日の記事に知らせが出ない', async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date('2026-12-05T00:30:00+09:00'));
  await signIn(page, repo.editorUrl('', '#/collections/blog'));
  const row = (title: string) => page.getByRole('listitem').filter({hasText: title});
  await expect(row(nextYearPost.title)).toContainText('2027年1月10日に公開されます');
  await expect(row(tomorrowPost.title)).toBeVisible();
  await expect(row(tomorrowPost.title)).not.toContainText('公開されます');
});

test('390 px: 日付が先の新しい記事を保存すると、ワークフローのカードにも「○月○日に公開されます」が出る', async ({
  page,
}, testInfo) => {
  await signIn(page, repo.editorUrl('', '#/collections/blog/new'));
  const title = '冬の電鬼の参加者の募集';
  await page.getByLabel('題', {exact: true}).fill(title);
  await setDate(page, 2026, 12, 10);
  await expect(page.locator('.denki-date')).toContainText('12月10日に公開されます');
  const urlName = page.getByLabel('URL の名前', {exact: true});
  await urlName.fill('winter-entry');
  await expect(urlName).toHaveValue('winter-entry');
  await choose(page, '書いた人', 'まつり（matsuri）');
  await page.getByLabel('説明', {exact: true}).fill('参加者の募集のお知らせです。');
  await page.getByLabel('本文', {exact: true}).fill('参加者を募集します。\n\n');
  await save(page);
  await expect(page.getByRole('button', {name: 'ステータス: 下書き'})).toBeVisible({
    timeout: 30_000,
  });
  await page.goto(repo.editorUrl('', '#/workflow'));
  const card = page.getByRole('link', {name: new RegExp(title)});
  await expect(card).toContainText('12月10日に公開されます');
  await page.screenshot({path: testInfo.outputPath('workflow-390.png')});
});
