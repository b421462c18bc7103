/**
 * issue 26 の 3: 文節の区切りは見た目だけ。Chromium のアクセシビリティツリーでの名前、コピーした見出し、
 * <title>・meta・JSON-LD・フィード・検索の索引は、区切りの無い元の文字のまま。
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';
import {expect, test} from '@playwright/test';
import {listHtmlFiles} from '../../../lib/html-files';
import {waitForHydration} from '../../../lib/page-ready';
import {siteRoutes} from '../../../tests/support/routes';
import {separators} from './accessible-names';

const buildDir = path.resolve('build');

test('区切り: 見出しを選んでコピーした文字は、区切りの無い元の文字', async ({page}) => {
  await page.goto(siteRoutes.find((route) => route.name === 'blogPost')?.path ?? '/');
  await waitForHydration(page);
  const copied = await page.locator('h1').evaluate((heading) => {
    const selection = document.getSelection();
    const range = document.createRange();
    range.selectNodeContents(heading);
    selection?.removeAllRanges();
    selection?.addRange(range);
    return selection?.toString() ?? '';
  });
  expect(copied).toBe('電鬼の公式ドキュメントサイトを公開しました');
  await expect(page.locator('h1 wbr')).not.toHaveCount(0);
});

test('区切り: <title>、meta、JSON-LD、フィード、検索の索引に区切りの文字も <wbr> も無い', async () => {
  const problems: string[] = [];
  const check = (where: string, text: string): void => {
    if (separators.test(text) || /<wbr|&lt;wbr|phrase-(?:end|keep)/iu.test(text))
      problems.push(`${where}: ${text.slice(0, 80)}`);
  };
  for (const file of await listHtmlFiles(buildDir, ['pagefind'])) {
    const html = readFileSync(path.join(buildDir, file), 'utf8');
    const head = html.slice(0, html.search(/<body\b/iu));
    for (const match of head.matchAll(
      /<title>([^<]*)<\/title>|<meta [^>]*content=("[^"]*"|[^ >]*)/giu,
    ))
      check(`${file} の head`, match[1] ?? match[2] ?? '');
    for (const match of html.matchAll(
      /<script type=(?:"application\/ld\+json"|application\/ld\+json)>(.*?)<\/script>/gsu,
    ))
      check(`${file} の JSON-LD`, match[1] ?? '');
  }
  // フィードの題と説明。本文の HTML にある <wbr>（見出し）と幅のない空白（テーマの見出しのリンク
  // 「#」の中身）は、この変更の前からあり、数も変わらない。
  for (const feed of ['blog/rss.xml', 'blog/atom.xml']) {
    const xml = readFileSync(path.join(buildDir, feed), 'utf8');
    for (const match of xml.matchAll(/<(title|description|summary)[^>]*>([^<]*)</gu))
      check(`${feed} の ${match[1]}`, match[2] ?? '');
  }
  const fragments = path.join(buildDir, 'pagefind', 'fragment');
  const files = readdirSync(fragments);
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) {
    const text = gunzipSync(readFileSync(path.join(fragments, file))).toString('utf8');
    check(`索引 ${file}`, text);
  }
  expect(problems).toEqual([]);
});
