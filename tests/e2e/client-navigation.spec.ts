/**
 * 移った先のページも欠けない（issue 55）: サイトの中のリンクで読み直さずに移ったページ（React がブラウザーで
 * 描く）が、同じ URL を直接開いたページ（サーバーの HTML をハイドレーションしたもの）と同じ中身を持つ。
 * ページの種類ごと（ホーム、ドキュメント、ブログの一覧、記事、タグのページ、アーカイブ）に、本文の文・見出し・
 * 画像・リンク、目次、サイドバー、タイトルを比べる。
 *
 * ハイドレーションを減らすために本文を「静的な部分木」にする変更が、ブラウザーでの描画では本文を空にしたり
 * 目次やサイドバーを落としたりすると、ここが失敗する。
 *
 * 費用: 1280 px で 7 回の読み込み（移り歩きの最初の 1 回と、比べる 6 ページの直接の読み込み）と 6 回の移動
 * （ほかの作業と 2 コアを分け合う機械で約 11 秒）。
 */
import {expect, test, type Page} from '@playwright/test';
import {routes, type RouteName} from '../../src/constants/site';
import {routeByName} from '../support/routes';
import {waitForPageReady} from '../../lib/page-ready';
import {viewports} from '../support/viewports';

test.use({viewport: viewports.desktop});

type PageContent = {
  readonly title: string;
  readonly text: string;
  readonly headings: string[];
  readonly images: string[];
  readonly links: string[];
  readonly toc: string[];
  readonly sidebar: string[];
};

/** ページの中で評価する: 比べる中身（空白は 1 つにまとめる）。 */
function pageContent(): PageContent {
  const normal = (text: string | null | undefined): string =>
    (text ?? '').replace(/\s+/g, ' ').trim();
  const main = document.querySelector('main');
  const all = (root: ParentNode | null, selector: string): Element[] =>
    root ? Array.from(root.querySelectorAll(selector)) : [];
  return {
    title: document.title,
    // 図の <style> の CSS は、ビルドが HTML の中でだけ縮めるので、文としては比べない。
    text: normal(
      (() => {
        const copy = main?.cloneNode(true) as Element | undefined;
        copy?.querySelectorAll('style, script').forEach((element) => element.remove());
        return copy?.textContent;
      })(),
    ),
    headings: all(main, 'h1, h2, h3, h4, h5, h6').map(
      (heading) => `${heading.localName}#${heading.id} ${normal(heading.textContent)}`,
    ),
    images: all(main, 'img, svg[role="img"]').map(
      (image) =>
        `${image.localName} ${image.getAttribute('src') ?? ''} ${image.getAttribute('alt') ?? image.getAttribute('aria-label') ?? ''}`,
    ),
    links: all(main, 'a[href]').map(
      (link) => `${link.getAttribute('href') ?? ''} ${normal(link.textContent)}`,
    ),
    toc: all(document, '.table-of-contents a').map(
      (link) => `${link.getAttribute('href') ?? ''} ${normal(link.textContent)}`,
    ),
    // ドキュメントのサイドバーの項目（開いたカテゴリーは前のページの状態を引き継ぐので、いちばん上の段と
    // いまのページのリンク）と、ブログのサイドバーの記事のリンク。
    sidebar: [
      ...all(document, '.theme-doc-sidebar-menu > li > :first-child').map(
        (item) => `項目 ${normal(item.textContent)}`,
      ),
      ...all(document, '.theme-doc-sidebar-menu a[aria-current="page"]').map(
        (link) => `いま ${link.getAttribute('href') ?? ''}`,
      ),
      ...all(document, 'aside nav a[href]').map(
        (link) => `ブログ ${link.getAttribute('href') ?? ''} ${normal(link.textContent)}`,
      ),
    ],
  };
}

/** 読み直さずに移ったかを見分ける印。 */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as {__sameDocument?: boolean}).__sameDocument = true;
  });
}

/**
 * ページの中のリンク（ナビバー、本文、サイドバー、フッター。お知らせバーの文は素の HTML のリンクで、
 * 読み直して移るので除く）を押し、読み直さずに path へ移って描き終えるまで待つ。
 */
async function followLink(page: Page, {path, name}: Step): Promise<void> {
  await page
    .locator('nav.navbar, main, aside, footer')
    .locator(`a[href="${path}"]:visible`)
    .first()
    .click();
  // URL は押したときに変わり、前のページは次のページのチャンクが届くまで残るので、見出しで待つ。
  await page.waitForFunction((target) => window.location.pathname === target, path);
  const {heading} = routeByName(name);
  await expect(page.locator('main h1').first()).toHaveText(heading);
  await page.waitForLoadState('networkidle');
  const same = await page.evaluate(
    () => (window as unknown as {__sameDocument?: boolean}).__sameDocument === true,
  );
  expect(same, `${path} へ読み直さずに移る`).toBe(true);
}

/** 移り歩く順（どれも前のページにあるリンク）。 */
const walk = [
  {kind: 'ブログの一覧', name: 'blog'},
  {kind: '記事', name: 'blogPost'},
  {kind: 'タグのページ', name: 'blogTagAnnouncement'},
  {kind: 'アーカイブ', name: 'blogArchive'},
  {kind: 'ドキュメント', name: 'intro'},
  {kind: 'ホーム', name: 'home'},
] as const satisfies readonly {kind: string; name: RouteName}[];

type Step = {readonly path: string; readonly name: RouteName};

test('リンクで読み直さずに移ったページは、直接開いたページと同じ本文・見出し・画像・リンク・目次・サイドバーを持つ', async ({
  page,
}) => {
  // 比べる相手: 同じ URL を直接開いたページ。
  const direct = new Map<string, PageContent>();
  for (const {kind, name} of walk) {
    const path = routes[name];
    await page.goto(path);
    await waitForPageReady(page);
    const content = await page.evaluate(pageContent);
    expect(content.text.length, `${kind} ${path}: 本文がある`).toBeGreaterThan(50);
    direct.set(path, content);
  }
  await page.goto(routes.home);
  await waitForPageReady(page);
  await markDocument(page);
  for (const {kind, name} of walk) {
    const path = routes[name];
    const expected = direct.get(path) as PageContent;
    await followLink(page, {path, name});
    // <title> は、Docusaurus の <Head>（react-helmet-async）が、React が描き終えた次のフレーム
    // （requestAnimationFrame）で書き換える。見出しが変わった直後に読むと、混んだ機械では前のページの題が残る。
    await expect(page, `${kind} ${path}: 題`).toHaveTitle(expected.title);
    expect.soft(await page.evaluate(pageContent), `${kind} ${path}`).toEqual(expected);
  }
});
