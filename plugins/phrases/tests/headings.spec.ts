/**
 * 項目12: 見出し・ヒーロー・カード名は文節の途中で折り返さない（320 / 390 / 1280 px）。
 * Chromium のほか、auto-phrase の規則をスタイルシートから外して WebKit と Gecko の状態でも確かめる。
 */
import {expect, test} from '@playwright/test';
import {routes, site} from '../../../src/constants/site';
import {waitForHydration} from '../../../lib/page-ready';
import {brokenPhrases, brokenPhrasesAt, dropAutoPhrase} from './auto-phrase';
import {notFound, unknownPaths} from '../../../tests/support/routes';

const widths = [320, 390, 1280] as const;

test('文節: 調べる関数は文節の途中の折り返しを見つけ、文節の間の折り返しは数えない', async ({
  page,
}) => {
  await page.setContent(`<!doctype html><html lang="ja"><body style="margin:0">
    <div style="width:260px;font:20px/1.5 'Noto Sans CJK JP',sans-serif">
      <h2 class="phrases" style="font-size:20px;word-break:keep-all">電鬼の<wbr>公式ドキュメントサイトを<wbr>公開しました</h2>
      <h2 style="font-size:20px">自分の街でも開催してみましょう</h2>
      <h3 style="font-size:20px">参加者の声</h3>
    </div></body></html>`);
  const problems = await brokenPhrases(page);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/^h2「自分の街でも.+\/.+う」$/);

  await page.locator('h2.phrases').evaluate((heading) => {
    heading.style.wordBreak = 'normal';
  });
  const withoutKeepAll = await brokenPhrases(page);
  expect(withoutKeepAll.some((problem) => problem.startsWith('h2「電鬼の公式'))).toBe(true);
});

test('文節: 見つからないページの見出しも文節で区切り、途中で折り返さない', async ({page}) => {
  await page.goto(unknownPaths[0]);
  await waitForHydration(page);
  const heading = page.getByRole('heading', {level: 1, name: notFound.heading, exact: true});
  await expect(heading.locator('wbr')).not.toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await dropAutoPhrase(page);
  const problems: string[] = [];
  for (const width of widths) problems.push(...(await brokenPhrasesAt(page, width)));
  expect(problems).toEqual([]);
});

test('文節: 区切りは見た目だけで、見出しの名前・目次（区切りあり）・リンク名・ページの題は元の文字のまま', async ({
  page,
}) => {
  await page.goto(routes.organizerGameSetup);
  await waitForHydration(page);
  const title = page.getByRole('heading', {level: 1, name: 'ゲームの作成（主催者）', exact: true});
  await expect(title.locator('wbr')).toHaveCount(2);

  const step = page.getByRole('heading', {level: 2, name: 'ステップ4：アイテム（任意）'});
  await expect(step.locator('wbr')).not.toHaveCount(0);
  await expect(step.locator('a.hash-link')).toHaveAttribute(
    'aria-label',
    'ステップ4：アイテム（任意） への直接リンク',
  );
  const tocLink = page.locator('.table-of-contents a[href="#items"]').first();
  await expect(tocLink).toHaveText('ステップ4：アイテム（任意）');
  await expect(tocLink).toHaveAccessibleName('ステップ4：アイテム（任意）');
  await expect(tocLink.locator('wbr')).not.toHaveCount(0);
  await expect(page).toHaveTitle(`ゲームの作成（主催者） ${site.titleDelimiter} ${site.title}`);
});

test('文節: ホームのキャッチコピーとカード名、ブログの記事名にも区切りが入る', async ({page}) => {
  await page.goto(routes.home);
  await expect(page.getByText(site.tagline, {exact: true}).locator('wbr')).not.toHaveCount(0);
  const card = page.getByRole('heading', {level: 3, name: '誰でも主催できる'});
  await expect(card.locator('wbr')).toHaveCount(1);

  await page.goto(routes.blogPost);
  const postTitle = page.getByRole('heading', {
    level: 1,
    name: '電鬼の公式ドキュメントサイトを公開しました',
  });
  await expect(postTitle.locator('wbr')).toHaveCount(2);
});

test('文節: 読み直さずに移ったページでも、ドキュメントと記事の題は文節で区切る（題の文節はそのページが運ぶ）', async ({
  page,
}) => {
  await page.goto(routes.intro);
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as {samePage: boolean}).samePage = true;
  });
  await page.locator('.menu').getByRole('link', {name: 'ゲームの作成', exact: true}).click();
  const docTitle = page.getByRole('heading', {
    level: 1,
    name: 'ゲームの作成（主催者）',
    exact: true,
  });
  await expect(docTitle.locator('wbr')).toHaveCount(2);

  await page.locator('.navbar').getByRole('link', {name: 'ブログ'}).click();
  const listed = page.getByRole('heading', {
    level: 2,
    name: '電鬼の公式ドキュメントサイトを公開しました',
  });
  await expect(listed.locator('wbr')).toHaveCount(2);
  await listed.getByRole('link').click();
  const postTitle = page.getByRole('heading', {
    level: 1,
    name: '電鬼の公式ドキュメントサイトを公開しました',
  });
  await expect(postTitle.locator('wbr')).toHaveCount(2);
  // 一度も読み直していない（クライアント側の移動だけで描いた）。
  expect(await page.evaluate(() => (window as unknown as {samePage?: boolean}).samePage)).toBe(
    true,
  );
});
