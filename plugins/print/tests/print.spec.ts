/**
 * Issue 10 §2: ドキュメントとブログを Chromium で A4 の PDF に印刷し、pdftotext で読む。
 * 本文・図のラベル・表のセル・ページの URL が紙に載り、ナビゲーションやフッターは載らない。
 */
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {expect, test, type Browser} from '@playwright/test';
import {loadAnnouncement} from '../../../lib/announcement';
import {copyright, routes, siteUrl} from '../../../src/constants/site';
import {waitForPageReady} from '../../../lib/page-ready';

const announcement = loadAnnouncement(path.resolve(__dirname, '../../..'));

type Printed = {
  readonly path: string;
  readonly javaScript: boolean;
  /** 紙に載るはずの文字列（図のラベル、表のセル、外部リンクの URL など）。 */
  readonly present: readonly string[];
};

const pages: readonly Printed[] = [
  {
    path: routes.intro,
    javaScript: false,
    present: ['制限時間で終了・結果発表', 'ゲーム開始', '街全体がフィールド', '作戦の立て方'],
  },
  {
    path: routes.organizerManagement,
    javaScript: true,
    present: [
      '逃走チーム準備',
      'ゲーム進行中',
      '再開',
      '200pt',
      '小規模なゲームを何回か開くとき（おすすめ）',
    ],
  },
  {
    path: routes.blogPost,
    javaScript: true,
    present: ['このサイトでわかること', '(https://discord.gg/'],
  },
];

/** 画面の部品（お知らせバー、ナビゲーションバー、目次、ブログのサイドバー、前後のページ、保存ボタン、フッター）の文字。 */
const screenOnly = [
  announcement.linkLabel,
  // ナビバーの検索ボタンのショートカット表示（「検索」そのものは運営ページの図の「履歴」画面にもある）
  'Ctrl',
  'このページの見出し',
  '« ',
  'オフラインで読めるように保存',
  'すべての記事',
  copyright,
];

async function printToText(browser: Browser, {path, javaScript}: Printed, file: string) {
  const context = await browser.newContext({javaScriptEnabled: javaScript, locale: 'ja-JP'});
  try {
    const page = await context.newPage();
    await page.goto(path);
    if (javaScript) await waitForPageReady(page);
    await page.pdf({path: file, format: 'A4'});
  } finally {
    await context.close();
  }
  return execFileSync('pdftotext', ['-layout', file, '-'], {encoding: 'utf8'});
}

/** pdftotext は行の折り返しと段組みで空白を入れるので、空白を除いて比べる。 */
const squash = (text: string): string => text.replace(/\s+/g, '');

for (const printed of pages) {
  test(`印刷: ${printed.path} を A4 の PDF にすると、本文と URL が載り画面の部品は載らない`, async ({
    browser,
  }, testInfo) => {
    const file = testInfo.outputPath('page.pdf');
    const text = squash(await printToText(browser, printed, file));
    const info = execFileSync('pdfinfo', [file], {encoding: 'utf8'});
    expect(info).toMatch(/Page size:.*\(A4\)/);
    // 紙の先頭（ページ名の次）にそのページの URL
    expect(text.slice(0, 160)).toContain(`${siteUrl}${printed.path}`);
    for (const expected of printed.present) expect(text).toContain(squash(expected));
    for (const absent of screenOnly) expect(text).not.toContain(squash(absent));
    // サイト内のリンクには URL を添えない
    expect(text).not.toContain('(/docs');
    expect(text).not.toContain('(/blog');
  });
}
