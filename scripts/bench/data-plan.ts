/**
 * 読者の通信量（issue 11）: 初回訪問で実際に転送されるバイト数。ページ自身が取るものと、
 * 20 秒以内に裏で取られるもの（Service Worker のプリキャッシュなど）を、通常の回線と
 * データセーバー（Save-Data ヘッダーと navigator.connection.saveData）で測る。
 */
import type {Browser, Request} from '@playwright/test';
import {connections, type FakeConnection} from '../../tests/support/connection';
import {KiB} from './budgets';

export const dataPlanRoute = '/docs/app-usage/participant-guide';
const backgroundWindowMs = 20_000;

export type FirstVisitBytes = {
  /** ページが取ったもの（読み込み完了まで）の転送バイト数。 */
  readonly page: number;
  /** ページと裏の取得（Service Worker を含む）の、20 秒以内の合計。 */
  readonly total: number;
  readonly pageRequests: number;
  readonly totalRequests: number;
};

export type DataPlanResult = {
  readonly route: string;
  readonly ordinary: FirstVisitBytes;
  readonly saveData: FirstVisitBytes;
};

/** tests/support/connection.ts の fakeConnection と同じ。tsx が関数に足す補助関数を避けて文字列で渡す。 */
const connectionScript = (connection: FakeConnection): string =>
  `Object.defineProperty(Navigator.prototype, 'connection', {configurable: true, get: () => ({...${JSON.stringify(
    connection,
  )}, addEventListener() {}, removeEventListener() {}})});`;

async function transferOf(request: Request): Promise<number> {
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
    await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (r) => r.abort());
    await context.addInitScript(connectionScript(saveData ? connections.saveData : connections.fast));
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

export const dataPlanBudgets = {ordinaryMaxKiB: 600, saveDataMaxPageRatio: 1.1} as const;

export type DataPlanVerdict = {
  readonly figure: string;
  readonly value: number;
  readonly budget: string;
  readonly ok: boolean;
};

export function checkDataPlan(result: DataPlanResult): DataPlanVerdict[] {
  const {ordinary, saveData} = result;
  const saveDataLimit = saveData.page * dataPlanBudgets.saveDataMaxPageRatio;
  return [
    {
      figure: 'first visit + background, ordinary (KiB)',
      value: ordinary.total / KiB,
      budget: `≤ ${dataPlanBudgets.ordinaryMaxKiB} KiB`,
      ok: ordinary.total / KiB <= dataPlanBudgets.ordinaryMaxKiB,
    },
    {
      figure: 'first visit + background, Save-Data (KiB)',
      value: saveData.total / KiB,
      budget: `≤ ${dataPlanBudgets.saveDataMaxPageRatio} × page (${(saveDataLimit / KiB).toFixed(1)} KiB)`,
      ok: saveData.total <= saveDataLimit,
    },
  ];
}

/** 表の行（ラベル, 値, 予算, 判定）。 */
export function dataPlanRows(result: DataPlanResult | null): string[][] {
  if (!result) return [['  first visit bytes (data plan)', 'n/a', '', '']];
  const kib = (bytes: number): string => (bytes / KiB).toFixed(1);
  const verdicts = checkDataPlan(result);
  const row = (label: string, visit: FirstVisitBytes, verdict?: DataPlanVerdict): string[] => [
    label,
    `${kib(visit.page)} page / ${kib(visit.total)} in 20 s (${visit.pageRequests} / ${visit.totalRequests} req)`,
    verdict?.budget ?? '',
    verdict ? (verdict.ok ? 'ok' : 'OVER') : '',
  ];
  return [
    row('  first visit KiB, ordinary', result.ordinary, verdicts[0]),
    row('  first visit KiB, Save-Data', result.saveData, verdicts[1]),
  ];
}
