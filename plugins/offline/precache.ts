import {createHash} from 'node:crypto';
import {readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {gzip} from 'node:zlib';
import pMap from 'p-map';
import type {ManifestEntry, ManifestTransform} from 'workbox-build';
import {offlineBackgroundRoutes} from '../../src/constants/site';
import {offlineVariant, photosByPage} from '../images/pages';
import {photoPath} from '../images/shared';
import {buildState} from '../build-state';
import {editorDir} from '../editor/shared';
import {valueCache} from '../cache';
import {chunksForRoutes, unroutedChunks} from './route-chunks';
import {
  bytesOf,
  filesFor,
  photosFor,
  saveListFile,
  type SaveFile,
  type SaveList,
  type SavePhoto,
  type SaveScope,
} from './shared';

type SizedEntry = ManifestEntry & {size: number};

/** 写真のフォルダー（outDir からの相対、/ で終わる）。 */
const photoDir = photoPath.slice(1);

/**
 * Workbox がたどらないフォルダー（injectManifest の globIgnores）。どれもプリキャッシュしないファイル（下の excluded）
 * だけを持ち、50 倍のサイトでは写真が 28,000 ファイル、SNS カードが 1,000 ファイルある。
 * エディター（/admin/）は事務局だけが開くもので、読者の端末には保存しない。
 */
export const precacheGlobIgnores = [`${photoDir}**`, 'img/og/**', `${editorDir}/**`];

/**
 * Service Worker が保存する 1 ファイルの上限（Workbox の maximumFileSizeToCacheInBytes。設定が渡す）。
 * 超えたファイルはビルドを止めずに、名前を挙げて警告し、配信から読ませる（leftToNetwork）。
 */
export const precacheFileMaxBytes = 3 * 1024 * 1024;

/**
 * どこにも置かないもの: SNS 用カード画像（ページには表示しない）、Service Worker 自身など、
 * そして 404 ページ（配信は /404 にも状態 404 で答えるので保存できない。オフラインで未知のパスを
 * 開いたときは Service Worker がオフライン用のページを返す）。
 */
const excluded = [
  /^404\.html$/,
  /^img\/og\//,
  /^img\/social-card\.png$/,
  // 写真（plugins/images）の幅ごとのファイル。
  new RegExp(`^${photoDir}`),
  /^sw\.js$/,
  /^\d+\.sw\.js$/,
  new RegExp(`^${saveListFile.replace('.', '\\.')}$`),
  /^pagefind\/pagefind-(ui|modular-ui|component-ui)/,
  new RegExp(`^${editorDir}/`),
];

/**
 * 保存ボタンで「すべて」を選んだときだけ取るもの（「ドキュメントだけ」には入らない）: 検索インデックス、
 * ホーム画面用アイコン、ブログ、旧 URL の転送ページ、見本ページ、そしてドキュメントとホームの表示に要らない JS。
 */
const onlyInEverything = [
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

/** dir の下のファイル。写真のフォルダー（数万のファイル、どれもプリキャッシュしない）には入らない。 */
function listFiles(dir: string, outDir = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (!statSync(full).isDirectory()) return [full];
    return `${relativeUrl(outDir, full)}/` === photoDir ? [] : listFiles(full, outDir);
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
        url: relativeUrl(outDir, file),
        revision: createHash('md5').update(content).digest('hex'),
        size: content.length,
      };
    });
}

/** outDir からの相対パス（/ 区切り）。 */
const relativeUrl = (outDir: string, file: string): string =>
  path.relative(outDir, file).split(path.sep).join('/');

/** プリキャッシュの候補になる種類: @docusaurus/plugin-pwa が Workbox に渡す globPatterns と、検索インデックス。 */
const precachedKinds = /\.(js|json|css|html|png|jpe?g|gif|svg|ico|woff2?|eot|ttf|otf)$|^pagefind\//;

/** 上限を超えたので Workbox がプリキャッシュの候補から外したファイル（どこにも置かないものを除く）と、その大きさ。 */
export function oversizedFiles(outDir: string, maxBytes: number): Map<string, number> {
  const oversized = new Map<string, number>();
  for (const file of listFiles(outDir)) {
    const url = relativeUrl(outDir, file);
    if (!precachedKinds.test(url) || excluded.some((pattern) => pattern.test(url))) continue;
    const {size} = statSync(file);
    if (size > maxBytes) oversized.set(url, size);
  }
  return oversized;
}

const mib = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(2)} MiB`;

/** 上限を超えたファイルを名前と大きさで挙げる警告（ビルドは続ける）。 */
export function oversizedWarning(oversized: ReadonlyMap<string, number>, maxBytes: number): string {
  const names = [...oversized].map(([url, size]) => `  - ${url}（${mib(size)}）`).join('\n');
  return `[denki-offline] 次のファイルは Service Worker が保存する上限（${mib(maxBytes)}）を超えるので、プリキャッシュにも保存ボタンの一覧にも入れず、配信から読みます。オフラインでは、これを使うページは開けません。分けて小さくできるか見直してください。\n${names}`;
}

/** ルートのキー（routesChunkNames と同じ「パス-ハッシュ3桁」）のパス。 */
const routePath = (routeKey: string): string => routeKey.replace(/-[0-9a-f]{3}$/, '');

const backgroundRoutes = new Set(offlineBackgroundRoutes);

/** 裏で取るルート（/docs はドキュメントの枠のルートも兼ねる）。 */
const isBackgroundRoute = (routeKey: string): boolean => backgroundRoutes.has(routePath(routeKey));

/** 「ドキュメントだけ」の保存に入るルート: ホームと、すべてのドキュメント。 */
const isDocsRoute = (routeKey: string): boolean => /^\/(docs(\/.*)?)?$/.test(routePath(routeKey));

/** HTML が直接読む JS（入口）。 */
function entryScripts(outDir: string): string[] {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  return [...html.matchAll(/\/(assets\/js\/[^"' >]+\.js)/g)].map((m) => m[1] as string);
}

/**
 * 入口と、どのルートにも属さない遅延チャンク（検索の画面、更新の案内、保存ボタンの本体、開催準備プランナー…）に、
 * routeKey で選んだルートが読むチャンクを足した JS。
 * 遅延チャンクは名前で選ばずに全部取る: 保存した古い版のページは、新しい版が出たあとも自分の版の遅延チャンクを
 * 読むので、それが手元に無いと（配信からは消えているので）読み込みに失敗する。
 */
function jsFor(
  outDir: string,
  urls: readonly string[],
  isWanted: (routeKey: string) => boolean,
  leftToNetwork: ReadonlySet<string>,
): Set<string> {
  return new Set([
    ...entryScripts(outDir),
    ...unroutedChunks(buildState.routeFilesPath, urls, leftToNetwork),
    ...chunksForRoutes(buildState.routeFilesPath, urls, isWanted, leftToNetwork),
  ]);
}

/** 保存の一覧の 1 件になる、プリキャッシュの候補。page はページの HTML（URL はクリーン URL）。 */
type Candidate = SizedEntry & {readonly page: boolean};

type Placement = {readonly scope: SaveScope; readonly background: boolean};

/** 候補を、保存の選択肢（ドキュメントだけ／すべて）と、初回の訪問の裏で取るかどうかに振り分ける。 */
function placer(
  outDir: string,
  urls: readonly string[],
  leftToNetwork: ReadonlySet<string>,
): (entry: Candidate) => Placement {
  const backgroundJs = jsFor(outDir, urls, isBackgroundRoute, leftToNetwork);
  const docsJs = jsFor(outDir, urls, isDocsRoute, leftToNetwork);
  return (entry) => {
    if (entry.url.endsWith('.js')) {
      return {
        scope: docsJs.has(entry.url) ? 'docs' : 'all',
        background: backgroundJs.has(entry.url),
      };
    }
    const scope = onlyInEverything.some((pattern) => pattern.test(entry.url)) ? 'all' : 'docs';
    const pagePath = entry.url === 'index.html' ? '/' : `/${entry.url}`;
    const background = entry.page ? backgroundRoutes.has(pagePath) : scope === 'docs';
    return {scope, background};
  };
}

const gzipAsync = promisify(gzip);

/**
 * 中身 → 配信時の大きさ。記事を 1 本直したビルドでは、ほとんどのファイルが前のビルドと同じ中身なので、
 * 圧縮し直さない。HTML はスクリプトとスタイルのファイル名（どこかのチャンクが変わればすべてのページで変わる）を
 * 伏せた中身を鍵にする。名前の長さは同じなので、大きさの違いは数バイト（見積もりは 0.1 MB 単位で示す）。
 */
const transferSizes = valueCache<number>('denki-offline', 'transfer-sizes.json');

const assetNames = /\/assets\/(js|css)\/[^"' >]+\.(js|css)/g;

function sizeKey(file: string, content: Buffer): string {
  const hash = createHash('md5');
  if (file.endsWith('.html'))
    hash.update(content.toString('utf8').replace(assetNames, '/assets/$1/*.$2'));
  else hash.update(content);
  return hash.digest('hex');
}

/**
 * 配信時（gzip）の大きさ。保存ボタンが「約 N MB」と先に示すための見積もり。圧縮は libuv のスレッドで
 * 並べて行う（50 倍のサイトでは数千のファイル）。
 */
async function transferSize(outDir: string, url: string): Promise<number> {
  const candidates = [url, `${url}.html`, path.join(url, 'index.html')];
  for (const candidate of candidates) {
    const file = path.join(outDir, candidate);
    let content: Buffer;
    try {
      if (!statSync(file).isFile()) continue;
      content = await readFile(file);
    } catch {
      continue;
    }
    const key = sizeKey(file, content);
    const cached = transferSizes.get(key);
    if (cached !== undefined) return cached;
    const size = (await gzipAsync(content)).length;
    transferSizes.set(key, size);
    return size;
  }
  throw new Error(`[denki-offline] プリキャッシュの ${url} に当たるファイルが build にありません`);
}

/**
 * 保存の一覧に載せるページの写真。写真ごとに、スマートフォンでページが選ぶ幅の 1 ファイル（裏では取らず、
 * 写真も保存すると選んだときだけ取る）。pageScopes: 保存の一覧に載るページ（クリーン URL）とその選択肢。
 */
export async function savePhotos(
  outDir: string,
  pageScopes: ReadonlyMap<string, SaveScope>,
): Promise<SavePhoto[]> {
  const photos = new Map<string, SavePhoto>();
  for (const [file, pagePhotos] of await photosByPage(outDir)) {
    const scope = pageScopes.get(cleanUrl(file));
    if (!scope) continue;
    for (const photo of pagePhotos) {
      const {url} = offlineVariant(photo);
      // ドキュメントのページにも載る写真は、ドキュメントだけの保存にも入れる。
      if (photos.get(url)?.scope === 'docs') continue;
      photos.set(url, {
        url,
        bytes: statSync(path.join(outDir, url)).size,
        scope,
        variants: photo.candidates
          .map((candidate) => candidate.url)
          .filter((other) => other !== url),
      });
    }
  }
  return [...photos.values()];
}

/** 保存ボタン用の一覧（ドキュメントのファイルが先、写真は別に）を build/offline-save.json に書く。 */
export async function writeSaveList(
  outDir: string,
  entries: readonly (ManifestEntry & {readonly scope: SaveScope})[],
  photos: readonly SavePhoto[],
): Promise<SaveList> {
  const ordered = [...entries].sort(
    (a, b) => Number(a.scope === 'all') - Number(b.scope === 'all'),
  );
  const files: SaveFile[] = await pMap(
    ordered,
    async (entry) => ({
      url: `/${entry.url === 'index.html' ? '' : entry.url}`,
      bytes: await transferSize(outDir, entry.url),
      scope: entry.scope,
    }),
    {concurrency: 8},
  );
  transferSizes.save();
  const version = createHash('md5')
    .update(ordered.map((entry) => `${entry.url}@${entry.revision ?? ''}`).join('\n'))
    .update(photos.map((photo) => photo.url).join('\n'))
    .digest('hex')
    .slice(0, 12);
  const offers = (['docs', 'all'] as const).map((id) => {
    const scopePhotos = photosFor({photos}, id);
    return {
      id,
      bytes: bytesOf(filesFor({files}, id)),
      photos: {count: scopePhotos.length, bytes: bytesOf(scopePhotos)},
    };
  });
  const list: SaveList = {version, offers, files, photos};
  writeFileSync(path.join(outDir, saveListFile), JSON.stringify(list));
  return list;
}

/** Workbox が呼ぶ。出力を書き換えるほかの postBuild は、pwa.ts が Workbox を始める前に待ち終えている。 */
export const precacheTransform: ManifestTransform = async (entries) => {
  const kept: Candidate[] = entries
    .filter((entry) => !excluded.some((pattern) => pattern.test(entry.url)))
    .map((entry) => ({...entry, url: cleanUrl(entry.url), page: entry.url.endsWith('.html')}));
  const outDir = buildState.outDir;
  if (!outDir) return {manifest: kept, warnings: []};
  const oversized = oversizedFiles(outDir, precacheFileMaxBytes);
  if (oversized.size > 0) console.warn(oversizedWarning(oversized, precacheFileMaxBytes));
  const search = searchIndexEntries(outDir)
    .filter((entry) => !oversized.has(entry.url))
    .map((entry) => ({...entry, page: false}));
  const all = [...kept, ...search];
  const place = placer(
    outDir,
    all.map((entry) => entry.url),
    new Set(oversized.keys()),
  );
  const placed = all.map((entry) => ({...entry, ...place(entry)}));
  const pageScopes = new Map(
    placed.filter((entry) => entry.page).map((entry) => [entry.url, entry.scope] as const),
  );
  await writeSaveList(outDir, placed, await savePhotos(outDir, pageScopes));
  const manifest = placed
    .filter((entry) => entry.background)
    .map(({url, revision, size}) => ({url, revision, size}));
  return {manifest, warnings: []};
};
