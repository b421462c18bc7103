/**
 * 文節の区切り（plugins/phrases）がページの HTML に足したバイト数（gzip）。ビルドの各ページを、区切りの印を
 * 取り除いた HTML と比べる。予算は bench/budgets.json の phraseHtmlMaxGzipKiB（いちばん増えたページに当てる）。
 *   npx tsx scripts/bench/phrases.ts build
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {listHtmlFiles} from '../../lib/html-files';
import {withoutPhraseMarkup} from '../../plugins/phrases/html';
import {readNumberBudget} from './budgets';
import {KiB, type Verdict} from './types';

export type PhraseHtml = {readonly page: string; readonly added: number; readonly gzip: number};

const figure = '文節の区切りで増えた HTML（gzip、いちばん増えたページ）';

const gzipBytes = (text: string): number => gzipSync(text).length;

/** ページごとの増分（gzip のバイト数）。多い順。 */
export async function measurePhraseHtml(buildDir: string): Promise<PhraseHtml[]> {
  const files = await listHtmlFiles(buildDir, ['pagefind']);
  return files
    .map((page) => {
      const html = readFileSync(path.join(buildDir, page), 'utf8');
      const gzip = gzipBytes(html);
      return {page, gzip, added: gzip - gzipBytes(withoutPhraseMarkup(html))};
    })
    .sort((a, b) => b.added - a.added);
}

export const readPhraseHtmlBudget = (file: string): number =>
  readNumberBudget(file, 'phraseHtmlMaxGzipKiB');

export function checkPhraseHtml(results: readonly PhraseHtml[], maxKiB: number): Verdict[] {
  const heaviest = results[0];
  const value = heaviest ? heaviest.added / KiB : null;
  return [
    {
      figure,
      route: heaviest ? `/${heaviest.page}` : null,
      value,
      budget: `≤ ${maxKiB} KiB`,
      ok: value === null ? null : value <= maxKiB,
    },
  ];
}

if (require.main === module) {
  const buildDir = path.resolve(process.argv[2] ?? 'build');
  void measurePhraseHtml(buildDir).then((results) => {
    for (const result of results.slice(0, 5)) {
      console.log(`${result.page}: +${result.added} B gzip（ページ ${result.gzip} B）`);
    }
    const budget = readPhraseHtmlBudget(path.resolve(__dirname, '../../bench/budgets.json'));
    for (const verdict of checkPhraseHtml(results, budget)) {
      console.log(
        `${verdict.figure}: ${verdict.value?.toFixed(2)} KiB ${verdict.budget} ${verdict.ok ? 'ok' : 'OVER'}`,
      );
    }
  });
}
