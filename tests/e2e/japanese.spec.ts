/** 項目3: どのルートでも、読者が見る文字列とスクリーンリーダーが読む文字列は日本語。 */
import {expect, test, type Page} from '@playwright/test';
import {routes} from '../../src/constants/site';
import {
  collectUtterances,
  englishDefaults,
  findEnglishDefaults,
  findUnexpectedAsciiWords,
} from '../support/japanese';
import {siteRoutes, unknownPaths} from '../support/routes';
import {viewports} from '../support/viewports';
import {openReady} from '../../lib/page-ready';

// 文言だけを調べるので、全ページを先読みする PWA の Service Worker は止めておく（PWA は別のテストの対象）
test.use({serviceWorkers: 'block'});

const paths = [...siteRoutes.map((route) => route.path), unknownPaths[0], unknownPaths[1]];

async function openMobileMenu(page: Page): Promise<void> {
  await page.locator('button.navbar__toggle').click();
  await expect(page.locator('.navbar-sidebar')).toBeVisible();
}

test('日本語: 英語の既定文言の一覧はテーマの翻訳ファイルから作られている', () => {
  // 一覧が空だと下のテストは何も調べないので、主な語句を含むことを確かめる
  for (const phrase of ['Skip to main content', 'On this page', 'Close', 'min read', 'Next']) {
    expect(englishDefaults).toContain(phrase);
  }
  expect(englishDefaults.length).toBeGreaterThan(100);
});

for (const [viewportName, viewport] of Object.entries(viewports)) {
  test.describe(`日本語: ${viewportName} (${viewport.width} px)`, () => {
    test.use({viewport});
    for (const path of paths) {
      test(`${path} に英語の既定文言も許可外の英単語もない`, async ({page}) => {
        await openReady(page, path);
        if (viewportName === 'mobile') await openMobileMenu(page);
        const utterances = await collectUtterances(page);
        expect(utterances.length).toBeGreaterThan(10);
        expect(findEnglishDefaults(utterances), 'テーマの英語の既定文言').toEqual([]);
        expect(findUnexpectedAsciiWords(utterances), '許可していない英単語').toEqual([]);
      });
    }
  });
}

test.describe('日本語: タグと著者のページのタイトル', () => {
  for (const path of [routes.blogTagAnnouncement, routes.blogTagUpdate, routes.blogAuthor]) {
    test(`${path} のタイトルと見出しに「件件」がない`, async ({page}) => {
      await page.goto(path);
      const title = await page.title();
      expect(title).not.toContain('件件');
      await expect(page.getByRole('heading', {level: 1})).not.toContainText('件件');
      await expect(page.locator('main')).not.toContainText('件件');
    });
  }
});
