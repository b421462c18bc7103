/**
 * 公開予約（issue 66 の 4、plugins/blog/schedule.ts）: 日付が明日の記事は、今日の日付（DENKI_TODAY）のビルドに
 * どこにも無く（ページは 404、フィード、検索の索引、sitemap、SNS カード、写真、一覧・タグ・アーカイブ・書いた人の
 * ページ・最近の記事、開催事例の「開催の報告を読む」、オフラインの保存の一覧）、明日の日付のビルド（毎日 0:05 の
 * ビルドと同じ）には全部ある。まだ出ない記事へのリンク（お知らせバーから、後に出る記事から）はビルドを日本語で止める。
 * サイトの複製を 1 つ作り、同じ複製で 3 回ビルドする（今日、止まるもの、明日。2 回目からは Rspack のキャッシュが
 * 効く）。所要はワーカーで約 3〜4 分（複製と今日のビルドが約 100 秒、止まるビルドが約 15 秒、明日のビルドが約 60 秒）。
 */
import {existsSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';
import {expect, test} from '@playwright/test';
import {photoJpeg} from '../../../lib/photos';
import {buildSiteCopy, createSiteCopy, type SiteCopy} from '../../../lib/site-copy';
import {startSiteServer} from '../../../lib/site-server';

const buildTimeoutMs = 300_000;
test.describe.configure({mode: 'serial', timeout: 3 * buildTimeoutMs});

const today = '2026-12-04';
const tomorrow = '2026-12-05';
/** 明日の記事（URL の名前は、ビルドのほかのどこにも無い語）。 */
const folder = `blog/${tomorrow}-entry-open`;
const route = '/blog/2026/12/05/entry-open';
const urlName = 'entry-open';
const photo = 'photo-1.jpg';

const post = (body = '') => `---
title: 参加者の募集を始めました
authors: [matsuri]
tags: [announcement]
date: ${tomorrow}
description: 冬の電鬼の参加者の募集を始めました。
---

冬の電鬼の参加者の募集を、今日から始めます。

<!-- truncate -->

## 申し込み方 {#how-to-apply}

![受付の机と、申し込みの用紙](./${photo})
${body}`;

/** 報告にこの記事を挙げた開催事例（報告の記事が出る日から「開催の報告を読む」が出る）。 */
const event = {
  number: 3,
  name: '冬の電鬼',
  anchor: 'winter-schedule-3',
  month: '2026-11',
  region: '東京都',
  content: ['冬の街を電車で逃げ回りました。'],
  report: `${tomorrow}-entry-open/index`,
};

/** outDir の中のすべてのファイル（outDir からのパス）。 */
function filesIn(dir: string): string[] {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** 検索の索引（Pagefind の断片は gzip）の文。 */
function searchIndexText(outDir: string): string {
  const dir = path.join(outDir, 'pagefind/fragment');
  return readdirSync(dir)
    .map((name) => gunzipSync(readFileSync(path.join(dir, name))).toString('utf8'))
    .join('\n');
}

/** gzip でない文字のファイル（HTML、XML、JS、JSON）のうち、text を含むもの。 */
function filesMentioning(outDir: string, files: readonly string[], text: string): string[] {
  return files.filter(
    (file) =>
      /\.(html|xml|js|json|txt)$/.test(file) &&
      readFileSync(path.join(outDir, file), 'utf8').includes(text),
  );
}

/** ページの写真（<img> と <source> の src・srcset の /assets/ などのパス）。 */
function photoPaths(html: string): string[] {
  const urls = [...html.matchAll(/(?:src|srcset)="([^"]+)"/g)].flatMap(([, value = '']) =>
    value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? ''),
  );
  return [...new Set(urls.filter((url) => /\.(avif|jpe?g)$/.test(url) && url.startsWith('/')))].map(
    (url) => url.slice(1),
  );
}

let copy: SiteCopy | undefined;
const siteCopy = (): SiteCopy => {
  if (!copy) throw new Error('サイトの複製がありません');
  return copy;
};
/** 今日のビルドの出力のファイルの一覧（明日のビルドの写真とカードが、今日は無かったことを確かめる）。 */
let todayFiles: string[] = [];

test.beforeAll(async () => {
  copy = createSiteCopy('schedule');
  copy.write(`${folder}/index.md`, post());
  writeFileSync(
    path.join(copy.dir, folder, photo),
    await photoJpeg({width: 1600, height: 1200, seed: 66}),
  );
  copy.write(`src/data/events/${event.anchor}.json`, `${JSON.stringify(event, null, 2)}\n`);
});

test.afterAll(() => {
  copy?.remove();
  copy = undefined;
});

test('明日の記事は、今日のビルドのどこにも無い（ページは 404、フィード・検索・sitemap・カード・写真・一覧も）', async ({
  request,
}) => {
  const site = siteCopy();
  const result = await buildSiteCopy(site, buildTimeoutMs, undefined, {DENKI_TODAY: today});
  expect(result.exitCode, result.output).toBe(0);
  const out = site.outDir;
  todayFiles = filesIn(out);
  // ページ、フィード、sitemap、一覧・タグ・アーカイブ・書いた人のページ・最近の記事、オフラインの保存の一覧
  // （offline-save.json と sw.js）、ルート表の JS、開催事例のページ: どのファイルにも記事の URL も URL の名前も無い。
  expect(filesMentioning(out, todayFiles, urlName)).toEqual([]);
  expect(existsSync(path.join(out, `${route.slice(1)}.html`))).toBe(false);
  expect(readFileSync(path.join(out, 'sitemap.xml'), 'utf8')).toContain('/blog/2025/03/16/');
  expect(readFileSync(path.join(out, 'blog/rss.xml'), 'utf8')).not.toContain('参加者の募集');
  expect(readFileSync(path.join(out, 'blog/atom.xml'), 'utf8')).not.toContain('参加者の募集');
  const index = searchIndexText(out);
  expect(index.includes('"url":"/blog/2025/03/16/docs-site-launch"')).toBe(true);
  expect(index.includes(route), '検索の索引に記事がある').toBe(false);
  // SNS カード（写真のある記事は .jpg、ほかは .png。plugins/seo）。
  expect(todayFiles.filter((file) => file.startsWith(`img/og${route}.`))).toEqual([]);
  // 開催事例の回は出るが、報告へのリンク（上の URL）はまだ無い。
  expect(readFileSync(path.join(out, 'docs/event-examples.html'), 'utf8')).toContain('冬の電鬼');

  const server = await startSiteServer({buildDir: out});
  try {
    const page = await request.get(`${server.baseURL}${route}`);
    expect(page.status()).toBe(404);
    expect(await page.text()).toContain('ページが見つかりません');
  } finally {
    await server.stop();
  }
});

test('まだ出ない記事へのリンク（お知らせバー、先に出る記事から）は、ビルドを日本語で止める', async () => {
  const site = siteCopy();
  const announcementFile = path.join(site.dir, 'src/data/announcement.json');
  const announcement = readFileSync(announcementFile, 'utf8');
  const later = `blog/2026-12-06-entry-close/index.md`;
  try {
    site.write(
      'src/data/announcement.json',
      JSON.stringify({...JSON.parse(announcement), link: route}, null, 2),
    );
    // 12 月 5 日の記事が 12 月 6 日の記事を指す（5 日から 6 日の前まで切れる）。6 日の記事が 5 日の記事を
    // 指すのは、6 日には両方出ているので通す。
    site.write(`${folder}/index.md`, post('\n[締め切り](/blog/2026/12/06/entry-close)\n'));
    site.write(
      later,
      post(`\n[募集の記事](${route})\n`)
        .replace(`date: ${tomorrow}`, 'date: 2026-12-06')
        .replace(`![受付の机と、申し込みの用紙](./${photo})\n`, ''),
    );
    const result = await buildSiteCopy(site, buildTimeoutMs, undefined, {DENKI_TODAY: today});
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toContain(
      'まだ公開していない記事（公開予約。ビルドの今日は2026年12月4日）へのリンクがあるので、ビルドを止めます。',
    );
    expect(result.output).toContain(
      `src/data/announcement.json が、2026年12月5日に公開される記事 ${route}（${folder}/index.md）にリンクしています。`,
    );
    expect(result.output).toContain(
      `${folder}/index.md が、2026年12月6日に公開される記事 /blog/2026/12/06/entry-close（blog/2026-12-06-entry-close/index.md）にリンクしています。`,
    );
    expect(result.output).not.toContain(`${later} が、`);
  } finally {
    site.write('src/data/announcement.json', announcement);
    site.write(`${folder}/index.md`, post());
    rmSync(path.join(site.dir, path.dirname(later)), {recursive: true, force: true});
    rmSync(site.outDir, {recursive: true, force: true});
  }
});

test('明日の日付のビルド（毎日 0:05 のビルド）には、記事のページ・フィード・検索・sitemap・カード・写真・一覧がある', async ({
  request,
}) => {
  const site = siteCopy();
  const result = await buildSiteCopy(site, buildTimeoutMs, undefined, {DENKI_TODAY: tomorrow});
  expect(result.exitCode, result.output).toBe(0);
  const out = site.outDir;
  const html = readFileSync(path.join(out, `${route.slice(1)}.html`), 'utf8');
  expect(html).toContain('参加者の募集を始めました');
  expect(readFileSync(path.join(out, 'sitemap.xml'), 'utf8')).toContain(route);
  expect(readFileSync(path.join(out, 'blog/rss.xml'), 'utf8')).toContain(route);
  expect(readFileSync(path.join(out, 'blog/atom.xml'), 'utf8')).toContain(route);
  expect(searchIndexText(out).includes(`"url":"${route}"`), '検索の索引に記事が無い').toBe(true);
  for (const listing of [
    'blog.html',
    'blog/archive.html',
    'blog/tags/announcement.html',
    'blog/authors/matsuri.html',
    'blog/2025/03/16/docs-site-launch.html',
  ]) {
    expect(readFileSync(path.join(out, listing), 'utf8'), listing).toContain(route);
  }
  // 開催事例の「開催の報告を読む」（出力の HTML は、属性の引用符を省くことがある）。
  expect(readFileSync(path.join(out, 'docs/event-examples.html'), 'utf8')).toMatch(
    new RegExp(` href="?${route}"?>開催の`),
  );
  // オフラインの「保存」の一覧（plugins/offline）。
  expect(readFileSync(path.join(out, 'offline-save.json'), 'utf8')).toContain(route);
  // カードと写真は、今日のビルドには無かったファイル。
  const card =
    /property=og:image content=https?:\/\/[^/]+\/(img\/og\/[^ >"]+)/.exec(html)?.[1] ?? '';
  expect(card).toMatch(new RegExp(`^img/og${route}\\.(jpg|png)$`));
  const photos = photoPaths(html);
  expect(photos.length).toBeGreaterThan(0);
  for (const file of [card, ...photos]) {
    expect(existsSync(path.join(out, file)), file).toBe(true);
    expect(todayFiles, file).not.toContain(file);
  }

  const server = await startSiteServer({buildDir: out});
  try {
    expect((await request.get(`${server.baseURL}${route}`)).status()).toBe(200);
  } finally {
    await server.stop();
  }
});
