/**
 * Issue 55: メインスレッドの表（プレーンテキスト）。列はビルド（1 つなら その表、2 つ以上なら並べて比べる表）、
 * 行はルートごとの区切りの下に、点数・TBT・最長のタスク・区分ごと・スクリプトごとの時間・DOM の要素数・タップの応答。
 */
import type {TapOutcome} from '../../lib/interaction-timing';
import {categories, figures, type MainThreadRoute, type TapSummary} from './main-thread';
import {ratio, renderColumns, spreadText} from './table';
import type {Spread, Verdict} from './types';

export type MainThreadColumn = {
  readonly label: string;
  readonly routes: readonly MainThreadRoute[];
  readonly verdicts: readonly Verdict[];
  /** チャンクの名前 → モジュール（chunk-names.ts）。スクリプトの行に添える。 */
  readonly chunkNames?: ReadonlyMap<string, string>;
};

const NA = 'n/a';

export function outcomeText(outcome: TapOutcome | null): string {
  if (outcome === null) return NA;
  if (outcome.kind === 'failed') return 'failed';
  return outcome.kind === 'under' ? `<${outcome.ms}` : String(Math.round(outcome.ms));
}

function tapText(summary: TapSummary | undefined): string {
  if (!summary || summary.median === null) return NA;
  const median = outcomeText(summary.median);
  return summary.outcomes.length > 1
    ? `${median} [${summary.outcomes.map(outcomeText).join(', ')}]`
    : median;
}

const tapMs = (summary: TapSummary | undefined): number | null =>
  summary?.median && summary.median.kind === 'ms' ? summary.median.ms : null;

/** 回ごとのスクリプトの名前を、多い順に数えて並べる。 */
function namesText(names: readonly (string | null)[] | undefined): string {
  if (!names || names.length === 0) return NA;
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name ?? '-', (counts.get(name ?? '-') ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([name, count]) => (names.length > 1 ? `${name} ×${count}` : name))
    .join(', ');
}

function verdictCells(
  columns: readonly MainThreadColumn[],
  figure: string | undefined,
  route: string,
): [string, string] {
  if (!figure) return ['', ''];
  const found = columns.map((column) =>
    column.verdicts.find((v) => v.figure === figure && v.route === route),
  );
  if (found.every((verdict) => verdict === undefined)) return ['', ''];
  const budgets = [...new Set(found.map((verdict) => verdict?.budget ?? ''))];
  const status = found
    .map((verdict) => (!verdict || verdict.ok === null ? NA : verdict.ok ? 'ok' : 'OVER'))
    .join(' / ');
  return [budgets.join(' / '), status];
}

function routeRows(columns: readonly MainThreadColumn[], route: string): string[][] {
  const picks = columns.map((column) => column.routes.find((r) => r.route === route));
  const rows: string[][] = [];
  const row = (
    label: string,
    text: (r: MainThreadRoute) => string,
    value: (r: MainThreadRoute) => number | null | undefined,
    figure?: string,
  ): void => {
    const texts = picks.map((r) => (r ? text(r) : NA));
    const compare =
      columns.length === 2
        ? [ratio(picks[1] ? value(picks[1]) : null, picks[0] ? value(picks[0]) : null)]
        : [];
    rows.push([`  ${label}`, ...texts, ...compare, ...verdictCells(columns, figure, route)]);
  };
  const spreadRow = (
    label: string,
    pick: (r: MainThreadRoute) => Spread | null | undefined,
    figure?: string,
  ): void =>
    row(
      label,
      (r) => {
        const value = pick(r);
        return value ? spreadText(value, 0) : NA;
      },
      (r) => pick(r)?.median,
      figure,
    );
  spreadRow('LH performance', (r) => r.performance, figures.performance);
  spreadRow('TBT ms', (r) => r.tbtMs, figures.tbtRatio);
  spreadRow('longest task ms (LH, 4× CPU applied)', (r) => r.longestTaskMs, figures.longestTask);
  row(
    '  longest task in',
    (r) => namesText(r.longestTaskScripts),
    () => null,
  );
  spreadRow('main-thread work ms (all categories)', (r) => r.totalMs);
  for (const category of categories) {
    if (picks.some((r) => r?.byCategory[category])) {
      spreadRow(`  ${category}`, (r) => r.byCategory[category]);
    }
  }
  const scripts = [...new Set(picks.flatMap((r) => r?.byScript.map((s) => s.name) ?? []))];
  for (const name of scripts) {
    const module = columns.map((column) => column.chunkNames?.get(name)).find(Boolean);
    const time = (r: MainThreadRoute): Spread | undefined =>
      r.byScript.find((s) => s.name === name)?.totalMs;
    // Lighthouse は合計 50 ms 未満のスクリプトを挙げない。
    row(
      `  script ${name}${module ? ` (${module})` : ''}`,
      (r) => {
        const value = time(r);
        return value ? spreadText(value, 0) : r.lighthouseRuns > 0 ? '<50' : NA;
      },
      (r) => time(r)?.median,
    );
  }
  spreadRow('DOM elements (Playwright, when interactive)', (r) => r.domElements);
  if (picks.some((r) => r?.lighthouseDomElements)) {
    spreadRow('DOM elements (Lighthouse trace)', (r) => r.lighthouseDomElements);
  }
  row(
    'tap at load ms',
    (r) => tapText(r.tapAtLoad),
    (r) => tapMs(r.tapAtLoad),
  );
  row(
    'tap after interactive ms',
    (r) => tapText(r.tapAfterInteractive),
    (r) => tapMs(r.tapAfterInteractive),
    figures.tapAfterInteractive,
  );
  row(
    'interactive after load ms',
    (r) => {
      const text = r.interactiveAfterLoadMs ? spreadText(r.interactiveAfterLoadMs, 0) : NA;
      return r.interactiveCapped > 0
        ? `${text} (capped ${r.interactiveCapped}/${r.tapRuns})`
        : text;
    },
    (r) => r.interactiveAfterLoadMs?.median,
  );
  const failures = (r: MainThreadRoute): number => r.lighthouseFailed + r.tapFailed;
  if (picks.some((r) => r && failures(r) > 0)) {
    row(
      'attempts failed (LH / tap)',
      (r) => `${r.lighthouseFailed} / ${r.tapFailed}`,
      () => null,
    );
  }
  return rows;
}

export function renderMainThreadTable(columns: readonly MainThreadColumn[]): string {
  const routes = [...new Set(columns.flatMap((column) => column.routes.map((r) => r.route)))];
  const labels = columns.map((column) => column.label);
  const header = [
    'figure',
    ...labels,
    ...(columns.length === 2 ? [`${labels[1]}/${labels[0]}`] : []),
    'budget',
    'status',
  ];
  return renderColumns(
    header,
    routes.flatMap((route) => [route, ...routeRows(columns, route)]),
  );
}
