/**
 * Issue 55 の計測（scripts/bench/tap.ts）の純粋な部分: ページが「操作できる」ようになった時刻と、
 * タップの応答（Event Timing の duration）の中央値。tests/node/interaction-timing.spec.ts が確かめる。
 */

export type TimeSpan = {readonly start: number; readonly end: number};

export type QuietWindowOptions = {
  /** load イベントの時刻（performance.now() の時計）。 */
  readonly loadAt: number;
  /** これまでに見えた長いタスク（50 ms 以上）。順不同。 */
  readonly longTasks: readonly TimeSpan[];
  /** 今の時刻（同じ時計）。 */
  readonly now: number;
  /** 長いタスクのない窓の長さ。 */
  readonly windowMs: number;
  /** load からこれだけ待っても窓がなければ、待つのをやめる。 */
  readonly capMs: number;
};

export type QuietWindow =
  {readonly kind: 'quiet'; readonly at: number} | {readonly kind: 'capped'; readonly at: number};

/**
 * load のあとで、長いタスクが 1 つも重ならない最初の windowMs の窓の始まり。窓がまだ閉じていなければ null
 * （もっと待つ）。load から capMs を過ぎても見つからなければ、今の時刻で打ち切る。
 */
export function quietWindow(options: QuietWindowOptions): QuietWindow | null {
  const {loadAt, now, windowMs, capMs} = options;
  const tasks = [...options.longTasks]
    .filter((task) => task.end > loadAt)
    .sort((a, b) => a.start - b.start);
  let start = loadAt;
  for (const task of tasks) {
    if (task.start >= start + windowMs) break;
    start = Math.max(start, task.end);
  }
  if (now >= start + windowMs) return {kind: 'quiet', at: start};
  if (now >= loadAt + capMs) return {kind: 'capped', at: now};
  return null;
}

/** 1 回のタップの結果: 応答の ms、16 ms 未満（Event Timing が記録しない短さ）、またはメニューが開かなかった。 */
export type TapOutcome =
  | {readonly kind: 'ms'; readonly ms: number}
  | {readonly kind: 'under'; readonly ms: number}
  | {readonly kind: 'failed'};

const order = (outcome: TapOutcome): number =>
  outcome.kind === 'failed' ? Infinity : outcome.kind === 'under' ? -1 : outcome.ms;

/**
 * 回の中央値（偶数回は遅いほうの真ん中を取る: 失敗と数値の平均は作れないので）。開かなかった回は
 * どの数値より悪いものとして並べるので、半分以上が失敗なら中央値も失敗になる。
 */
export function medianOutcome(outcomes: readonly TapOutcome[]): TapOutcome | null {
  if (outcomes.length === 0) return null;
  const sorted = [...outcomes].sort((a, b) => order(a) - order(b));
  return sorted[Math.floor(sorted.length / 2)] as TapOutcome;
}
