/**
 * 行の折り返しの計測（line-breaks.ts）の結果を、ルートと幅ごとのファイルに書き、種類ごとの合計の表にする。
 * `npx tsx plugins/phrases/tests/line-report.ts` で、.artifacts/line-breaks/ の合計を Markdown の表で出す。
 */
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {addCounts, textKinds, type LineBreakCounts} from './line-breaks';

const reportDir = path.resolve('.artifacts/line-breaks');

/** engine のルート 1 つ分の数を書く（テストの成否に関わらず、確かめる前に書く）。 */
export function writeLineReport(engine: string, route: string, counts: LineBreakCounts): void {
  const dir = path.join(reportDir, engine);
  mkdirSync(dir, {recursive: true});
  writeFileSync(path.join(dir, `${route}.json`), JSON.stringify(counts));
}

function totalOf(engine: string): LineBreakCounts {
  const dir = path.join(reportDir, engine);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .reduce<LineBreakCounts>(
      (total, file) =>
        addCounts(total, JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as LineBreakCounts),
      {},
    );
}

function table(engine: string): string {
  const total = totalOf(engine);
  const rows = textKinds.flatMap((kind) => {
    const counts = total[kind];
    return counts
      ? [
          `| ${kind} | ${counts.shown} | ${counts.wrapped} | ${counts.midPhrase} | ${counts.shortLastLine} |`,
        ]
      : [];
  });
  return [
    `### ${engine}`,
    '',
    '| 種類 | 表示 | 折り返し | 文節の途中 | 1〜2 文字の最終行 |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const engines = readdirSync(reportDir);
  console.log(engines.map(table).join('\n\n'));
}
