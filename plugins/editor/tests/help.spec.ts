/**
 * 「使い方」のページ（issue 66。plugins/editor/help.ts が help/help.md から組む /admin/help）: エディターのサイトが
 * スクリプトなしの 1 枚の HTML として配り（JavaScript を止めても読める）、事務局の 1 年の仕事の節（書く、写真、保存・
 * 公開待ち・公開、サイトに出るまで、公開できないとき、取り下げ、公開予約、開催事例、お知らせバー）があり、390 px と
 * 1280 px で axe の違反が 0 件、390 px で横にスクロールしないこと。ログインの画面と、ログインしたあとのヘッダーの
 * 「使い方」から開けること（ヘッダーは本物のエディターを、GitHub の代わり（github-stand-in.ts）につないで開く）。
 * 費用: ワーカーの時間で約 10〜15 秒（エディターを 1 回開く）。
 */
import type {Page} from '@playwright/test';
import {testServer} from '../../../lib/test-server';
import {axeProblems} from '../../../tests/support/page-audit/checks';
import {localBackendParam} from '../shared';
import {helpPath} from '../shared-help';
import {phone} from './editor-page';
import {expect, test} from './fixture';
import {routeGitHub, signedIn} from './github-stand-in';
import {horizontalOverflow, smallTargets} from './phone-layout';

const helpUrl = `${testServer.editorBaseURL}${helpPath}`;

/** 節の見出しと、その節にあるはずの言葉（issue 66 の「使い方」が挙げるもの）。 */
const sections = [
  {id: 'writing', heading: '記事を書く', words: ['新規作成', 'URL の名前', '保存']},
  {id: 'photos', heading: '写真を載せる', words: ['写真を追加', '撮った場所（GPS）', '10 枚']},
  {
    id: 'publishing',
    heading: '保存・公開待ち・公開',
    words: ['公開待ち', 'プルリクエスト', '確認（テスト）', 'プレビューを見る'],
  },
  {
    id: 'live',
    heading: 'サイトに出るまで',
    words: [
      '確認を待っています',
      'サイトに出しています',
      'サイトに出ました',
      'サイトに出せませんでした',
    ],
  },
  {
    id: 'refused',
    heading: '公開できないとき',
    words: [
      'テスト（GitHub のチェック）がまだ終わっていません',
      'テスト（GitHub のチェック）が通っていません',
      'コードの持ち主（CODEOWNERS）の承認が要ります',
      '食い違っています',
    ],
  },
  {id: 'takedown', heading: '取り下げる', words: ['この記事を取り下げる', 'この写真を外す']},
  {id: 'scheduled', heading: '公開予約', words: ['0 時 5 分', '12月5日に公開されます']},
  {id: 'events', heading: '開催事例', words: ['見出しの id', '最終日が初日より前']},
  {id: 'announcement', heading: 'お知らせバー', words: ['お知らせの文', 'リンク先']},
] as const;

async function expectHelpPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', {level: 1})).toHaveText('エディターの使い方');
  for (const {id, heading, words} of sections) {
    const section = page.locator(`h2#${id}`);
    await expect(section).toHaveText(heading);
    // 節の見出しから次の見出しまでに、その節の言葉がある。
    const text = await section.evaluate((h2) => {
      let node = h2.nextElementSibling;
      let found = '';
      while (node && node.tagName !== 'H2') {
        found += node.textContent ?? '';
        node = node.nextElementSibling;
      }
      return found;
    });
    for (const word of words) expect(text, `${heading}の節`).toContain(word);
    // 目次からその節へ行ける。
    await expect(
      page.getByRole('navigation', {name: 'このページの中身'}).getByRole('link', {name: heading}),
    ).toHaveAttribute('href', `#${id}`);
  }
  await expect(page.getByRole('link', {name: 'エディターに戻る'})).toHaveAttribute(
    'href',
    '/admin/',
  );
}

test('使い方のページはエディターのサイトがスクリプトなしで配り、JavaScript を止めても節がそろっている', async ({
  browser,
}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  const response = await page.goto(helpUrl);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-robots-tag']).toContain('noindex');
  expect(await page.locator('script').count()).toBe(0);
  await expectHelpPage(page);
  await context.close();
});

for (const viewport of [phone, {width: 1280, height: 800}]) {
  test(`${viewport.width} px: 使い方のページに axe の違反が無く、横にはみ出さない`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(helpUrl);
    await expectHelpPage(page);
    expect(await axeProblems(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    // CSP に断られたもの（インラインの CSS など）が無い。
    expect(errors).toEqual([]);
  });
}

test('ログインの画面の「エディターの使い方」が、Decap を読み込まずに使い方のページを開く', async ({
  page,
}) => {
  await page.setViewportSize(phone);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(`${testServer.editorBaseURL}/admin/`);
  const link = page.getByRole('link', {name: 'エディターの使い方'});
  await expect(link).toHaveAttribute('href', helpPath);
  const before = scripts.length;
  await link.click();
  await expectHelpPage(page);
  expect(scripts.slice(before)).toEqual([]);
});

test('ログインしたあとのヘッダーの「使い方」が、新しいタブで使い方のページを開く（390 px）', async ({
  context,
  page,
}) => {
  const slug = '2026-11-27-shibuya-report';
  const markdown = ['---', 'title: 報告', 'date: 2026-11-27', '---', '', '本文です。', ''].join(
    '\n',
  );
  await routeGitHub(context, {slug, title: '報告', markdown});
  await signedIn(context);
  await page.setViewportSize(phone);
  await page.goto(
    `${testServer.editorBaseURL}/admin/?${localBackendParam}=${testServer.editorPort}#/workflow`,
  );
  const link = page.locator('#nc-root header nav').getByRole('link', {name: '使い方'});
  await expect(link).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);
  const opened = page.waitForEvent('popup');
  await link.click();
  const help = await opened;
  await expectHelpPage(help);
});
