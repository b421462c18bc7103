/**
 * issue 26: サイドバーのカテゴリー名も文節の間でだけ折り返し（ビルド時の文節、JS なしの HTML で）、リンクの名前と
 * 開閉ボタンの aria-label は区切りの無い元の名前のまま。写したテーマの部品の元が変われば、ビルドを止める。
 */
import {expect, test, type Page} from '@playwright/test';
import {routes} from '../../../src/constants/site';
import {waitForHydration} from '../../../lib/page-ready';
import {checkEjected, ejectedFrom} from '../upstream';
import {
  collectWrappedTextsScript,
  countLineBreaks,
  shortTextLimit,
  type WrapSurvey,
} from './line-breaks';

const label = 'アプリの使用方法';
/** テーマの日本語の翻訳（@docusaurus/theme-translations）に名前を入れたもの。 */
const collapseLabel = `'${label}'の目次を隠す`;
const expandLabel = `'${label}'の目次を開く`;

const categoryLink = (page: Page) =>
  page.locator('.theme-doc-sidebar-menu .theme-doc-sidebar-item-category > div > a');
const categoryLabel = (page: Page) => categoryLink(page).locator('[class*="categoryLinkLabel"]');

/** スタイルを足す（addStyleTag は style の load を待つが、JS を切ったページではその通知が来ない）。 */
async function addStyle(page: Page, css: string): Promise<void> {
  await page.evaluate((content) => {
    const style = document.createElement('style');
    style.textContent = content;
    document.head.append(style);
  }, css);
}

/**
 * サイドバーを狭め、カテゴリー名の箱を名前の 8 割の幅（8 文字のうち 6 文字あまり）にする。文節の区切りが無ければ
 * 「アプリの使用/方法」と折り返す幅。
 */
async function narrowSidebar(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const {natural, available} = await categoryLabel(page).evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return {natural: range.getBoundingClientRect().width, available: element.clientWidth};
  });
  expect(natural).toBeLessThan(available);
  const sidebar = page.locator('.theme-doc-sidebar-container');
  const width = (await sidebar.boundingBox())?.width ?? 0;
  const narrowed = Math.round(width - (available - natural * 0.8));
  await addStyle(page, `:root { --doc-sidebar-width: ${narrowed}px !important; }`);
  await expect(sidebar).toHaveJSProperty('offsetWidth', narrowed);
}

/** 折り返したサイドバーの名前を文節と比べる。カテゴリー名が折り返していることも確かめる。 */
async function sidebarLineBreaks(page: Page): Promise<{lines: string[]; problems: string[]}> {
  const survey = (await page.evaluate(collectWrappedTextsScript(shortTextLimit))) as WrapSurvey;
  const sidebar: WrapSurvey = {
    shown: {sidebar: survey.shown.sidebar},
    wrapped: survey.wrapped.filter((text) => text.kind === 'sidebar'),
  };
  const category = sidebar.wrapped.find((text) => text.chars.join('') === label);
  const starts = [0, ...(category?.lineStarts ?? []), label.length];
  const lines = starts.slice(1).map((end, index) => label.slice(starts[index], end));
  return {lines, problems: [...countLineBreaks(sidebar, 'サイドバー').problems]};
}

test.describe('JS なし（ビルドが書いた HTML）', () => {
  test.use({javaScriptEnabled: false, viewport: {width: 1280, height: 800}});

  test('文節: カテゴリー名は HTML に区切りを持ち、狭いサイドバーでも文節の間でだけ折り返す', async ({
    page,
  }) => {
    await page.goto(routes.appIntro);
    await expect(categoryLabel(page).locator('.phrases wbr[aria-hidden="true"]')).toHaveCount(1);
    await expect(categoryLink(page)).toHaveAccessibleName(label);
    await expect(page.getByRole('button', {name: collapseLabel, exact: true})).toBeAttached();

    await narrowSidebar(page);
    expect(await sidebarLineBreaks(page)).toEqual({lines: ['アプリの', '使用方法'], problems: []});

    // 区切りを効かなくすると、同じ幅で文節の途中で折り返す（調べ方が見分けることの確かめ）。
    await addStyle(page, '.phrases { word-break: normal !important; }');
    const unsplit = await sidebarLineBreaks(page);
    expect(unsplit.lines).not.toEqual(['アプリの', '使用方法']);
    expect(unsplit.problems).toContainEqual(
      expect.stringContaining('サイドバー sidebar「アプリの使'),
    );
  });
});

test('名前: カテゴリーのリンクと開閉ボタンの名前は、区切りの無い元の名前のまま（開いても閉じても）', async ({
  page,
}) => {
  await page.goto(routes.appIntro);
  await waitForHydration(page);
  const link = page
    .locator('.theme-doc-sidebar-menu')
    .getByRole('link', {name: label, exact: true});
  await expect(link).toHaveAccessibleName(label);
  await expect(link.locator('wbr')).toHaveCount(1);

  const caret = page.locator('.theme-doc-sidebar-menu .menu__caret');
  await expect(caret).toHaveAccessibleName(collapseLabel);
  await expect(caret).toHaveAttribute('aria-expanded', 'true');
  await caret.click();
  await expect(caret).toHaveAttribute('aria-expanded', 'false');
  await expect(caret).toHaveAccessibleName(expandLabel);
  await expect(page.locator('.theme-doc-sidebar-menu')).toMatchAriaSnapshot(`
    - link "${label}"
    - button "${expandLabel}"
  `);
});

test('写した部品: テーマの DocSidebarItem/Category が写した版のままならビルドは進み、変われば写し直すよう止める', () => {
  expect(() => checkEjected()).not.toThrow();
  const [file] = Object.keys(ejectedFrom);
  const changed = {...ejectedFrom, [file]: ['0000000000000000', '写した元'] as const};
  expect(() => checkEjected(changed)).toThrow(
    /DocSidebarItem\/Category が、plugins\/phrases\/theme\/DocSidebarItem\/Category を写した版から変わりました[\s\S]*--eject[\s\S]*<Phrases text=\{label\} \/>[\s\S]*DocSidebarItem\/Category\/index\.js（写した元）: [0-9a-f]{16}/,
  );
});
