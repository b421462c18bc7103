/**
 * 「英語の UI 文言が残っていないか」を調べるための語句と、ページから文言を集める関数。
 * 英語の既定文言はテーマ自身の翻訳ファイル（base）から作り、仕様と依頼に挙がった語句を足す。
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';

const translationFiles = [
  'theme-common.json',
  'theme-search-algolia.json',
  'plugin-pwa.json',
] as const;

/** 依頼と仕様に挙がっている英語の既定文言。翻訳ファイルに無いものも含む。 */
const listedDefaults = [
  'Skip to main content',
  'On this page',
  'Close',
  'Toggle navigation bar',
  'Close navigation bar',
  'Back to main menu',
  'Previous',
  'Next',
  'Edit this page',
  'Page Not Found',
  'Expand the dropdown',
  'Collapse the dropdown',
  'opens in new tab',
  'Read more',
  'min read',
  'Tags',
  'Archive',
  'Authors',
  'Blog',
  'Recent posts',
  'Docs',
  'Home page',
  'Search',
  'Copy',
  'Loading',
  'Retry',
  'This page crashed',
  'Try again',
  'Version',
  'Versions',
  'Languages',
  'Newer post',
  'Older post',
  'Navigation',
  'Breadcrumbs',
  'Docs sidebar',
  'Main',
  'Scroll back to top',
  'Direct link to',
  'RSS Feed',
  'Atom Feed',
] as const;

/** テストはリポジトリの直下から実行される。 */
function translationDir(): string {
  return path.resolve('node_modules/@docusaurus/theme-translations/locales/base');
}

/** 翻訳ファイルの英語の値を、プレースホルダと複数形の区切りで分けた語句にする。 */
function phrasesFromTranslations(): string[] {
  const phrases: string[] = [];
  for (const file of translationFiles) {
    const json = JSON.parse(readFileSync(path.join(translationDir(), file), 'utf8')) as Record<
      string,
      string
    >;
    for (const [key, value] of Object.entries(json)) {
      if (key.endsWith('___DESCRIPTION')) continue;
      for (const part of value.split(/\{[^}]*\}|\|/)) {
        const phrase = part
          .replace(/[^A-Za-z' -]+/g, ' ')
          .replace(/\s+/g, ' ')
          .trim();
        if (/[A-Za-z]{3,}/.test(phrase)) phrases.push(phrase);
      }
    }
  }
  return phrases;
}

/** 画面にも属性にも出てはいけない英語の語句（重複なし、長い順）。 */
export const englishDefaults: readonly string[] = [
  ...new Set([...listedDefaults, ...phrasesFromTranslations()]),
].sort((a, b) => b.length - a.length);

/** 日本語の文中に正当に現れる英字の語。固有名詞・略語・単位だけ。 */
export const allowedAsciiWords: ReadonlySet<string> = new Set([
  'A', // チームA
  'AI',
  'Copyright',
  'Ctrl',
  'Discord',
  'FunAMP',
  'GitHub',
  'ID',
  'JR',
  'K', // 検索のショートカット表示「Ctrl K」
  'KB', // 写真の記事のデータセーバーのボタン「写真を表示（約 N KB）」（plugins/images/theme/Photo）
  'PC',
  'Pay', // 電鬼２のカード決済画面のボタン「Pay」（アプリの表記どおり）
  'QR',
  'RSS',
  'SNS',
  'Shift',
  'Slack',
  'URL',
  'Web',
  'Webhook',
  'X',
  'pt', // 50pt などのクレジット
]);

export type Utterance = {
  /** text か属性名（aria-label など）。 */
  readonly where: string;
  readonly value: string;
};

/** 読者が見るか、スクリーンリーダーが読み上げる文字列をページから集める。 */
export async function collectUtterances(page: Page): Promise<Utterance[]> {
  return page.evaluate(() => {
    const skipped = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
    const attributes = ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription'];
    const out: {where: string; value: string}[] = [
      {where: 'document.title', value: document.title},
    ];
    // アプリの画面の図（支援技術からは隠し、説明は figcaption）の文字はアプリの表記と例のデータで、
    // サイトの文言ではない。表記は tests/e2e/app-screens.spec.ts が app-screens.md と照らし合わせる。
    const appDrawing = 'figure[data-screen] [aria-hidden="true"]';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && skipped.has(parent.tagName.toUpperCase())) continue;
      if (parent?.closest(appDrawing)) continue;
      const value = node.textContent?.trim() ?? '';
      if (value) out.push({where: 'text', value});
    }
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      for (const name of attributes) {
        const value = element.getAttribute(name)?.trim();
        if (value) out.push({where: name, value});
      }
    }
    return out;
  });
}

function phrasePattern(phrase: string): RegExp {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  return new RegExp(`(?<![A-Za-z])${escaped}(?![A-Za-z])`, 'i');
}

const patterns = englishDefaults.map((phrase) => ({phrase, pattern: phrasePattern(phrase)}));

/** テーマの英語の既定文言が現れている箇所。 */
export function findEnglishDefaults(utterances: readonly Utterance[]): string[] {
  const found: string[] = [];
  for (const {where, value} of utterances) {
    for (const {phrase, pattern} of patterns) {
      if (pattern.test(value)) found.push(`${where}: "${value}" に "${phrase}"`);
    }
  }
  return [...new Set(found)];
}

/** 許可した固有名詞以外の英単語が現れている箇所。 */
export function findUnexpectedAsciiWords(utterances: readonly Utterance[]): string[] {
  const found: string[] = [];
  for (const {where, value} of utterances) {
    for (const word of value.match(/[A-Za-z][A-Za-z'-]*/g) ?? []) {
      if (!allowedAsciiWords.has(word)) found.push(`${where}: "${value}" に "${word}"`);
    }
  }
  return [...new Set(found)];
}
