/**
 * Lighthouse（Node API、既定の設定 = モバイル・模擬スロットリング）を Debian の Chromium で 1 回走らせる。
 * 1 回ごとに Chrome を起こして止める（キャッシュも Service Worker も持ち越さない）。
 */
import {launch, type LaunchedChrome} from 'chrome-launcher';
import {chromiumArgs, chromiumPath} from '../../lib/chromium';
import {readMainThread, type LhrAudits, type MainThreadRun} from './main-thread-lhr';
import {onCleanup, withTimeout} from './processes';
import type {ImageResource} from './types';

export type LighthouseRun = {
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
  readonly seo: number;
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly largestImage: ImageResource | null;
  readonly lighthouseVersion: string;
  /** メインスレッドの仕事の内訳（issue 55、main-thread-lhr.ts）。 */
  readonly mainThread: MainThreadRun;
  /** 読み込んだ JS のうち、ページが使わなかった部分（unused-javascript の見積もり、転送のバイト数）。 */
  readonly unusedJavaScriptBytes: number;
};

type Lhr = {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  runtimeError?: {code: string; message: string};
  categories: Record<string, {score: number | null} | undefined>;
  audits: LhrAudits & {
    'unused-javascript'?: {details?: {overallSavingsBytes?: number}};
  };
};

type NetworkItem = {url?: string; resourceType?: string; resourceSize?: number};

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

function score(lhr: Lhr, id: string): number {
  const value = lhr.categories[id]?.score;
  if (value === null || value === undefined)
    throw new Error(`Lighthouse: ${id} の点数がありません`);
  return Math.round(value * 100);
}

function numeric(lhr: Lhr, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse: ${id} の値がありません`);
  return value;
}

function largestImage(lhr: Lhr): ImageResource | null {
  const items = (lhr.audits['network-requests']?.details?.items ?? []) as NetworkItem[];
  let largest: ImageResource | null = null;
  for (const item of items) {
    if (item.resourceType !== 'Image' || !item.url || item.url.startsWith('data:')) continue;
    const bytes = item.resourceSize ?? 0;
    if (largest === null || bytes > largest.bytes) {
      largest = {url: new URL(item.url).pathname, bytes};
    }
  }
  return largest;
}

async function audit(chrome: LaunchedChrome, url: string): Promise<LighthouseRun> {
  // lighthouse は ESM 専用なので動的 import で読み込む。
  const {default: lighthouse} = await import('lighthouse');
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    maxWaitForLoad: 45_000,
  });
  if (!result) throw new Error('Lighthouse が結果を返しませんでした');
  const lhr = result.lhr as unknown as Lhr;
  if (lhr.runtimeError)
    throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    largestImage: largestImage(lhr),
    lighthouseVersion: lhr.lighthouseVersion,
    mainThread: readMainThread(lhr.audits, lhr.finalDisplayedUrl),
    unusedJavaScriptBytes: lhr.audits['unused-javascript']?.details?.overallSavingsBytes ?? 0,
  };
}

export async function runLighthouse(url: string, timeoutMs = 150_000): Promise<LighthouseRun> {
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: [...chromiumArgs, '--headless=new'],
    logLevel: 'silent',
    handleSIGINT: false,
  });
  const unregister = onCleanup(() => chrome.kill());
  try {
    return await withTimeout(audit(chrome, url), timeoutMs, `Lighthouse ${url}`);
  } finally {
    chrome.kill();
    unregister();
  }
}

/** Lighthouse 自身が「もう一度」と言う失敗（NO_NAVSTART など）は、同じ回の中でやり直す。 */
export const lighthouseAttempts = 3;

/** 失敗した試みの数と、成功した回（どれも失敗なら null）。失敗は警告に出す。 */
export async function runLighthouseRetrying(
  url: string,
  what: string,
): Promise<{readonly run: LighthouseRun | null; readonly failed: number}> {
  let failed = 0;
  for (let attempt = 1; attempt <= lighthouseAttempts; attempt++) {
    try {
      return {run: await runLighthouse(url), failed};
    } catch (error) {
      failed += 1;
      console.warn(
        `[bench] Lighthouse ${what} が失敗しました（${attempt}/${lighthouseAttempts} 回目）: ${String(error)}`,
      );
    }
  }
  return {run: null, failed};
}
