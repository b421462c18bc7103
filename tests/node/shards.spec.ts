/**
 * GitHub Actions の e2e のジョブ分け（scripts/shards）: どのスペックもちょうど 1 つのジョブで走り、
 * 重いファイルが 1 つのジョブに寄らない。
 */
import {expect, test} from '@playwright/test';

import {
  filesHitBy,
  filterFor,
  listSpecFiles,
  planShards,
  readTimings,
  weighSpecs,
} from '../../lib/shards';

const jobs = 4;

test('4 つのジョブを合わせると、どのスペックのファイルもちょうど 1 度ずつ走り、絞り込みはそのファイルだけに当たる', () => {
  const files = listSpecFiles();
  const {specs} = readTimings();
  // 時間の表のファイルは、どれも今あるスペック（消したファイルが残っていない）。
  expect(Object.keys(specs).filter((file) => !files.includes(file))).toEqual([]);
  expect(files).toContain('tests/node/shards.spec.ts');
  const shards = planShards(weighSpecs(files, specs), jobs);
  expect(shards).toHaveLength(jobs);
  expect(shards.flatMap((shard) => shard.files).sort()).toEqual(files);
  for (const file of files) expect(filesHitBy(filterFor(file), files), file).toEqual([file]);
  // playwright test 自身も、1 つのジョブの絞り込みでそのジョブのファイルだけを選ぶ。
  expect(listSpecFiles(shards[0].files.map(filterFor))).toEqual(shards[0].files);
});

test('重い順に、いちばん軽いジョブへ配るので、どのジョブも平均とファイル 1 つぶんの差に収まる', () => {
  const specs = [600, 500, 400, 300, 200, 100, 90, 80, 70, 60, 50, 40].map((ms, index) => ({
    file: `spec-${index}.spec.ts`,
    ms,
  }));
  const shards = planShards(specs, jobs);
  const total = specs.reduce((sum, spec) => sum + spec.ms, 0);
  const heaviest = Math.max(...specs.map((spec) => spec.ms));
  for (const shard of shards) {
    expect(shard.ms).toBe(
      shard.files.reduce((sum, file) => sum + (specs.find((s) => s.file === file)?.ms ?? 0), 0),
    );
    expect(shard.ms).toBeLessThanOrEqual(total / jobs + heaviest);
  }
  // テストの数で前から切る --shard なら、最初のジョブに 600 + 500 + 400 が寄る。
  expect(Math.max(...shards.map((shard) => shard.ms))).toBeLessThan(1500);
  // 同じ入力からは同じ分け方（4 つのジョブが別々に計算しても食い違わない）。
  expect(planShards([...specs].reverse(), jobs)).toEqual(shards);
});

test('時間の表に無い新しいファイルは、表のファイルの平均の重さで配る', () => {
  expect(weighSpecs(['a', 'b', 'new'], {a: 100, b: 300})).toEqual([
    {file: 'a', ms: 100},
    {file: 'b', ms: 300},
    {file: 'new', ms: 200},
  ]);
});
