/**
 * 成長の計測のビルド: キャッシュのないビルド（cold）と、記事を 1 本直したあとのビルド（warm、cold が残した
 * キャッシュを使う）の所要時間と、ビルドのプロセス全体（子プロセスも足す）の最大メモリー。
 */
import {appendFileSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {buildSiteCopy, type SiteCopy} from '../../../lib/site-copy';

export type BuildRun = {
  readonly ms: number;
  /**
   * ビルドのプロセスと、その子孫（図を描く Chromium など）のメモリーの合計の最大（バイト）。
   * 共有しているページを数え重ねないよう、各プロセスの PSS（共有分を使う数で割った量）を足す。
   */
  readonly peakMemory: number;
};

export type GrowthBuilds = {
  readonly cold: BuildRun;
  readonly warm: BuildRun;
};

/** /proc/<pid>/smaps_rollup の Pss（kB）をバイトで。 */
function pssOf(pid: string): number {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  return Number(/^Pss:\s+(\d+) kB$/m.exec(rollup)?.[1] ?? 0) * 1024;
}

/** /proc から、root とその子孫の PSS の合計を読む。 */
function treeMemory(root: number): number {
  const parents = new Map<number, number>();
  const memory = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // 2 番目の欄（コマンド名）は括弧の中に空白を含みうるので、最後の ) の後ろから数える。
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(name), Number(fields[1]));
      memory.set(Number(name), pssOf(name));
    } catch {
      // 読む間に終わったプロセス
    }
  }
  let total = 0;
  for (const [pid, bytes] of memory) {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parents.get(at)) {
      if (at === root) {
        total += bytes;
        break;
      }
    }
  }
  return total;
}

/** 複製で docusaurus build を走らせ、時間と最大メモリーを測る。失敗したら出力の末尾を添えて投げる。 */
export async function timedBuild(copy: SiteCopy, timeoutMs: number): Promise<BuildRun> {
  let peakMemory = 0;
  let sample: NodeJS.Timeout | undefined;
  try {
    const result = await buildSiteCopy(copy, timeoutMs, (child) => {
      sample = setInterval(() => {
        if (child.pid) peakMemory = Math.max(peakMemory, treeMemory(child.pid));
      }, 250);
    });
    if (result.exitCode !== 0) {
      throw new Error(`ビルドに失敗しました（${result.exitCode}）\n${result.output.slice(-3000)}`);
    }
    return {ms: result.ms, peakMemory};
  } finally {
    clearInterval(sample);
  }
}

/** cold（キャッシュなし）のあと、記事を 1 本直して warm。 */
export async function growthBuilds(
  copy: SiteCopy,
  editedPost: string,
  timeoutMs: number,
): Promise<GrowthBuilds> {
  const cold = await timedBuild(copy, timeoutMs);
  appendFileSync(
    path.join(copy.dir, editedPost),
    '\n## 追記 {/* #postscript */}\n\n記事を公開したあとに、写真の説明を少し足しました。\n',
  );
  const warm = await timedBuild(copy, timeoutMs);
  return {cold, warm};
}
