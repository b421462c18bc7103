/** bench/budgets.json を読み、各数値が予算内かを判定する。 */
import {readFileSync} from 'node:fs';
import {KiB, type SiteResult, type Verdict} from './types';

export type Budgets = {
  readonly lighthousePerformanceMin: number;
  readonly lcpMaxMs: number;
  readonly tbtMaxMs: number;
  readonly clsMax: number;
  readonly firstLoadJsGzipMaxKiB: number;
  readonly largestImageMaxKiB: number;
  readonly coldBuildMaxSeconds: number;
};

export function readBudgets(file: string): Budgets {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Budgets>;
  const keys: (keyof Budgets)[] = [
    'lighthousePerformanceMin',
    'lcpMaxMs',
    'tbtMaxMs',
    'clsMax',
    'firstLoadJsGzipMaxKiB',
    'largestImageMaxKiB',
    'coldBuildMaxSeconds',
  ];
  for (const key of keys) {
    if (typeof parsed[key] !== 'number') throw new Error(`${file}: ${key} が数値ではありません`);
  }
  return parsed as Budgets;
}

/** bench/budgets.json の最上位の数値の予算を 1 つ読む。数値でなければ止める。 */
export function readNumberBudget(file: string, key: string): number {
  const value = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)[key];
  if (typeof value !== 'number') throw new Error(`${file}: ${key} が数値ではありません`);
  return value;
}

/** CLS は Lighthouse の表示と同じく小数第 3 位で丸めてから比べる。 */
const roundCls = (cls: number): number => Math.round(cls * 1000) / 1000;

/**
 * 予算での「初回表示の JS」（gzip）: issue 4 §1 の定義どおり、HTML が直接読む JS（script と preload）。
 * 素のサイトについて issue が挙げる「150 KiB」もこの数え方（152.0 KiB）で、読み込み中に JS が
 * 取りに行くルートのチャンクまで含めた値（172–178 KiB）ではない。後者は表の別の行に出す。
 */
export function firstLoadJsGzip(route: SiteResult['routes'][number]): number {
  return route.bytes.js.gzip;
}

export function checkBudgets(ours: SiteResult, budgets: Budgets): Verdict[] {
  const verdicts: Verdict[] = [];
  const atMost = (
    figure: string,
    route: string | null,
    value: number | null,
    max: number,
    unit: string,
  ) =>
    verdicts.push({
      figure,
      route,
      value,
      budget: `≤ ${max}${unit}`,
      ok: value === null ? null : value <= max,
    });
  const atLeast = (figure: string, route: string | null, value: number | null, min: number) =>
    verdicts.push({
      figure,
      route,
      value,
      budget: `≥ ${min}`,
      ok: value === null ? null : value >= min,
    });

  atMost(
    'cold build (s)',
    null,
    ours.build ? ours.build.coldMs / 1000 : null,
    budgets.coldBuildMaxSeconds,
    ' s',
  );
  for (const route of ours.routes) {
    atMost(
      'first-load JS gzip (KiB)',
      route.route,
      firstLoadJsGzip(route) / KiB,
      budgets.firstLoadJsGzipMaxKiB,
      ' KiB',
    );
    const measured = route.loadedJs !== null || route.lighthouse !== null;
    const image = measured ? (route.largestImage?.bytes ?? 0) / KiB : null;
    atMost('largest image (KiB)', route.route, image, budgets.largestImageMaxKiB, ' KiB');
    const lh = route.lighthouse;
    atLeast(
      'LH performance',
      route.route,
      lh ? lh.performance.median : null,
      budgets.lighthousePerformanceMin,
    );
    atMost('LCP (ms)', route.route, lh ? lh.lcpMs.median : null, budgets.lcpMaxMs, ' ms');
    atMost('TBT (ms)', route.route, lh ? lh.tbtMs.median : null, budgets.tbtMaxMs, ' ms');
    atMost('CLS', route.route, lh ? roundCls(lh.cls.median) : null, budgets.clsMax, '');
  }
  return verdicts;
}
