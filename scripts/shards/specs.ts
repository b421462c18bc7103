/** スペックのファイルの一覧と、1 つのファイルだけに当たる playwright test の絞り込み。 */
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';

export const projectRoot = path.resolve(__dirname, '../..');
export const playwrightBin = path.join(projectRoot, 'node_modules/.bin/playwright');
export const timingsFile = path.join(projectRoot, 'tests/shard-timings.json');

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
