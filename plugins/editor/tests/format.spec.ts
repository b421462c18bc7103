/**
 * エディターが書くファイルの形（ブラウザーを使わない。1 秒かからない）: いまの記事とお知らせは、読んで書き戻すと
 * 1 バイトも変わらない。新しい記事には一覧の区切りが入り、URL の名前と日付は日本語で確かめる。
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from './fixture';
import {blogCollection} from '../collections';
import {postFrontMatterKeys} from '../../blog/shared-posts';
import {
  dataFromFile,
  dataToFile,
  droppedPostKeys,
  postFromFile,
  postToFile,
  truncateMarker,
  withTruncateMarker,
} from '../client/format';
import {isoDate, japaneseDate, todayInJapan} from '../client/widgets/japanese-date';
import {entrySlug, postUrl, urlNameProblem} from '../client/widgets/url-name';
import {
  nextPhotoNumber,
  photosIn,
  photosWithoutAlt,
  withAlt,
  withPhotos,
} from '../client/widgets/body-photos';

const blogDir = 'blog';
const posts = readdirSync(blogDir, {withFileTypes: true})
  .filter((entry) => entry.isDirectory())
  .map((entry) => path.join(blogDir, entry.name, 'index.md'));

test('いまの記事とお知らせは、読んで書き戻しても 1 バイトも変わらない', () => {
  expect(posts.length).toBeGreaterThan(0);
  for (const file of posts) {
    const source = readFileSync(file, 'utf8');
    expect(postToFile(postFromFile(source)), file).toBe(source);
  }
  const notice = readFileSync('src/data/announcement.json', 'utf8');
  expect(dataToFile(dataFromFile(notice) as object)).toBe(notice);
});

test('記事の front matter は title, authors, tags, date, description の順で、配列は 1 行', () => {
  const file = postToFile({
    description: '説明です。',
    url_name: 'shibuya-report',
    tags: ['announcement', 'update'],
    date: '2026-11-27',
    title: '渋谷で電鬼を開きました: 報告',
    authors: ['matsuri'],
    body: '最初の段落です。\n\n![駅の改札](./photo-1.jpg)\n',
  });
  expect(file).toBe(
    [
      '---',
      'title: "渋谷で電鬼を開きました: 報告"',
      'authors: [matsuri]',
      'tags: [announcement, update]',
      'date: 2026-11-27',
      'description: 説明です。',
      '---',
      '',
      '最初の段落です。',
      '',
      truncateMarker,
      '',
      '![駅の改札](./photo-1.jpg)',
      '',
    ].join('\n'),
  );
  // 空の説明やタグは書かない。URL の名前はフォルダーの名前にだけ使う。
  expect(postToFile({title: '題', tags: [], description: '', body: '本文'})).toBe(
    `---\ntitle: 題\n---\n\n本文\n\n${truncateMarker}\n`,
  );
});

// issue 60 の 3: front matter の mdx: {format: mdx} は、.md の記事を MDX にする（本文の {…} がビルドの中で動く）。
test('記事に使えない front matter のキー（mdx など）は保存するときに書かず、書くキーはエディターの欄と同じ', () => {
  const data = postFromFile(
    '---\ntitle: 題\nmdx:\n  format: mdx\nslug: /elsewhere\nauthors: [matsuri]\n---\n\n本文 {typeof process}\n',
  );
  expect(droppedPostKeys({...data, url_name: 'report'})).toEqual(['mdx', 'slug']);
  expect(postToFile(data)).toBe(
    `---\ntitle: 題\nauthors: [matsuri]\n---\n\n本文 {typeof process}\n\n${truncateMarker}\n`,
  );
  // ビルドが許すキー（plugins/blog/shared-posts.ts）は、エディターがファイルに書く欄と同じ。
  const written = blogCollection([], [])
    .fields.map((field) => field.name)
    .filter((name) => name !== 'url_name' && name !== 'body');
  expect([...written].sort()).toEqual([...postFrontMatterKeys].sort());
});

test('一覧の区切りは最初の段落のあとに 1 つだけ入り、MDX の区切りがある記事には足さない', () => {
  expect(withTruncateMarker('一段落目\n二行目\n\n二段落目\n')).toBe(
    `一段落目\n二行目\n\n${truncateMarker}\n\n二段落目\n`,
  );
  const marked = `はじめに\n\n${truncateMarker}\n\n本文\n`;
  expect(withTruncateMarker(marked)).toBe(marked);
  expect(withTruncateMarker('はじめに\n\n{/* truncate */}\n')).toBe(
    'はじめに\n\n{/* truncate */}\n',
  );
  expect(withTruncateMarker('')).toBe('');
});

test('日付は 2026年11月27日 と見せ、ない日付と欠けた欄は日本語で知らせる', () => {
  expect(japaneseDate('2026-03-05')).toBe('2026年3月5日');
  expect(isoDate({year: '2026', month: '3', day: '5'})).toEqual({value: '2026-03-05'});
  expect(isoDate({year: '2026', month: '2', day: '30'})).toEqual({
    problem: '2026年2月30日という日はありません。',
  });
  expect(isoDate({year: '2026', month: '', day: '1'})).toEqual({
    problem: '日付の年・月・日をすべて入れてください。',
  });
  // 日本時間で日付が変わる時刻（UTC の 15 時）。
  expect(todayInJapan(new Date('2026-11-26T15:00:00Z'))).toBe('2026-11-27');
  expect(todayInJapan(new Date('2026-11-26T14:59:59Z'))).toBe('2026-11-26');
});

test('URL の名前は半角の英小文字・数字・ハイフンだけで、記事のフォルダーと URL になる', () => {
  expect(urlNameProblem('shibuya-report')).toBeNull();
  for (const bad of ['', 'Shibuya', '渋谷', 'a--b', '-a', 'a b'])
    expect(urlNameProblem(bad)).toBeTruthy();
  expect(entrySlug('2026-11-27', 'shibuya-report')).toBe('2026-11-27-shibuya-report/index');
  expect(postUrl('2026-11-27', 'shibuya-report')).toBe('/blog/2026/11/27/shibuya-report');
});

test('写真は選んだ順に段落で入り、説明は 1 行で、[ ] は本文を壊さない', () => {
  const body = withPhotos(
    'はじめに\n\nおわりに\n',
    ['photo-1.jpg', 'photo-2.jpg'],
    'はじめに\n\n'.length,
  );
  expect(body).toBe('はじめに\n\n![](./photo-1.jpg)\n\n![](./photo-2.jpg)\n\nおわりに\n');
  expect(photosWithoutAlt(body)).toBe(2);
  const described = withAlt(body, 1, '改札の前\nで [集合]');
  expect(photosIn(described).map((photo) => photo.alt)).toEqual(['', '改札の前 で ［集合］']);
  expect(nextPhotoNumber(['photo-1.jpg', './photo-7.jpg', 'other.png'])).toBe(8);
});
