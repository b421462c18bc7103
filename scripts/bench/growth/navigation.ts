/**
 * 別の区画のページを開くとき、区画ごとのルート表（plugins/routes）が読者に払わせるもの。
 * ドキュメント（/docs/intro）を読み終えてから、ナビバーの「ブログ」で記事の一覧（ブログの区画）へ移る。
 * 回線は遅い 4G（往復 150 ms、1.6 Mbps。Lighthouse のモバイルと同じ値）。
 *   - データセーバー: 先読みしないので、ブログの表をクリックしてから読む（読者にいちばん重い場合）。
 *   - 通常の回線: 見えているリンクの行き先を表ごと空き時間に先読みするので、クリックのあとに表は読まない。
 */
import type {Browser, Page} from '@playwright/test';
import {connections, fakeConnection, type FakeConnection} from '../../../lib/connection';
import {waitForPageReady} from '../../../lib/page-ready';
import {routes} from '../../../src/constants/site';
import type {Spread} from '../types';
import {spread} from '../stats';

const slow4g = {latencyMs: 150, bitsPerSecond: 1.6 * 1000 * 1000} as const;
const runs = 3;
const routeTable = /\/assets\/js\/routes-[a-z0-9-]+-\d+\.[0-9a-f]+\.js$/;

export type SectionNavigation = {
  /** クリックのあとに読んだ区画の表の転送バイト数（中央値の回のもの）。 */
  readonly tableBytes: number;
  /** 区画の表の取得にかかった時間（ms）。 */
  readonly tableMs: Spread;
  /** クリックから一覧の h1 が出るまで（ms）。 */
  readonly openMs: Spread;
};

export type NavigationFigures = Readonly<Record<'saveData' | 'ordinary', SectionNavigation>>;

type Run = {readonly tableBytes: number; readonly tableMs: number; readonly openMs: number};

/** ページの中で評価する: クリックの時刻を覚える。 */
function markClick(): void {
  document.addEventListener(
    'click',
    () => {
      (window as unknown as {denkiClickAt: number}).denkiClickAt = performance.now();
    },
    {capture: true, once: true},
  );
}

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: slow4g.latencyMs,
    downloadThroughput: slow4g.bitsPerSecond / 8,
    uploadThroughput: slow4g.bitsPerSecond / 8,
  });
}

async function navigateOnce(
  browser: Browser,
  baseURL: string,
  connection: FakeConnection,
): Promise<Run> {
  const context = await browser.newContext({baseURL, locale: 'ja-JP', serviceWorkers: 'block'});
  context.setDefaultTimeout(60_000);
  try {
    await context.addInitScript(fakeConnection, connection);
    const page = await context.newPage();
    await throttle(page);
    await page.goto(routes.intro, {waitUntil: 'load'});
    await waitForPageReady(page);
    const before = await page.locator('h1').first().textContent();
    await page.evaluate(markClick);
    await page.locator(`.navbar a[href="${routes.blog}"]`).first().click();
    await page.waitForFunction(
      ({path, old}) =>
        location.pathname === path && document.querySelector('h1')?.textContent !== old,
      {path: routes.blog, old: before},
      {polling: 'raf'},
    );
    return await page.evaluate((tablePattern) => {
      const openedAt = performance.now();
      const clickAt = (window as unknown as {denkiClickAt: number}).denkiClickAt;
      const tables = performance
        .getEntriesByType('resource')
        .filter(
          (entry): entry is PerformanceResourceTiming =>
            entry.startTime >= clickAt && new RegExp(tablePattern).test(entry.name),
        );
      return {
        tableBytes: tables.reduce((sum, entry) => sum + entry.transferSize, 0),
        tableMs: tables.reduce((sum, entry) => sum + (entry.responseEnd - entry.startTime), 0),
        openMs: openedAt - clickAt,
      };
    }, routeTable.source);
  } finally {
    await context.close();
  }
}

async function measure(
  browser: Browser,
  baseURL: string,
  connection: FakeConnection,
): Promise<SectionNavigation> {
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) results.push(await navigateOnce(browser, baseURL, connection));
  const openMs = spread(results.map((run) => run.openMs));
  const median = results.find((run) => run.openMs === openMs.median) ?? results[0];
  return {
    tableBytes: median?.tableBytes ?? 0,
    tableMs: spread(results.map((run) => run.tableMs)),
    openMs,
  };
}

export async function measureSectionNavigation(
  browser: Browser,
  baseURL: string,
): Promise<NavigationFigures> {
  return {
    saveData: await measure(browser, baseURL, connections.saveData),
    ordinary: await measure(browser, baseURL, connections.fast),
  };
}
