/**
 * Issue 55: Lighthouse の結果（模擬スロットリング）から、メインスレッドの仕事を読む。
 * - mainthread-work-breakdown: 区分（scriptEvaluation、styleLayout など）ごとの時間
 * - bootup-time: スクリプトごとの時間（Lighthouse が合計 50 ms 未満のスクリプトを省く）
 * - long-tasks: 最長のタスク
 * - dom-size-insight: DOM の要素数（トレースに数がないときは null）
 * どれも Lighthouse が模擬の CPU 減速（モバイルの既定で 4 倍）をすでに掛けた値。long-tasks は
 * Lantern の模擬でのタスクの長さで、スクリプトのタスクは 4 倍、レイアウトをしたタスクは 2 倍（4 × 0.5）。
 */

export type ScriptTime = {
  /** URL のファイル名からハッシュと .js を除いた名前（main、react-dom、routes-docs-2、styles.css など）。 */
  readonly name: string;
  readonly totalMs: number;
  readonly scriptingMs: number;
  readonly parseCompileMs: number;
};

export type MainThreadRun = {
  /** 区分の id（Lighthouse の task-groups）→ ms。 */
  readonly byCategory: Readonly<Record<string, number>>;
  readonly byScript: readonly ScriptTime[];
  /** 50 ms 以上のタスクがなければ 0。 */
  readonly longestTaskMs: number;
  /** 最長のタスクを Lighthouse が結びつけたスクリプトの名前。 */
  readonly longestTaskScript: string | null;
  readonly domElements: number | null;
};

export type LhrAudits = Record<
  string,
  {numericValue?: number; details?: {items?: unknown[]}} | undefined
>;

type CategoryItem = {group?: string; duration?: number};
type BootupItem = {url?: string; total?: number; scripting?: number; scriptParseCompile?: number};
type LongTaskItem = {url?: string; duration?: number};

/** スクリプトの URL → 表の名前。ページの文書（インラインのスクリプト）は (document)。 */
export function scriptName(url: string, pageUrl: string): string {
  if (!/^https?:/.test(url)) return `(${url.toLowerCase()})`;
  const {pathname} = new URL(url);
  if (pathname === new URL(pageUrl).pathname) return '(document)';
  const file = pathname.split('/').pop() ?? '';
  return file.replace(/\.[0-9a-f]{8,}(\.[a-z]+)$/, '$1').replace(/\.js$/, '') || pathname;
}

const items = <T>(audits: LhrAudits, id: string): T[] => (audits[id]?.details?.items ?? []) as T[];

export function readMainThread(audits: LhrAudits, pageUrl: string): MainThreadRun {
  const byCategory: Record<string, number> = {};
  for (const item of items<CategoryItem>(audits, 'mainthread-work-breakdown')) {
    if (item.group) byCategory[item.group] = (byCategory[item.group] ?? 0) + (item.duration ?? 0);
  }
  const scripts = new Map<string, ScriptTime>();
  for (const item of items<BootupItem>(audits, 'bootup-time')) {
    const name = scriptName(item.url ?? 'unattributable', pageUrl);
    const before = scripts.get(name);
    scripts.set(name, {
      name,
      totalMs: (before?.totalMs ?? 0) + (item.total ?? 0),
      scriptingMs: (before?.scriptingMs ?? 0) + (item.scripting ?? 0),
      parseCompileMs: (before?.parseCompileMs ?? 0) + (item.scriptParseCompile ?? 0),
    });
  }
  const longest = items<LongTaskItem>(audits, 'long-tasks').reduce<LongTaskItem | null>(
    (max, task) => ((task.duration ?? 0) > (max?.duration ?? 0) ? task : max),
    null,
  );
  return {
    byCategory,
    byScript: [...scripts.values()].sort((a, b) => b.totalMs - a.totalMs),
    longestTaskMs: longest?.duration ?? 0,
    longestTaskScript: longest?.url ? scriptName(longest.url, pageUrl) : null,
    domElements: audits['dom-size-insight']?.numericValue ?? null,
  };
}
