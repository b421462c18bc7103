import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {CHARACTERS_PER_MINUTE, japaneseReadingTime, readableText} from '../reading-time';

/** テーマは読了時間（分）を切り上げて「約N分」と出す。 */
const shownMinutes = (minutes: number): number => Math.ceil(minutes);

test('2,000 文字の日本語の記事は約4〜5分と数える（単語数の誤差ではない）', () => {
  const sentence = '電車とバスを乗り継いで、街全体で鬼ごっこをします。';
  const body = sentence.repeat(Math.ceil(2000 / sentence.length)).slice(0, 2000);
  const markdown = `## はじめに {/* #intro */}\n\n${body}\n`;
  expect(readableText(markdown).replace(/\s/g, '')).toHaveLength(2000 + 'はじめに'.length);
  const minutes = shownMinutes(japaneseReadingTime(markdown));
  expect(minutes).toBeGreaterThanOrEqual(4);
  expect(minutes).toBeLessThanOrEqual(5);
});

test('記法（見出し id、リンク先、強調）は読む文字に数えない', () => {
  const markdown =
    '## 見出し {/* #heading */}\n\n[リンク](https://example.com/very/long/path) と **強調**';
  expect(readableText(markdown).replace(/\s/g, '')).toBe('見出しリンクと強調');
  // CommonMark の記事（.md）の見出し id と、一覧の区切り。
  expect(readableText('## 見出し {#heading}\n\n<!-- truncate -->\n\n本文').replace(/\s/g, '')).toBe(
    '見出し本文',
  );
});

test('公開記事の読了時間は本文の文字数 ÷ 500 の切り上げ', () => {
  const source = readFileSync('blog/2025-03-16-docs-site-launch/index.md', 'utf8');
  const content = source.replace(/^---[\s\S]*?---/, '');
  const characters = readableText(content).replace(/\s/g, '').length;
  expect(shownMinutes(japaneseReadingTime(content))).toBe(
    Math.ceil(characters / CHARACTERS_PER_MINUTE),
  );
});
