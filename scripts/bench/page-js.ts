/**
 * Issue 10 と 20: ページを読み終えるまでの JavaScript。サイトのすべてのページを最下部まで少しずつスクロールし
 * （画面に近づいた図や部品を読む実装でも読ませる）、それまでに取得した JS を数える。値はそれらのファイルの brotli（品質 11、表のほかの
 * バイト数と同じ bytes.ts の measure）の合計。ヘッダーは数えない: ベンチの HTTP/1.1 では応答ごとに同じ約 1.4 KiB
 * （CSP など）が繰り返されるが、Firebase Hosting の HTTP/2・HTTP/3 ではヘッダー圧縮でほぼ消える。
 * Service Worker は止める（プリキャッシュはページの JS ではなく、data-plan.ts が別に測る）。
 * 単独でも測れる: tsx scripts/bench/page-js.ts [ビルドのフォルダー] [ポート]
 */
import path from 'node:path';
import type {Browser, Page} from '@playwright/test';
import {startSiteServer} from '../../lib/site-server';
import {routes} from '../../src/constants/site';
import {KiB, type PageJs, type Verdict} from './types';
import {launchBrowser} from './browser';
import {readNumberBudget} from './budgets';
import {filesBytes} from './bytes';

/** サイトのすべてのページ。 */
export const pageJsRoutes: readonly string[] = Object.values(routes);

export const pageJsFigure = 'JS after scrolling to the bottom, br (KiB)';

async function scrollToBottom(page: Page): Promise<void> {
  for (let step = 0; step < 60; step++) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(150);
    if (atBottom) break;
  }
  await page.waitForLoadState('networkidle', {timeout: 15_000}).catch(() => undefined);
}

async function scriptsAfterScrolling(
  browser: Browser,
  baseURL: string,
  route: string,
): Promise<string[]> {
  const context = await browser.newContext({
    baseURL,
    locale: 'ja-JP',
    viewport: {width: 412, height: 823},
    serviceWorkers: 'block',
  });
  try {
    const scripts = new Set<string>();
    context.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    const page = await context.newPage();
    await page.goto(route, {waitUntil: 'load', timeout: 30_000});
    await page.waitForLoadState('networkidle', {timeout: 15_000}).catch(() => undefined);
    await scrollToBottom(page);
    return [...scripts];
  } finally {
    await context.close();
  }
}

/** route を開いて最下部まで読み、取得した JS の brotli の合計。 */
export async function jsAfterScrolling(
  browser: Browser,
  baseURL: string,
  buildDir: string,
  route: string,
): Promise<PageJs> {
  const scripts = await scriptsAfterScrolling(browser, baseURL, route);
  return {route, brotli: filesBytes(buildDir, scripts).brotli, files: scripts.length};
}

export async function probePageJs(
  browser: Browser,
  baseURL: string,
  buildDir: string,
): Promise<PageJs[]> {
  const results: PageJs[] = [];
  for (const route of pageJsRoutes) {
    results.push(await jsAfterScrolling(browser, baseURL, buildDir, route));
  }
  return results;
}

/** bench/budgets.json の pageJsMaxKiB（issue 10、20）。 */
export const readPageJsBudget = (file: string): number => readNumberBudget(file, 'pageJsMaxKiB');

export function checkPageJs(results: readonly PageJs[] | null, maxKiB: number): Verdict[] {
  return pageJsRoutes.map((route) => {
    const found = results?.find((result) => result.route === route);
    const value = found ? found.brotli / KiB : null;
    return {
      figure: pageJsFigure,
      route,
      value,
      budget: `≤ ${maxKiB} KiB`,
      ok: value === null ? null : value <= maxKiB,
    };
  });
}

async function main(): Promise<void> {
  const projectRoot = path.resolve(__dirname, '../..');
  const [folder = 'build', portText = '3190'] = process.argv.slice(2);
  const buildDir = path.resolve(projectRoot, folder);
  const server = await startSiteServer({buildDir, port: Number(portText), compression: true});
  const browser = await launchBrowser();
  try {
    const results = await probePageJs(browser, server.baseURL, buildDir);
    const budget = readPageJsBudget(path.join(projectRoot, 'bench/budgets.json'));
    for (const verdict of checkPageJs(results, budget)) {
      const files = results.find((result) => result.route === verdict.route)?.files;
      console.log(
        `${verdict.route}: ${verdict.value?.toFixed(1)} KiB (${files} files) ${verdict.budget} ${verdict.ok ? 'ok' : 'OVER'}`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
