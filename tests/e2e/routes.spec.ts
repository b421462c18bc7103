/**
 * 項目1: すべてのルートが 200 で中身を返し、それ以外は日本語の 404 ページになる。ルートごとの状態・h1・本文は
 * ページ監査（page-audit.spec.ts）が調べる。ここではタグ、404、入口、サイドバーを確かめる。
 */
import {expect, test, type Page} from '@playwright/test';
import {blogSidebarPosts, routes} from '../../src/constants/site';
import {waitForHydration} from '../../lib/page-ready';
import {docRoutes, notFound, unknownPaths} from '../support/routes';

const mainContent = (page: Page) => page.locator('#__docusaurus_skipToContent_fallback');

test.describe('ルート: タグページは日本語のラベルを表示する', () => {
  const tags = [
    {path: routes.blogTagAnnouncement, label: 'お知らせ'},
    {path: routes.blogTagUpdate, label: 'アップデート'},
  ] as const;
  for (const {path, label} of tags) {
    test(`${path} の見出しはラベル「${label}」を含み、件件と重ならない`, async ({page}) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const h1 = page.getByRole('heading', {level: 1});
      await expect(h1).toContainText(label);
      await expect(h1).not.toContainText('件件');
      await expect(mainContent(page).locator('article')).toHaveCount(1);
    });
  }
});

test.describe('ルート: 未知のパスは 404 と日本語の「見つかりません」ページ', () => {
  for (const path of unknownPaths) {
    test(`${path} は 404 でリンク元への依頼文を表示する`, async ({page}) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(notFound.heading);
      await expect(mainContent(page)).toContainText(notFound.askOwner);
      await expect(page).toHaveTitle(new RegExp(`^${notFound.heading}`));
    });
  }
});

test('ルート: /docs は各セクションへのリンクを持つ入口ページ', async ({page}) => {
  const response = await page.goto(routes.docs);
  expect(response?.status()).toBe(200);
  const article = page.locator('article');
  await expect(article.getByRole('heading', {level: 1})).toHaveText('ドキュメント');
  const sections = docRoutes.filter((route) => route.path !== routes.docs);
  for (const section of sections) {
    const link = article.locator(`a[href="${section.path}"]`).first();
    await expect(link, `${section.path} へのリンク`).toBeVisible();
  }
  // 入口ページは docs のレイアウトの中の 404 ではない
  await expect(page.getByText(notFound.heading)).toHaveCount(0);
  await expect(page.locator('.theme-doc-sidebar-container')).toBeVisible();
});

/** 表示中の docs サイドバーのリンク先をすべて返す（カテゴリは展開して数える）。 */
async function sidebarHrefs(page: Page): Promise<string[]> {
  const sidebar = page.locator('.theme-doc-sidebar-container nav.menu');
  await expect(sidebar).toHaveCount(1);
  return sidebar
    .locator('a.menu__link[href]:not([href="#"])')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

test('ルート: すべての docs ページが同じ1つのサイドバーを表示し、全 docs を含む', async ({
  page,
}) => {
  test.slow();
  let reference: string[] | undefined;
  for (const route of docRoutes) {
    await page.goto(route.path);
    const hrefs = await sidebarHrefs(page);
    if (reference === undefined) {
      reference = hrefs;
      expect([...hrefs].sort()).toEqual(docRoutes.map((doc) => doc.path).sort());
    } else {
      expect(hrefs, `${route.path} のサイドバー`).toEqual(reference);
    }
  }
});

test('ルート: サイドバーの「アプリの使用方法」カテゴリはクリックで折りたたみ・展開できる', async ({
  page,
}) => {
  await page.goto(routes.intro);
  // JS は最初の描画のあとで動くので、ハイドレーションが済んでから押す。
  await waitForHydration(page);
  const sidebar = page.locator('.theme-doc-sidebar-container');
  const category = sidebar.getByRole('button', {name: 'アプリの使用方法'});
  const child = sidebar.locator(`a[href="${routes.accountSetup}"]`);
  await expect(category).toHaveAttribute('aria-expanded', 'true');
  await expect(child).toBeVisible();

  await category.click();
  await expect(category).toHaveAttribute('aria-expanded', 'false');
  await expect(child).toBeHidden();

  await category.click();
  await expect(category).toHaveAttribute('aria-expanded', 'true');
  await expect(child).toBeVisible();
});

test(`ルート: ブログのサイドバーは最近の記事（${blogSidebarPosts} 件まで）と、すべての記事のアーカイブへのリンク`, async ({
  page,
}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await page.goto(routes.blogPost);
  const sidebar = page.getByRole('complementary', {name: '最近の記事'});
  const posts = sidebar.locator('a[href^="/blog/20"]');
  expect(await posts.count()).toBeGreaterThan(0);
  expect(await posts.count()).toBeLessThanOrEqual(blogSidebarPosts);
  const archive = sidebar.getByRole('link', {name: 'すべての記事（アーカイブ）'});
  await expect(archive).toHaveAttribute('href', routes.blogArchive);
  await archive.click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('アーカイブ');
});
