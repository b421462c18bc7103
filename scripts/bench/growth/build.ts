/**
 * 成長の計測のビルド。倍率ごとに 3 回ビルドし、所要時間と、ビルドのプロセス全体（子プロセスも足す）の最大
 * メモリーと、ビルドの前にあったキャッシュを記録する。
 * 1. first: どのキャッシュもない最初のビルド。写真の変換（plugins/images）をすべて行う。
 * 2. cold: 写真の変換のキャッシュ（node_modules/.cache/denki-photos。写真の変種と、写真から作る SNS カード）
 *    だけを残し、ほかのキャッシュ（.docusaurus、Rspack、図、題だけの SNS カード）と出力を消してからのビルド。
 *    CI は写真の変換のキャッシュを実行をまたいで残す（.github/workflows/ci.yml）ので、写真を足した実行の次からは、
 *    どの実行もこの状態から始まる。
 * 3. warm: 記事を 1 本直したあとのビルド（cold が残したキャッシュをすべて使う）。
 * first − cold が、写真を足した最初の実行だけが払う、写真の変換（とカード）の時間。
 */
import {appendFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs';
import path from 'node:path';
import {buildSiteCopy, type SiteCopy} from '../../../lib/site-copy';

export type BuildRun = {
  readonly ms: number;
  /** ビルドの前にあったキャッシュ（中身のあるもの。node_modules/.cache/<名前> と .docusaurus）。 */
  readonly caches: readonly string[];
  /**
   * ビルドのプロセスと、その子孫（図を描く Chromium など）のメモリーの合計の最大（バイト）。
   * 共有しているページを数え重ねないよう、各プロセスの PSS（共有分を使う数で割った量）を足す。
   */
  readonly peakMemory: number;
};

export type GrowthBuilds = {
  readonly first: BuildRun;
  readonly cold: BuildRun;
  readonly warm: BuildRun;
  /** first が作った写真の変換のキャッシュ（cold と warm はこれを使う）。 */
  readonly photoCache: PhotoCacheSize;
};

export type PhotoCacheSize = {readonly files: number; readonly bytes: number};

/** 写真の変換のキャッシュ（plugins/images/encode.ts）。cold のビルドでもこれだけは残す。 */
const photoCache = 'denki-photos';

const cacheRoot = (copy: SiteCopy): string => path.join(copy.dir, 'node_modules', '.cache');

/** 中身のあるキャッシュの名前。 */
function cachesOf(copy: SiteCopy): string[] {
  const root = cacheRoot(copy);
  const nonEmpty = (dir: string): boolean => existsSync(dir) && readdirSync(dir).length > 0;
  return [
    ...(nonEmpty(path.join(copy.dir, '.docusaurus')) ? ['.docusaurus'] : []),
    ...readdirSync(root)
      .filter((name) => nonEmpty(path.join(root, name)))
      .map((name) => `node_modules/.cache/${name}`),
  ];
}

function photoCacheSize(copy: SiteCopy): PhotoCacheSize {
  const dir = path.join(cacheRoot(copy), photoCache);
  const files = existsSync(dir) ? readdirSync(dir) : [];
  const bytes = files.reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
  return {files: files.length, bytes};
}

/** 写真の変換のキャッシュのほかは、キャッシュと出力をすべて消す。 */
function clearAllButPhotoCache(copy: SiteCopy): void {
  const root = cacheRoot(copy);
  for (const name of readdirSync(root)) {
    if (name !== photoCache) rmSync(path.join(root, name), {recursive: true, force: true});
  }
  rmSync(path.join(copy.dir, '.docusaurus'), {recursive: true, force: true});
  rmSync(copy.outDir, {recursive: true, force: true});
}

/** /proc/<pid>/smaps_rollup の Pss（kB）をバイトで。 */
function pssOf(pid: string): number {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  return Number(/^Pss:\s+(\d+) kB$/m.exec(rollup)?.[1] ?? 0) * 1024;
}

/** /proc/<pid>/stat の親のプロセス番号。読む間に終わったプロセスは undefined。 */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // 2 番目の欄（コマンド名）は括弧の中に空白を含みうるので、最後の ) の後ろから数える。
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** root とその子孫のプロセス番号（/proc の親子から）。 */
function treeOf(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const parent = parentOf(Number(name));
    if (parent !== undefined) parents.set(Number(name), parent);
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parents.get(at)) {
      if (at === root) return true;
    }
    return false;
  };
  return [...parents.keys()].filter(inTree);
}

/**
 * root とその子孫の PSS の合計。smaps_rollup はプロセスのページ表をたどる重い読み取り（大きいプロセスで 1 回
 * 数十 ms、その間そのプロセスのメモリーの操作を待たせる）なので、ビルドの木のプロセスだけを読む。
 */
function treeMemory(root: number): number {
  let total = 0;
  for (const pid of treeOf(root)) {
    try {
      total += pssOf(String(pid));
    } catch {
      // 読む間に終わったプロセス
    }
  }
  return total;
}

/**
 * メモリーを読む間隔。機械のすべてのプロセスを 250 ms ごとに読んでいたときは、計測がビルドの CPU を奪い
 * （1 回 60 ms、1 コアの 4 分の 1）、10 倍のキャッシュなしのビルドが 53 秒から 70 秒に延びた。
 */
const memorySampleMs = 1000;

/** 複製で docusaurus build を走らせ、時間と最大メモリーを測る。失敗したら出力の末尾を添えて投げる。 */
export async function timedBuild(copy: SiteCopy, timeoutMs: number): Promise<BuildRun> {
  const caches = cachesOf(copy);
  let peakMemory = 0;
  let sample: NodeJS.Timeout | undefined;
  try {
    const result = await buildSiteCopy(copy, timeoutMs, (child) => {
      sample = setInterval(() => {
        if (child.pid) peakMemory = Math.max(peakMemory, treeMemory(child.pid));
      }, memorySampleMs);
    });
    if (result.exitCode !== 0) {
      throw new Error(`ビルドに失敗しました（${result.exitCode}）\n${result.output.slice(-3000)}`);
    }
    return {ms: result.ms, caches, peakMemory};
  } finally {
    clearInterval(sample);
  }
}

/**
 * first、cold、warm の順にビルドする。first だけは写真の変換の時間を足した制限時間（写真 1 枚あたりの予算
 * × 枚数）にするので、予算の内で終わるビルドを途中で止めない。
 */
export async function growthBuilds(
  copy: SiteCopy,
  editedPost: string,
  timeoutMs: number,
  firstTimeoutMs: number,
): Promise<GrowthBuilds> {
  const first = await timedBuild(copy, firstTimeoutMs);
  const photoCacheAfterFirst = photoCacheSize(copy);
  clearAllButPhotoCache(copy);
  const cold = await timedBuild(copy, timeoutMs);
  appendFileSync(
    path.join(copy.dir, editedPost),
    '\n## 追記 {/* #postscript */}\n\n記事を公開したあとに、写真の説明を少し足しました。\n',
  );
  const warm = await timedBuild(copy, timeoutMs);
  return {first, cold, warm, photoCache: photoCacheAfterFirst};
}
