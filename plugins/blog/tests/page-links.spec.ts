/**
 * issue 65: 記事が公開するのは、そのページと写真だけ。記事のリンクと画像の決まり（plugins/blog/links.ts）を、
 * ビルドを使わずに、Markdown を remark で読んで確かめる（約 1 秒）。ビルドが記事とリンクを挙げて止まることは
 * builds の tests/node/build-strictness.spec.ts。
 */
import path from 'node:path';
import {expect, test} from '@playwright/test';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {VFile} from 'vfile';
import remarkPageLinks, {imageProblem, linkProblem} from '../links';

const siteDir = path.resolve(__dirname, '../../..');
const postFile = path.join(siteDir, 'blog/2026-11-25-links/index.md');

/** 本文を remark で読んでプラグインにかけ、止まったときの知らせを返す（通れば undefined）。 */
function refusal(markdown: string): string | undefined {
  const file = new VFile({path: postFile, value: markdown});
  const processor = unified()
    .use(remarkParse)
    .use(remarkPageLinks, {siteDir, staticDirectories: ['static']});
  try {
    processor.runSync(processor.parse(file), file);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

test('ページ・見出し・ほかのサイト・メールへのリンクと、記事と同じフォルダーの写真は通る', () => {
  for (const url of [
    '/docs/intro',
    '/blog/2025/03/16/docs-site-launch',
    '/blog/rss.xml',
    './other.md',
    './app-usage/intro.mdx',
    '#the-day',
    'https://example.com/a.pdf',
    'mailto:info@example.com',
    'tel:0312345678',
  ])
    expect(
      linkProblem(url, () => false),
      url,
    ).toBeUndefined();
  for (const url of ['./photo-1.jpg', 'photo-2.JPG', './station.heic'])
    expect(imageProblem(url), url).toBeUndefined();
  expect(
    refusal(
      '![駅前の様子](./photo-1.jpg)\n\n[入門](/docs/intro)と[見出し](#x)と<a href="/docs/1_host">手引き</a>。\n\n[参照][ref]\n\n[ref]: https://example.com/',
    ),
  ).toBeUndefined();
});

test('ページでないファイル・@site/・..・static/ のファイルへのリンクは、理由を挙げて断る（大文字の拡張子、%xx、\\ も）', () => {
  const cases: readonly [string, string][] = [
    ['./handout.js', 'ページでないファイル（.js）'],
    ['./notes.htm', 'ページでないファイル（.htm）'],
    ['./figure.svg', 'ページでないファイル（.svg）'],
    // Docusaurus は .md・.mdx・.html を大文字と小文字を区別して見るので、./notes.MD はファイルとして写す。
    ['./notes.MD', 'ページでないファイル（.MD）'],
    ['./notes%2Ehtm', 'ページでないファイル（.htm）'],
    ['./photo-1.jpg', '![写っているものの説明](./photo-1.jpg)'],
    ['@site/../../etc/hostname', '@site/ などの別名'],
    ['%40site/static/img/logo.svg', '@site/ などの別名'],
    ['../other/file.pdf', '.. で記事のフォルダーの外へ出る'],
    ['..\\other\\file.pdf', '.. で記事のフォルダーの外へ出る'],
    ['/../etc/passwd', '.. で記事のフォルダーの外へ出る'],
  ];
  for (const [url, reason] of cases)
    expect(
      linkProblem(url, () => false),
      url,
    ).toContain(reason);
  expect(linkProblem('/img/logo.svg', (pathname) => pathname === '/img/logo.svg')).toContain(
    'static/ の .svg',
  );
});

test('写真でない画像、ほかのサイトやデータの画像、フォルダーの外や中の画像は断る', () => {
  const cases: readonly [string, string][] = [
    ['./figure.svg', '.svg の画像は載せられません'],
    ['https://example.com/a.jpg', 'ほかのサイトの画像やデータの URL'],
    ['data:image/png;base64,AAAA', 'ほかのサイトの画像やデータの URL'],
    ['../../static/img/logo.png', '.. で記事のフォルダーの外へ出る'],
    ['@site/static/img/social-card.png', '@site/ などの別名'],
    ['/img/social-card.png', '中のフォルダーの画像'],
    ['./sub/photo-1.jpg', '中のフォルダーの画像'],
  ];
  for (const [url, reason] of cases) expect(imageProblem(url), url).toContain(reason);
});

test('リンクの定義、参照の形の画像、書いた HTML の href・srcset（文字参照を戻したもの）も、記事の行とリンクを挙げて断る', () => {
  const message =
    refusal(
      [
        '冒頭です。',
        '',
        '[メモ][memo]',
        '',
        '[memo]: ./notes.htm',
        '',
        '![地図][map]',
        '',
        '[map]: ./photo-1.jpg',
        '',
        '<a href="./notes&#46;htm">メモ</a>',
        '',
        '<img srcset="./a.svg 1x, /img/logo.svg 2x" alt="図">',
      ].join('\n'),
    ) ?? '';
  const file = 'blog/2026-11-25-links/index.md';
  expect(message).toContain(`${file} に、ページと写真のほかのファイルを指すリンクや画像があるので`);
  expect(message).toContain(`- ${file}:5 のリンクの定義「./notes.htm」`);
  expect(message).toContain(`- ${file}:7 の参照の形の画像「![地図][map]」`);
  expect(message).toContain(`- ${file}:11 の書いた HTML（<a> の href）「./notes.htm」`);
  expect(message).toContain(`- ${file}:13 の書いた HTML（<img> の srcset）「./a.svg」`);
  // 書いた HTML の /… のパスは、Docusaurus がファイルを写さないので断らない。
  expect(message).not.toContain('「/img/logo.svg」');
});
