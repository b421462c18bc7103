/**
 * Issue 18: サイトが自分について述べること。ビルドの全 HTML・フィード・sitemap に書かれた
 * サイト内の URL（canonical、og:url、JSON-LD、印刷用の URL…）が、本物の配信（firebase.json の規則の
 * superstatic）で転送なしの 200 になるページそのものか。説明文はページごとに違うか。
 * 記事の JSON-LD の keywords はタグか。フィードは自分の URL と著者を持ち、npm のパーサーで読めるか。
 * どれもビルドのファイルを読むだけで、ブラウザーでページを開かない。
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parseFeed} from '@rowanmanning/feed-parser';
import {expect, test, type APIRequestContext} from '@playwright/test';
import {load, type CheerioAPI} from 'cheerio';
import {listHtmlFiles} from '../../lib/html-files';
import {routes, siteUrl} from '../../src/constants/site';
import {routeByName} from '../support/routes';
import {buildDir} from '../support/sitemap';

type BuiltPage = {
  /** ビルドのフォルダからの相対パス（docs/intro.html）。 */
  readonly file: string;
  readonly $: CheerioAPI;
  /** plugins/redirects が作る、古い URL から転送するだけのページ（meta refresh は noscript の中）。 */
  readonly redirect: boolean;
};

const siteOrigin = new URL(siteUrl).origin;
const feedFiles = ['blog/rss.xml', 'blog/atom.xml'] as const;

function readBuilt(file: string): string {
  return readFileSync(path.join(buildDir, file), 'utf8');
}

async function builtPages(): Promise<BuiltPage[]> {
  const files = (await listHtmlFiles(buildDir)).sort();
  return files.map((file) => {
    const html = readBuilt(file);
    return {file, $: load(html), redirect: /<meta http-equiv="refresh"/i.test(html)};
  });
}

/** docs/intro.html → /docs/intro、docs/0_intro/index.html → /docs/0_intro（相対 URL を解く基準）。 */
function routeOf(file: string): string {
  const route = `/${file.split(path.sep).join('/')}`.replace(/(\/index)?\.html$/, '');
  return route || '/';
}

/** JSON の中の文字列をすべて。 */
function jsonStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(jsonStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(jsonStrings);
  return [];
}

function jsonLd($: CheerioAPI): unknown[] {
  return $('script[type="application/ld+json"]')
    .toArray()
    .map((script) => JSON.parse($(script).text()) as unknown);
}

/** ページが自分について述べる URL（属性やデータの値）と、その出どころ。 */
function statedInPage({file, $}: BuiltPage): {url: string; source: string}[] {
  const attr = (selector: string, name: string, label: string) =>
    $(selector)
      .toArray()
      .map((el) => ({value: $(el).attr(name) ?? '', label}));
  const values = [
    ...attr('link[rel~="canonical"]', 'href', 'canonical'),
    ...attr('link[rel~="alternate"]', 'href', 'link rel=alternate'),
    ...attr('meta[property="og:url"]', 'content', 'og:url'),
    ...attr('meta[property="og:image"]', 'content', 'og:image'),
    ...attr('meta[name="twitter:image"]', 'content', 'twitter:image'),
    ...attr('[data-url]', 'data-url', '印刷用の URL (data-url)'),
    ...jsonLd($).flatMap((data) => jsonStrings(data).map((value) => ({value, label: 'JSON-LD'}))),
  ];
  const base = `${siteUrl}${routeOf(file)}`;
  return values.flatMap(({value, label}) => {
    if (!/^(https?:\/\/|\/)/.test(value)) return [];
    const url = new URL(value, base);
    return url.origin === siteOrigin ? [{url: url.href, source: `${file} ${label}`}] : [];
  });
}

/** sitemap とフィードに書かれた、サイト内の絶対 URL。 */
function statedInXml(file: string): {url: string; source: string}[] {
  const pattern = new RegExp(`${siteOrigin.replace(/[.]/g, '\\.')}[^\\s"'<>&]*`, 'g');
  return [...readBuilt(file).matchAll(pattern)].map(([url]) => ({url, source: file}));
}

type Answer = {status: number; location?: string; canonical?: string};

async function ask(request: APIRequestContext, url: string): Promise<Answer> {
  const response = await request.get(url.slice(siteOrigin.length), {maxRedirects: 0});
  const type = response.headers()['content-type'] ?? '';
  const canonical = type.startsWith('text/html')
    ? load(await response.text())('link[rel~="canonical"]').attr('href')
    : undefined;
  return {status: response.status(), location: response.headers().location, canonical};
}

test('サイト内の URL として述べるものは、どれも転送なしで 200 を返す、そのページの正規の URL', async ({
  request,
}) => {
  const stated = [
    ...(await builtPages()).flatMap(statedInPage),
    ...['sitemap.xml', ...feedFiles].flatMap(statedInXml),
  ];
  const sources = new Map<string, Set<string>>();
  for (const {url, source} of stated) {
    // 同じページの中の位置（#見出し）は、ページの URL として確かめる。
    const page = url.split('#')[0] ?? url;
    sources.set(page, (sources.get(page) ?? new Set()).add(source));
  }
  expect(sources.size).toBeGreaterThan(20);
  const problems: string[] = [];
  for (const [url, from] of sources) {
    const {status, location, canonical} = await ask(request, url);
    const wrong =
      status !== 200
        ? `${status}${location ? ` → ${location}` : ''}`
        : canonical !== undefined && canonical !== url
          ? `canonical は ${canonical}`
          : '';
    if (wrong) problems.push(`${url}: ${wrong}\n    ${[...from].join('\n    ')}`);
  }
  expect(problems.join('\n')).toBe('');
});

test('どのページにも、ほかのページと違う説明文（meta description）がある', async () => {
  const pages = (await builtPages()).filter((page) => !page.redirect);
  expect(pages.length).toBeGreaterThan(15);
  const byDescription = new Map<string, string[]>();
  for (const {file, $} of pages) {
    const description = ($('meta[name="description"]').attr('content') ?? '').trim();
    byDescription.set(description, [...(byDescription.get(description) ?? []), file]);
  }
  const shared = [...byDescription]
    .filter(([description, files]) => description === '' || files.length > 1)
    .map(([description, files]) => `「${description}」: ${files.join(', ')}`);
  expect(shared).toEqual([]);
});

type Posting = {'@type'?: string; url?: string; keywords?: unknown};

test('記事の JSON-LD（BlogPosting）の keywords は、その記事のタグの名前', async () => {
  const pages = await builtPages();
  const postings = pages.flatMap(({file, $}) =>
    jsonLd($)
      .flatMap((data) => [data, ...((data as {blogPost?: unknown[]}).blogPost ?? [])])
      .filter((data): data is Posting => (data as Posting)['@type'] === 'BlogPosting')
      .map((posting) => ({file, posting})),
  );
  // 記事のページと、ブログの一覧の 2 か所に載る。
  expect(postings.map(({file}) => file)).toEqual(
    expect.arrayContaining(['blog.html', `${routes.blogPost.slice(1)}.html`]),
  );
  for (const {file, posting} of postings) {
    const post = pages.find(({file: f}) => routeOf(f) === new URL(posting.url ?? '').pathname);
    const tags = post?.$('article a[rel="tag"]').toArray() ?? [];
    const labels = tags.map((tag) => post?.$(tag).text().trim());
    expect(labels.length, `${posting.url} のタグ`).toBeGreaterThan(0);
    expect(posting.keywords, `${file} の ${posting.url}`).toEqual(labels);
  }
});

test.describe('フィード', () => {
  for (const file of feedFiles) {
    test(`${file} は npm のフィードパーサーで読め、自分の URL（rel="self"）と記事の著者を持つ`, async ({
      request,
    }) => {
      const response = await request.get(`/${file}`);
      expect(response.status()).toBe(200);
      const feed = parseFeed(await response.text());
      expect(feed.self).toBe(`${siteUrl}/${file}`);
      expect(feed.items.length).toBeGreaterThan(0);
      const author = routeByName('blogAuthor').heading;
      for (const item of feed.items) {
        expect(
          item.authors.map(({name}) => name),
          `${item.url} の著者`,
        ).toEqual([author]);
      }
    });
  }
});
