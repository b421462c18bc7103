/**
 * GitHub Actions の e2e の 1 ジョブぶんを走らせる（issue 28）。スペックのファイルを tests/shard-timings.json の
 * 時間で分け（lib/shards.ts）、そのジョブのファイルだけで playwright test を走らせる。残りの引数は playwright に渡す。
 *
 *   npx tsx scripts/shards <何番目>/<ジョブの数> [playwright test の引数…]
 *   npx tsx scripts/shards --update   … 直前の npm run test:e2e の時間（.artifacts/test-summary.json）で表を書き直す
 */
import {spawnSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {
  filesHitBy,
  planShards,
  weighSpecs,
  filterFor,
  listSpecFiles,
  playwrightBin,
  projectRoot,
  readTimings,
  testSummaryFile,
  timingsFile,
  type Timings,
} from '../../lib/shards';

const usage = 'usage: npx tsx scripts/shards <current>/<total> [playwright args…] | --update';

function update(): void {
  const summary = JSON.parse(readFileSync(testSummaryFile, 'utf8')) as Record<string, {ms: number}>;
  const specs: Record<string, number> = {};
  for (const [key, {ms}] of Object.entries(summary).sort(([a], [b]) => a.localeCompare(b))) {
    const file = key.replace(/ \[[^\]]*\]$/, '');
    specs[file] = (specs[file] ?? 0) + ms;
  }
  const timings: Timings = {
    $comment:
      'スペックごとのワーカーの時間（ミリ秒）。GitHub Actions の e2e のジョブ分け（scripts/shards）が使う。npm run test:e2e のあとに npx tsx scripts/shards --update で書き直す。',
    specs,
  };
  writeFileSync(timingsFile, `${JSON.stringify(timings, null, 2)}\n`);
  console.log(`${path.relative(projectRoot, timingsFile)}: ${Object.keys(specs).length} ファイル`);
}

function run(current: number, total: number, args: readonly string[]): number {
  const files = listSpecFiles();
  const shards = planShards(weighSpecs(files, readTimings().specs), total);
  shards.forEach((shard, index) => {
    const mark = index + 1 === current ? '→' : ' ';
    console.log(
      `${mark} ジョブ ${index + 1}/${total}: ${shard.files.length} ファイル、約 ${Math.round(shard.ms / 1000)} 秒（ワーカーの時間）`,
    );
  });
  const mine = shards[current - 1].files;
  if (mine.length === 0) return 0;
  const filters = mine.map(filterFor);
  for (const [index, filter] of filters.entries()) {
    const hits = filesHitBy(filter, files);
    if (hits.length !== 1)
      throw new Error(`${mine[index]} の絞り込みが ${hits.length} ファイルに当たります`);
  }
  const result = spawnSync(playwrightBin, ['test', ...filters, ...args], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  return result.status ?? 1;
}

function main(argv: readonly string[]): number {
  if (argv[0] === '--update') {
    update();
    return 0;
  }
  const match = /^(\d+)\/(\d+)$/.exec(argv[0] ?? '');
  const current = Number(match?.[1]);
  const total = Number(match?.[2]);
  if (!match || current < 1 || current > total) {
    console.error(usage);
    return 2;
  }
  return run(current, total, argv.slice(1));
}

process.exitCode = main(process.argv.slice(2));
