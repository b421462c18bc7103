/**
 * 読者の通信量（issue 11）: 初回訪問で実際に転送されるバイト数。ページ自身が取るものと、
 * 20 秒以内に裏で取られるもの（Service Worker のプリキャッシュなど）を、通常の回線と
 * データセーバー（Save-Data ヘッダーと navigator.connection.saveData）で測る。
 */
import type {Browser, Request} from '@playwright/test';
import {readFileSync} from 'node:fs';
import {connections, fakeConnection} from '../../lib/connection';
import {KiB, type DataPlanResult, type FirstVisitBytes, type Verdict} from './types';

export const dataPlanRoute = '/docs/app-usage/participant-guide';
const backgroundWindowMs = 20_000;

/** 応答の転送バイト数（ヘッダーと本文）。 */
export async function transferOf(request: Request): Promise<number> {
  const sizes = await request.sizes().catch(() => null);
  if (!sizes) return 0;
  return sizes.responseHeadersSize + Math.max(0, sizes.responseBodySize);
}

async function firstVisit(
  browser: Browser,
  baseURL: string,
  route: string,
  saveData: boolean,
): Promise<FirstVisitBytes> {
  const context = await browser.newContext({
    baseURL,
    locale: 'ja-JP',
    viewport: {width: 412, height: 823},
    ...(saveData ? {extraHTTPHeaders: {'Save-Data': 'on'}} : {}),
  });
  try {
    await context.addInitScript(fakeConnection, saveData ? connections.saveData : connections.fast);
    const finished: {request: Request; atPageLoad: boolean}[] = [];
    let loaded = false;
    context.on('requestfinished', (request) => finished.push({request, atPageLoad: !loaded}));
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(route, {waitUntil: 'load', timeout: 30_000});
    await page.waitForLoadState('networkidle', {timeout: 15_000}).catch(() => undefined);
    loaded = true;
    await page.waitForTimeout(Math.max(0, backgroundWindowMs - (Date.now() - started)));
    const sized = await Promise.all(
      finished.map(async ({request, atPageLoad}) => ({
        bytes: await transferOf(request),
        fromPage: atPageLoad && request.serviceWorker() === null,
      })),
    );
    const pageRows = sized.filter((row) => row.fromPage);
    const sum = (rows: typeof sized): number => rows.reduce((total, row) => total + row.bytes, 0);
    return {
      page: sum(pageRows),
      total: sum(sized),
      pageRequests: pageRows.length,
      totalRequests: sized.length,
    };
  } finally {
    await context.close();
  }
}

export async function probeDataPlan(browser: Browser, baseURL: string): Promise<DataPlanResult> {
  return {
    route: dataPlanRoute,
    ordinary: await firstVisit(browser, baseURL, dataPlanRoute, false),
    saveData: await firstVisit(browser, baseURL, dataPlanRoute, true),
  };
}

export type DataPlanBudgets = {
  readonly firstVisitOrdinaryMaxKiB: number;
  readonly firstVisitSaveDataMaxPageRatio: number;
};

/** bench/budgets.json の issue 11 の予算（ほかの予算とは別に読む）。 */
export function readDataPlanBudgets(file: string): DataPlanBudgets {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<DataPlanBudgets>;
  const {firstVisitOrdinaryMaxKiB, firstVisitSaveDataMaxPageRatio} = parsed;
  if (
    typeof firstVisitOrdinaryMaxKiB !== 'number' ||
    typeof firstVisitSaveDataMaxPageRatio !== 'number'
  ) {
    throw new Error(
      `${file}: firstVisitOrdinaryMaxKiB と firstVisitSaveDataMaxPageRatio が要ります`,
    );
  }
  return {firstVisitOrdinaryMaxKiB, firstVisitSaveDataMaxPageRatio};
}

export const dataPlanFigures = {
  ordinary: 'first visit + background, ordinary (KiB)',
  saveData: 'first visit + background, Save-Data (KiB)',
} as const;

export function checkDataPlan(result: DataPlanResult | null, budgets: DataPlanBudgets): Verdict[] {
  const ordinary = result ? result.ordinary.total / KiB : null;
  const saveData = result ? result.saveData.total / KiB : null;
  const saveDataLimit = result
    ? (result.saveData.page / KiB) * budgets.firstVisitSaveDataMaxPageRatio
    : null;
  return [
    {
      figure: dataPlanFigures.ordinary,
      route: dataPlanRoute,
      value: ordinary,
      budget: `≤ ${budgets.firstVisitOrdinaryMaxKiB} KiB`,
      ok: ordinary === null ? null : ordinary <= budgets.firstVisitOrdinaryMaxKiB,
    },
    {
      figure: dataPlanFigures.saveData,
      route: dataPlanRoute,
      value: saveData,
      budget: `≤ ${budgets.firstVisitSaveDataMaxPageRatio} × page${
        saveDataLimit === null ? '' : ` (${saveDataLimit.toFixed(1)} KiB)`
      }`,
      ok: saveData === null || saveDataLimit === null ? null : saveData <= saveDataLimit,
    },
  ];
}

/** 表の行の中身（値の文字列）。予算と判定は Verdict から表が出す。 */
export function firstVisitText(visit: FirstVisitBytes | undefined): string {
  if (!visit) return 'n/a';
  const kib = (bytes: number): string => (bytes / KiB).toFixed(1);
  return `${kib(visit.page)} page / ${kib(visit.total)} in 20 s (${visit.pageRequests} / ${visit.totalRequests} req)`;
}
