/**
 * 項目3: 読者が見る文字列とスクリーンリーダーが読む文字列は日本語。全ルートの文字列は
 * ページ監査（page-audit.spec.ts）が調べる。ここでは、その一覧とタイトルの言い回しを確かめる。
 */
import {expect, test} from '@playwright/test';
import {routes} from '../../src/constants/site';
import {englishDefaults} from '../support/japanese';

test('日本語: 英語の既定文言の一覧はテーマの翻訳ファイルから作られている', () => {
  // 一覧が空だと下のテストは何も調べないので、主な語句を含むことを確かめる
  for (const phrase of ['Skip to main content', 'On this page', 'Close', 'min read', 'Next']) {
    expect(englishDefaults).toContain(phrase);
  }
  expect(englishDefaults.length).toBeGreaterThan(100);
});

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
