/** 項目5: ホームのヒーロー、2つの導線、3つの特長、390 px での表示、ブランド色のコントラスト。 */
import {expect, test, type Page} from '@playwright/test';
import {routes, site} from '../../src/constants/site';
import {
  AA_NORMAL_TEXT,
  contrastRatio,
  parseColor,
  readColors,
  worstContrast,
} from '../support/contrast';
import {viewports} from '../support/viewports';
import {waitForPageReady} from '../../lib/page-ready';

const hero = (page: Page) =>
  page.locator('header', {has: page.getByRole('heading', {level: 1})}).first();

const ctas = [
  {href: routes.intro, label: 'どんなイベント？'},
  {href: routes.appIntro, label: 'アプリの使い方'},
] as const;

test('ホーム: コントラスト比の計算は WCAG の既知の値と一致する', () => {
  const ratio = (a: string, b: string) => contrastRatio(parseColor(a), parseColor(b));
  expect(ratio('rgb(0, 0, 0)', 'rgb(255, 255, 255)')).toBeCloseTo(21, 5);
  expect(ratio('rgb(119, 119, 119)', 'rgb(255, 255, 255)')).toBeCloseTo(4.48, 2);
  expect(ratio('rgb(184, 139, 212)', 'rgb(255, 255, 255)')).toBeLessThan(AA_NORMAL_TEXT);
  expect(
    worstContrast({foreground: 'rgb(255, 255, 255)', backgrounds: ['rgb(255, 255, 255)']}),
  ).toBe(1);
});

test.describe('ホーム', () => {
  test.use({viewport: viewports.desktop});

  test('ヒーローに h1「電鬼」とキャッチコピーがある', async ({page}) => {
    await page.goto(routes.home);
    await expect(hero(page).getByRole('heading', {level: 1})).toHaveText(site.title);
    await expect(hero(page)).toContainText(site.tagline);
    await expect(hero(page).getByText(site.tagline)).toBeVisible();
  });

  test('2つの導線が /docs/intro と /docs/app-usage/intro へ向かう', async ({page}) => {
    await page.goto(routes.home);
    const buttons = hero(page).locator('a.button');
    await expect(buttons).toHaveCount(2);
    for (const [index, {href, label}] of ctas.entries()) {
      await expect(buttons.nth(index)).toHaveAttribute('href', href);
      await expect(buttons.nth(index)).toHaveText(label);
      await expect(buttons.nth(index)).toBeVisible();
    }
    await buttons.nth(1).click();
    await expect(page).toHaveURL(routes.appIntro);
  });

  test('3つの特長のカードがそれぞれ SVG のアイコンと内容を持つ', async ({page}) => {
    await page.goto(routes.home);
    const cards = page.locator('li', {has: page.getByRole('heading', {level: 3})});
    await expect(cards).toHaveCount(3);
    const expectations = [
      ['スマートフォン', 'インストール', 'アカウント'],
      ['街', '電車', 'バス'],
      ['主催', 'ミッション', 'イベント'],
    ] as const;
    for (const [index, words] of expectations.entries()) {
      const card = cards.nth(index);
      const icon = card.locator('svg').first();
      await expect(icon).toBeVisible();
      const box = await icon.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(24);
      for (const word of words) await expect(card).toContainText(word);
    }
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    test(`${viewport.width} px で横スクロールが出ない`, async ({page}) => {
      await page.setViewportSize(viewport);
      await page.goto(routes.home);
      await waitForPageReady(page);
      const size = await page.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        return {scrollWidth: root.scrollWidth, clientWidth: root.clientWidth};
      });
      expect(size.scrollWidth, `${name} の横幅`).toBeLessThanOrEqual(size.clientWidth);
      await expect(hero(page).locator('a.button').first()).toBeInViewport();
    });
  }

  test('導線ボタンの文字と背景のコントラスト比が 4.5 以上', async ({page}) => {
    await page.goto(routes.home);
    const buttons = hero(page).locator('a.button');
    for (let i = 0; i < (await buttons.count()); i += 1) {
      const colors = await readColors(buttons.nth(i));
      const ratio = worstContrast(colors);
      expect(ratio, `${ctas[i]?.label}: ${JSON.stringify(colors)}`).toBeGreaterThanOrEqual(
        AA_NORMAL_TEXT,
      );
    }
  });

  test('ヒーローのキャッチコピーと説明文のコントラスト比が 4.5 以上', async ({page}) => {
    await page.goto(routes.home);
    for (const locator of [hero(page).getByText(site.tagline), hero(page).locator('p').last()]) {
      const colors = await readColors(locator);
      expect(worstContrast(colors), JSON.stringify(colors)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    }
  });

  test('本文のリンク色と白のコントラスト比が 4.5 以上', async ({page}) => {
    await page.goto(routes.intro);
    const link = page.locator('article .markdown a[href^="/docs/"]').first();
    await expect(link).toBeVisible();
    const colors = await readColors(link);
    expect(colors.backgrounds).toEqual(['rgb(255, 255, 255)']);
    expect(worstContrast(colors), JSON.stringify(colors)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
  });
});
