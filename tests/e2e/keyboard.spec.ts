/** キーボードだけで、スキップリンク・ナビバー・モバイルメニュー・サイドバー・目次・検索・お知らせバーを使う。 */
import {expect, test, type Page} from '@playwright/test';
import {routes} from '../../src/constants/site';
import {expectVisibleFocus, tabTo, tabToWithRing} from '../support/keyboard';
import {waitForHydration} from '../../lib/page-ready';
import {viewports} from '../support/viewports';

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** サイドバーの「アプリの使用方法」カテゴリの開閉ボタン。 */
const appCategoryToggle = (page: Page) =>
  page
    .locator('.theme-doc-sidebar-menu')
    .getByRole('button', {name: 'アプリの使用方法', exact: false})
    .first();

test.describe('keyboard at 1280px', () => {
  test.use({viewport: viewports.desktop});

  for (const path of [routes.home, routes.intro]) {
    test(`first Tab focuses the skip link and Enter moves the keyboard to the main content on ${path}`, async ({
      page,
    }) => {
      await open(page, path);
      await page.keyboard.press('Tab');
      await expectVisibleFocus(page.getByRole('link', {name: 'メインコンテンツまでスキップ'}));
      await page.keyboard.press('Enter');
      // 次の Tab はナビバーではなく本文の中に進む。
      await page.keyboard.press('Tab');
      const next = await page.evaluate(() => {
        const active = document.activeElement;
        return {
          inMain: active?.closest('main') !== null,
          inNavbar: active?.closest('.navbar') !== null,
        };
      });
      expect(next).toEqual({inMain: true, inNavbar: false});
    });
  }

  test('Enter on the skip link leaves the focus on the main element', async ({page}) => {
    await open(page, routes.intro);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    // スクリーンリーダーが本文を読み始められるよう、フォーカスは main に留まる（body に戻らない）。
    await expect(page.locator('main')).toBeFocused();
  });

  test('navbar links and the search button are reachable with a visible focus ring', async ({
    page,
  }) => {
    await open(page, routes.intro);
    const navbar = page.locator('nav.navbar');
    for (const name of ['ドキュメント', 'ブログ', '電鬼２']) {
      await tabToWithRing(page, navbar.getByRole('link', {name, exact: false}).first());
    }
    await open(page, routes.intro);
    await tabToWithRing(page, navbar.getByRole('link', {name: 'ブログ'}));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('the search button opens the search dialog with Enter and closes it with Escape', async ({
    page,
  }) => {
    await open(page, routes.intro);
    const search = page.locator('nav.navbar').getByRole('button', {name: '検索'});
    await tabToWithRing(page, search);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(search).toBeFocused();
  });

  test('a sidebar category expands and collapses with Enter', async ({page}) => {
    await open(page, routes.intro);
    const category = appCategoryToggle(page);
    await tabToWithRing(page, category);
    await expect(category).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Enter');
    await expect(category).toHaveAttribute('aria-expanded', 'false');
    await expect(page).toHaveURL(new RegExp(`${routes.intro}$`));
    await page.keyboard.press('Enter');
    await expect(category).toHaveAttribute('aria-expanded', 'true');
  });

  test('a sidebar category expands and collapses with Space', async ({page}) => {
    await open(page, routes.intro);
    const category = appCategoryToggle(page);
    await tabTo(page, category);
    await page.keyboard.press('Space');
    await expect(category).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(category).toHaveAttribute('aria-expanded', 'true');
  });

  test('sidebar links are reachable with a visible focus ring', async ({page}) => {
    await open(page, routes.intro);
    const sidebar = page.locator('.theme-doc-sidebar-menu');
    await tabToWithRing(page, sidebar.getByRole('link', {name: '開催事例'}));
  });

  test('TOC links are reachable and Enter jumps to their heading', async ({page}) => {
    await open(page, routes.intro);
    const tocLinks = page.locator('.theme-doc-toc-desktop a.table-of-contents__link');
    expect(await tocLinks.count()).toBeGreaterThan(1);
    const second = tocLinks.nth(1);
    const hash = (await second.getAttribute('href')) ?? '';
    expect(hash).toMatch(/^#[a-z0-9-]+$/);
    await tabToWithRing(page, second);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${hash}$`));
    await expect(page.locator(hash)).toBeInViewport();
  });

  test('the announcement bar close button is reachable and closes the bar', async ({page}) => {
    await open(page, routes.home);
    const bar = page.locator('.theme-announcement-bar');
    await expect(bar).toBeVisible();
    const close = bar.getByRole('button', {name: '閉じる'});
    await tabToWithRing(page, close);
    await page.keyboard.press('Enter');
    await expect(bar).toBeHidden();
  });
});

test.describe('keyboard at 390px', () => {
  test.use({viewport: viewports.mobile});

  async function openMobileMenu(page: Page): Promise<void> {
    await open(page, routes.intro);
    const toggle = page.locator('.navbar__toggle');
    await tabToWithRing(page, toggle);
    await page.keyboard.press('Enter');
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
  }

  test('the mobile menu opens, goes back to the main menu and closes by keyboard', async ({
    page,
  }) => {
    await openMobileMenu(page);
    const sidebar = page.locator('.navbar-sidebar');
    const back = sidebar.getByRole('button', {name: /メインメニューに戻る/});
    await tabToWithRing(page, back);
    await page.keyboard.press('Enter');
    const primary = sidebar.locator('.navbar-sidebar__item').first();
    await expect(primary.getByRole('link', {name: 'ブログ'})).toBeVisible();
    await tabToWithRing(page, primary.getByRole('link', {name: 'ブログ'}));
    const close = sidebar.locator('.navbar-sidebar__close');
    await tabToWithRing(page, close);
    await page.keyboard.press('Enter');
    await expect(sidebar).toBeHidden();
  });

  test('the mobile menu closes with Escape', async ({page}) => {
    await openMobileMenu(page);
    await page.keyboard.press('Escape');
    await expect(page.locator('.navbar-sidebar')).toBeHidden();
    await expect(page.locator('.navbar__toggle')).toBeFocused();
  });
});
