/**
 * 成長の計測で 1 つのビルドについて測るもの: 入口の JS、ドキュメントを最下部まで読んだ JS、裏のプリキャッシュ、
 * 初回訪問の通信量、保存ボタンが示す量、検索（最初の検索のバイト数と、決めてあるクエリの正解率）、
 * 別の区画のページへ移るときに読む区画の表と、開くまでの時間。
 */
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import type {Browser} from '@playwright/test';
import {listHtmlFiles} from '../../../lib/html-files';
import {routes} from '../../../src/constants/site';
import {photoPath} from '../../../plugins/images/shared';
import {probeSearch} from '../browser';
import {firstLoadBytes} from '../bytes';
import {probeDataPlan} from '../data-plan';
import {jsAfterScrolling} from '../page-js';
import {precacheSize} from '../precache';
import {measureArchive, type ArchiveFigures} from './archive';
import {measureSectionNavigation, type NavigationFigures} from './navigation';
import {scoreSiteSearch, type Score} from '../../../plugins/search/quality/score';

/** 入口の JS を測るページ: ホーム、ドキュメント、記事。 */
export const entryRoutes = {home: routes.home, doc: routes.intro, post: routes.blogPost} as const;
export type EntryRoute = keyof typeof entryRoutes;

/** 最下部まで読んで JS を数えるドキュメント（図と描いた画面のある、いちばん重いページ）。 */
export const scrolledDoc = routes.organizerManagement;

export type SaveOfferSize = {readonly id: string; readonly bytes: number};

export type BuildFigures = {
  readonly htmlFiles: number;
  /** 入口の JS（HTML が直接読む JS）の gzip。 */
  readonly firstLoadJs: Readonly<Record<EntryRoute, number>>;
  /** scrolledDoc を最下部まで読んだあとの JS の brotli。 */
  readonly docJsAfterScroll: number;
  /** 裏のプリキャッシュ（sw.js のマニフェストのファイルの生のバイト数）。 */
  readonly backgroundPrecache: number;
  /** 初回訪問（通常の回線）で 20 秒以内に転送されたバイト数。 */
  readonly firstVisit: number;
  readonly saveOffers: readonly SaveOfferSize[];
  /** 最初の検索で取ったファイルの転送バイト数。 */
  readonly searchFirstQuery: number;
  /** 決めてあるクエリ（plugins/search/quality/queries.ts）をサイトの検索 UI で探した結果。 */
  readonly searchQuality: Score;
  /** ドキュメントからブログ（別の区画）へ移るときの区画の表と、開くまでの時間（遅い 4G）。 */
  readonly navigation: NavigationFigures;
  /** ブログのアーカイブを 390 px で開いたときと、最下部までスクロールしたときの転送バイト数。 */
  readonly archive: ArchiveFigures;
  /** ビルドが出した写真のファイル（幅ごとの AVIF と予備の JPEG）の数と合計のバイト数。 */
  readonly shippedPhotos: {readonly files: number; readonly bytes: number};
};

function shippedPhotos(buildDir: string): BuildFigures['shippedPhotos'] {
  const dir = path.join(buildDir, photoPath);
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    // 写真のないサイト
  }
  const bytes = files.reduce((sum, file) => sum + statSync(path.join(dir, file)).size, 0);
  return {files: files.length, bytes};
}

/** build/offline-save.json が示す保存の選択肢と、その量（配信時の見積もり）。 */
function saveOffers(buildDir: string): SaveOfferSize[] {
  const list = JSON.parse(readFileSync(path.join(buildDir, 'offline-save.json'), 'utf8')) as {
    offers?: readonly SaveOfferSize[];
    bytes?: number;
  };
  // 選択肢のない形（全部を 1 つで保存する）は、「すべて」だけを示す。
  return list.offers ? [...list.offers] : [{id: 'all', bytes: list.bytes ?? 0}];
}

async function scoreSearch(browser: Browser, baseURL: string, buildDir: string): Promise<Score> {
  const page = await browser.newPage({locale: 'ja-JP', serviceWorkers: 'block'});
  try {
    return await scoreSiteSearch(page, baseURL, buildDir);
  } finally {
    await page.close();
  }
}

export async function measureBuild(
  browser: Browser,
  baseURL: string,
  buildDir: string,
): Promise<BuildFigures> {
  const firstLoadJs = Object.fromEntries(
    Object.entries(entryRoutes).map(([name, route]) => [
      name,
      firstLoadBytes(buildDir, route).js.gzip,
    ]),
  ) as Record<EntryRoute, number>;
  const search = await probeSearch(browser, baseURL, 'ミッション');
  return {
    htmlFiles: (await listHtmlFiles(buildDir)).length,
    firstLoadJs,
    docJsAfterScroll: (await jsAfterScrolling(browser, baseURL, buildDir, scrolledDoc)).brotli,
    backgroundPrecache: precacheSize(buildDir)?.bytes ?? 0,
    firstVisit: (await probeDataPlan(browser, baseURL)).ordinary.total,
    saveOffers: saveOffers(buildDir),
    searchFirstQuery: search?.transfer ?? 0,
    searchQuality: await scoreSearch(browser, baseURL, buildDir),
    navigation: await measureSectionNavigation(browser, baseURL),
    archive: await measureArchive(browser, baseURL),
    shippedPhotos: shippedPhotos(buildDir),
  };
}
