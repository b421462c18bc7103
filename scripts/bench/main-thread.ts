/**
 * Issue 55: ページの種類ごとのメインスレッドの表。Lighthouse の回（main-thread-lhr.ts）とタップの回（tap.ts）を
 * ルートごとにまとめ（中央値と幅）、bench/budgets.json の mainThread の予算と比べる。
 */
import {readFileSync} from 'node:fs';
import type {Browser} from '@playwright/test';
import {medianOutcome, type TapOutcome} from '../../lib/interaction-timing';
import type {LighthouseRun} from './lighthouse';
import {spread} from './stats';
import {probeTap, type TapProbe} from './tap';
import type {Spread, Verdict} from './types';

/** Lighthouse の mainthread-work-breakdown の区分（表の行の順）。 */
export const categories = [
  'scriptEvaluation',
  'styleLayout',
  'scriptParseCompile',
  'paintCompositeRender',
  'parseHTML',
  'garbageCollection',
  'other',
] as const;

/** 表に出すスクリプトの数（ルートごと、合計の中央値の多い順）。 */
const topScripts = 6;

export const homeRoute = '/';

export type RouteRuns = {
  readonly route: string;
  readonly lighthouse: LighthouseRun[];
  lighthouseFailed: number;
  readonly taps: TapProbe[];
  tapFailed: number;
};

export const newRouteRuns = (route: string): RouteRuns => ({
  route,
  lighthouse: [],
  lighthouseFailed: 0,
  taps: [],
  tapFailed: 0,
});

/** タップを 1 回測って runs に足す。測れなければ数えて警告する（ほかの回は続ける）。 */
export async function recordTap(
  browser: Browser,
  baseURL: string,
  runs: RouteRuns,
  what: string,
): Promise<void> {
  try {
    runs.taps.push(await probeTap(browser, baseURL, runs.route));
  } catch (error) {
    runs.tapFailed += 1;
    console.warn(`[bench] タップの計測 ${what} が失敗しました: ${String(error).split('\n')[0]}`);
  }
}

export type TapSummary = {
  readonly median: TapOutcome | null;
  readonly outcomes: readonly TapOutcome[];
};

export type MainThreadRoute = {
  readonly route: string;
  readonly performance: Spread | null;
  readonly tbtMs: Spread | null;
  /** long-tasks の最長（Lighthouse の模擬: スクリプトのタスクは 4 倍、レイアウトをしたタスクは 2 倍の値）。 */
  readonly longestTaskMs: Spread | null;
  /** 回ごとの、最長のタスクのスクリプト。 */
  readonly longestTaskScripts: readonly (string | null)[];
  readonly totalMs: Spread | null;
  readonly byCategory: Readonly<Record<string, Spread>>;
  /** 回のどれかで 50 ms 以上あったスクリプト。その回に出なかった回は 0 として中央値を取る。 */
  readonly byScript: readonly {readonly name: string; readonly totalMs: Spread}[];
  /** Playwright で数えた、操作できるようになったときの要素数。 */
  readonly domElements: Spread | null;
  /** Lighthouse の dom-size-insight（トレースに数があるときだけ）。 */
  readonly lighthouseDomElements: Spread | null;
  readonly tapAtLoad: TapSummary;
  readonly tapAfterInteractive: TapSummary;
  /** load から、長いタスクのない 1 秒の窓の始まりまで。 */
  readonly interactiveAfterLoadMs: Spread | null;
  /** 15 秒で打ち切った回の数。 */
  readonly interactiveCapped: number;
  readonly lighthouseRuns: number;
  readonly lighthouseFailed: number;
  readonly tapRuns: number;
  readonly tapFailed: number;
};

const spreadOrNull = (values: readonly number[]): Spread | null =>
  values.length === 0 ? null : spread(values);

export function summarizeRoute(runs: RouteRuns): MainThreadRoute {
  const lh = runs.lighthouse;
  const threads = lh.map((run) => run.mainThread);
  const byCategory: Record<string, Spread> = {};
  for (const category of categories) {
    if (threads.some((thread) => category in thread.byCategory)) {
      byCategory[category] = spread(threads.map((thread) => thread.byCategory[category] ?? 0));
    }
  }
  const scriptNames = [...new Set(threads.flatMap((thread) => thread.byScript.map((s) => s.name)))];
  const byScript = scriptNames
    .map((name) => ({
      name,
      totalMs: spread(
        threads.map((thread) => thread.byScript.find((s) => s.name === name)?.totalMs ?? 0),
      ),
    }))
    .sort((a, b) => b.totalMs.median - a.totalMs.median)
    .slice(0, topScripts);
  const lhDom = threads.flatMap((thread) =>
    thread.domElements === null ? [] : [thread.domElements],
  );
  const atLoad = runs.taps.map((tap) => tap.atLoad.outcome);
  const afterInteractive = runs.taps.map((tap) => tap.afterInteractive.outcome);
  return {
    route: runs.route,
    performance: spreadOrNull(lh.map((run) => run.performance)),
    tbtMs: spreadOrNull(lh.map((run) => run.tbtMs)),
    longestTaskMs: spreadOrNull(threads.map((thread) => thread.longestTaskMs)),
    longestTaskScripts: threads.map((thread) => thread.longestTaskScript),
    totalMs: spreadOrNull(
      threads.map((thread) => Object.values(thread.byCategory).reduce((sum, ms) => sum + ms, 0)),
    ),
    byCategory,
    byScript,
    domElements: spreadOrNull(runs.taps.map((tap) => tap.domElements)),
    lighthouseDomElements: spreadOrNull(lhDom),
    tapAtLoad: {median: medianOutcome(atLoad), outcomes: atLoad},
    tapAfterInteractive: {median: medianOutcome(afterInteractive), outcomes: afterInteractive},
    interactiveAfterLoadMs: spreadOrNull(
      runs.taps.map((tap) => tap.afterInteractive.interactiveAfterLoadMs),
    ),
    interactiveCapped: runs.taps.filter((tap) => tap.afterInteractive.capped).length,
    lighthouseRuns: lh.length,
    lighthouseFailed: runs.lighthouseFailed,
    tapRuns: runs.taps.length,
    tapFailed: runs.tapFailed,
  };
}

export type MainThreadBudgets = {
  readonly tbtMaxRatioToHome: number;
  readonly longestTaskMaxMs: number;
  readonly tapAfterInteractiveMaxMs: number;
  /** 最上位の lighthousePerformanceMin（どの計測したルートにも当てる）。 */
  readonly lighthousePerformanceMin: number;
};

export function readMainThreadBudgets(file: string): MainThreadBudgets {
  const json = JSON.parse(readFileSync(file, 'utf8')) as {
    lighthousePerformanceMin?: unknown;
    mainThread?: Record<string, unknown>;
  };
  const section = json.mainThread ?? {};
  const budgets = {
    tbtMaxRatioToHome: section.tbtMaxRatioToHome,
    longestTaskMaxMs: section.longestTaskMaxMs,
    tapAfterInteractiveMaxMs: section.tapAfterInteractiveMaxMs,
    lighthousePerformanceMin: json.lighthousePerformanceMin,
  };
  for (const [key, value] of Object.entries(budgets)) {
    if (typeof value !== 'number')
      throw new Error(`${file}: mainThread の ${key} が数値ではありません`);
  }
  return budgets as MainThreadBudgets;
}

export const figures = {
  performance: 'LH performance',
  tbtRatio: 'TBT vs home (ms)',
  longestTask: 'longest task (ms)',
  tapAfterInteractive: 'tap after interactive (ms)',
} as const;

/**
 * 予算の判定。TBT は同じ実行の / の中央値の tbtMaxRatioToHome 倍まで（/ を測っていなければ判定しない）。
 * タップは中央値に当て、メニューが開かなかった（中央値が失敗）ときは超過とする。
 * withPerformance が false のとき（npm run bench。LH performance は budgets.ts が全ルートに当てる）は点数を判定しない。
 */
export function checkMainThread(
  routes: readonly MainThreadRoute[],
  budgets: MainThreadBudgets,
  withPerformance: boolean,
): Verdict[] {
  const homeTbt = routes.find((route) => route.route === homeRoute)?.tbtMs?.median ?? null;
  const tbtLimit = homeTbt === null ? null : homeTbt * budgets.tbtMaxRatioToHome;
  const verdicts: Verdict[] = [];
  for (const route of routes) {
    if (withPerformance) {
      const value = route.performance?.median ?? null;
      verdicts.push({
        figure: figures.performance,
        route: route.route,
        value,
        budget: `≥ ${budgets.lighthousePerformanceMin}`,
        ok: value === null ? null : value >= budgets.lighthousePerformanceMin,
      });
    }
    const tbt = route.tbtMs?.median ?? null;
    verdicts.push({
      figure: figures.tbtRatio,
      route: route.route,
      value: tbt,
      budget:
        tbtLimit === null
          ? `≤ ${budgets.tbtMaxRatioToHome}× / (/ not measured)`
          : `≤ ${budgets.tbtMaxRatioToHome}× / = ${Math.round(tbtLimit)} ms`,
      ok: tbt === null || tbtLimit === null ? null : tbt <= tbtLimit,
    });
    const longest = route.longestTaskMs?.median ?? null;
    verdicts.push({
      figure: figures.longestTask,
      route: route.route,
      value: longest,
      budget: `≤ ${budgets.longestTaskMaxMs} ms`,
      ok: longest === null ? null : longest <= budgets.longestTaskMaxMs,
    });
    const tap = route.tapAfterInteractive.median;
    verdicts.push({
      figure: figures.tapAfterInteractive,
      route: route.route,
      value: tap && tap.kind !== 'failed' ? tap.ms : null,
      budget: `≤ ${budgets.tapAfterInteractiveMaxMs} ms`,
      ok: tap === null ? null : tap.kind !== 'failed' && tap.ms <= budgets.tapAfterInteractiveMaxMs,
    });
  }
  return verdicts;
}
