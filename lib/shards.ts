/**
 * GitHub Actions の e2e のジョブ分け（scripts/shards と tests/node/shards.spec.ts が使う）。
 * スペックのファイルの一覧と、前の実行のワーカーの時間で N 個のジョブに分ける計画（重い順に、いちばん軽いジョブへ。LPT）。
 * Playwright の --shard はテストの数で前から切るので、重いファイル（ページ監査、WebKit、Gecko）が寄る。
 */
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';

export const projectRoot = path.resolve(__dirname, '..');
export const playwrightBin = path.join(projectRoot, 'node_modules/.bin/playwright');
export const timingsFile = path.join(projectRoot, 'tests/shard-timings.json');
/** npm run test:e2e がスペックごとの数と時間を書くファイル（tests/support/summary-reporter.ts）。 */
export const testSummaryFile = path.join(projectRoot, '.artifacts/test-summary.json');

export type Timings = {readonly $comment: string; readonly specs: Record<string, number>};

export function readTimings(): Timings {
  return JSON.parse(readFileSync(timingsFile, 'utf8')) as Timings;
}

/**
 * 今あるスペックのファイル（リポジトリーからの相対パス）。filters を渡すと、playwright test がそれで選ぶファイル。
 * テストのファイルを読むので、本番ビルドが要る。
 */
export function listSpecFiles(filters: readonly string[] = []): string[] {
  const listed = spawnSync(playwrightBin, ['test', '--list', '--reporter=json', ...filters], {
    cwd: projectRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  });
  if (listed.status !== 0) throw new Error(`テストの一覧を作れませんでした\n${listed.stderr}`);
  const report = JSON.parse(listed.stdout) as {suites: {file: string}[]};
  return [...new Set(report.suites.map((suite) => suite.file))].sort();
}

/** そのファイルだけに当たる、playwright test のファイルの絞り込み（絶対パスへの正規表現の文字列）。 */
export function filterFor(file: string): string {
  return `/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
}

/** 絞り込みが当たるファイル（playwright と同じく、絶対パスに大文字小文字を区別せずに当てる）。 */
export function filesHitBy(filter: string, files: readonly string[]): string[] {
  const pattern = new RegExp(filter, 'i');
  return files.filter((file) => pattern.test(path.join(projectRoot, file)));
}

export type SpecWeight = {readonly file: string; readonly ms: number};

export type Shard = {readonly files: string[]; ms: number};

/** 時間の分からない（新しい）ファイルは、分かっているファイルの平均として配る。 */
export function weighSpecs(
  files: readonly string[],
  timings: Readonly<Record<string, number>>,
): SpecWeight[] {
  const known = files.map((file) => timings[file]).filter((ms) => ms !== undefined);
  const average = known.length > 0 ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  return files.map((file) => ({file, ms: timings[file] ?? average}));
}

export function planShards(specs: readonly SpecWeight[], total: number): Shard[] {
  if (!Number.isInteger(total) || total < 1)
    throw new Error(`ジョブの数が正しくありません: ${total}`);
  const shards: Shard[] = Array.from({length: total}, () => ({files: [], ms: 0}));
  const heaviestFirst = [...specs].sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file));
  for (const spec of heaviestFirst) {
    const lightest = shards.reduce((min, shard) => (shard.ms < min.ms ? shard : min));
    lightest.files.push(spec.file);
    lightest.ms += spec.ms;
  }
  for (const shard of shards) shard.files.sort();
  return shards;
}
