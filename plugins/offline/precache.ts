import {createHash} from 'node:crypto';
import {readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import type {ManifestEntry, ManifestTransform} from 'workbox-build';
import {buildState} from '../build-state';
import {chunksForRoutes} from './route-chunks';
import {saveListFile, type SaveList} from './shared';

type SizedEntry = ManifestEntry & {size: number};

/**
 * どこにも置かないもの: SNS 用カード画像（ページには表示しない）、Service Worker 自身など、
 * そして 404 ページ（配信は /404 にも状態 404 で答えるので保存できない。オフラインで未知のパスを
 * 開いたときは Service Worker がオフライン用のページを返す）。
 */
const excluded = [
  /^404\.html$/,
  /^img\/og\//,
  /^img\/social-card\.png$/,
  /^sw\.js$/,
  /^\d+\.sw\.js$/,
  new RegExp(`^${saveListFile.replace('.', '\\.')}$`),
  /^pagefind\/pagefind-(ui|modular-ui|component-ui)/,
];

/**
 * 初回訪問の裏では取らず、「オフラインで読めるように保存」を押したときだけ取るもの:
 * 検索インデックス、ホーム画面用アイコン、ブログ、旧 URL の転送ページ、見本ページ、
 * そしてドキュメントとホームの表示に要らない JS（下の backgroundJs 以外）。
 * ドキュメントを読むための HTML・JS・CSS は裏で取る（1 回の訪問でオフラインでも読める）。
 */
const onlyOnRequest = [
  /^pagefind\//,
  /^img\/icons\//,
  /^blog(\/|$)/,
  /^docs\/0_intro$/,
  /^docs\/アプリの使用方法(\/|$)/,
  /^markdown-page$/,
];

/** build/docs/intro.html は /docs/intro で配信される（trailingSlash: false と cleanUrls）。 */
export function cleanUrl(url: string): string {
  if (url === 'index.html') return url;
  if (url.endsWith('/index.html')) return url.slice(0, -'/index.html'.length);
  return url.endsWith('.html') ? url.slice(0, -'.html'.length) : url;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

/** 検索インデックス（Pagefind）一式。プラグイン既定の glob は拡張子が合わず拾わない。 */
export function searchIndexEntries(outDir: string): SizedEntry[] {
  const dir = path.join(outDir, 'pagefind');
  let files: string[];
  try {
    files = listFiles(dir);
  } catch {
    return [];
  }
  return files
    .filter((file) => !/\.(js|json|css)$/.test(file))
    .map((file) => {
      const content = readFileSync(file);
      return {
        url: path.relative(outDir, file).split(path.sep).join('/'),
        revision: createHash('md5').update(content).digest('hex'),
        size: content.length,
      };
    });
}

/** 裏で取るルート: ドキュメントとホーム（routesChunkNames のキーは「パス-ハッシュ3桁」）。 */
const isBackgroundRoute = (routeKey: string): boolean =>
  /^\/(docs)?(\/.*)?-[0-9a-f]{3}$/.test(routeKey);

/** HTML が直接読む JS（入口）。 */
function entryScripts(outDir: string): string[] {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  return [...html.matchAll(/\/(assets\/js\/[^"' >]+\.js)/g)].map((m) => m[1] as string);
}

/**
 * ルートの一覧には載らない遅延チャンクのうち、オフラインでも使えるように裏で取るもの（webpackChunkName の名前）:
 * 開催準備プランナー（src/components/HostPlanner）と、Service Worker を登録する workbox-window
 * （client/register.ts。オフラインで開いたページも登録を試みる）。名前が変わって見つからなければビルドを止める。
 */
const lazyBackgroundChunks = ['host-planner', 'workbox-window'] as const;

function lazyBackgroundJs(urls: readonly string[]): string[] {
  return lazyBackgroundChunks.map((name) => {
    const pattern = new RegExp(`^assets/js/${name}\\.[0-9a-f]+\\.js$`);
    const found = urls.find((url) => pattern.test(url));
    if (!found) throw new Error(`[denki-offline] 遅延チャンク ${name} が build にありません`);
    return found;
  });
}

/** 裏で取る JS: 入口と、ドキュメント・ホームのルートが読むチャンクと、上の遅延チャンク。 */
export function backgroundJs(outDir: string, urls: readonly string[]): Set<string> {
  return new Set([
    ...entryScripts(outDir),
    ...chunksForRoutes(outDir, urls, isBackgroundRoute),
    ...lazyBackgroundJs(urls),
  ]);
}

export function isBackgroundEntry(url: string, js: ReadonlySet<string>): boolean {
  if (url.endsWith('.js')) return js.has(url);
  return !onlyOnRequest.some((pattern) => pattern.test(url));
}

/** 配信時（gzip）の大きさ。保存ボタンが「約 N MB」と先に示すための見積もり。 */
function transferSize(outDir: string, url: string): number {
  const candidates = [url, `${url}.html`, path.join(url, 'index.html')];
  for (const candidate of candidates) {
    try {
      const file = path.join(outDir, candidate);
      if (statSync(file).isFile()) return gzipSync(readFileSync(file)).length;
    } catch {
      // 次の候補へ
    }
  }
  throw new Error(`[denki-offline] プリキャッシュの ${url} に当たるファイルが build にありません`);
}

/** 保存ボタン用の一覧（全ファイル）を build/offline-save.json に書く。 */
export function writeSaveList(outDir: string, entries: readonly ManifestEntry[]): SaveList {
  const files = entries.map((entry) => ({
    url: `/${entry.url === 'index.html' ? '' : entry.url}`,
    bytes: transferSize(outDir, entry.url),
  }));
  const version = createHash('md5')
    .update(entries.map((entry) => `${entry.url}@${entry.revision ?? ''}`).join('\n'))
    .digest('hex')
    .slice(0, 12);
  const list: SaveList = {version, bytes: files.reduce((sum, f) => sum + f.bytes, 0), files};
  writeFileSync(path.join(outDir, saveListFile), JSON.stringify(list));
  return list;
}

export const precacheTransform: ManifestTransform = async (entries) => {
  await Promise.all([buildState.searchIndexWritten, buildState.socialCardsWritten]);
  const kept = entries
    .filter((entry) => !excluded.some((pattern) => pattern.test(entry.url)))
    .map((entry) => ({...entry, url: cleanUrl(entry.url)}));
  const search = buildState.outDir ? searchIndexEntries(buildState.outDir) : [];
  const all = [...kept, ...search];
  const outDir = buildState.outDir;
  if (!outDir) return {manifest: all, warnings: []};
  writeSaveList(outDir, all);
  const js = backgroundJs(
    outDir,
    all.map((entry) => entry.url),
  );
  return {manifest: all.filter((entry) => isBackgroundEntry(entry.url, js)), warnings: []};
};
