/**
 * スペックのファイルを、前の実行のワーカーの時間で N 個のジョブに分ける（重い順に、いちばん軽いジョブへ。LPT）。
 * Playwright の --shard はテストの数で前から切るので、重いファイル（ページ監査、WebKit、Gecko）が寄る。
 */

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
