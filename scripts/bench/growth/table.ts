/** 成長の計測の表（Markdown）: 行が数値、列が倍率。そのあとに予算の判定。 */
import {KiB, type Spread, type Verdict} from '../types';
import {answeredBySubject, photoEncodingMs, searchAnswered, type FactorResult} from './budgets';

type Row = readonly [label: string, cell: (result: FactorResult) => string];

const kib = (bytes: number): string => (bytes / KiB).toFixed(1);
const mb = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(2);
const seconds = (ms: number): string => (ms / 1000).toFixed(1);
const caches = (list: readonly string[]): string =>
  list.length === 0
    ? 'none'
    : list.map((name) => name.replace('node_modules/.cache/', '')).join(', ');
const range = ({median, min, max}: Spread): string =>
  `${median.toFixed(0)} (${min.toFixed(0)}–${max.toFixed(0)})`;

const offerLabels: Readonly<Record<string, string>> = {docs: 'docs only', all: 'everything'};

const rows: readonly Row[] = [
  ['added posts / docs', (r) => `${r.posts} / ${r.docs}`],
  ['added photos (count / MB of JPEG)', (r) => `${r.photos} / ${mb(r.photoBytes)}`],
  [
    'shipped photo files (count / MB)',
    (r) => `${r.figures.shippedPhotos.files} / ${mb(r.figures.shippedPhotos.bytes)}`,
  ],
  ['HTML files', (r) => String(r.figures.htmlFiles)],
  ['first-load JS, / (KiB gzip)', (r) => kib(r.figures.firstLoadJs.home)],
  ['first-load JS, /docs/intro (KiB gzip)', (r) => kib(r.figures.firstLoadJs.doc)],
  ['first-load JS, a post (KiB gzip)', (r) => kib(r.figures.firstLoadJs.post)],
  ['doc JS after scrolling (KiB br)', (r) => kib(r.figures.docJsAfterScroll)],
  ['background precache (KiB raw)', (r) => kib(r.figures.backgroundPrecache)],
  ['first visit + background, 20 s (KiB)', (r) => kib(r.figures.firstVisit)],
  [
    'offline save offered (MB)',
    (r) =>
      r.figures.saveOffers
        .map((offer) => `${offerLabels[offer.id] ?? offer.id} ${mb(offer.bytes)}`)
        .join(', '),
  ],
  ['search, first query (KiB)', (r) => kib(r.figures.searchFirstQuery)],
  [
    'search, committed queries hit',
    (r) => `${r.figures.searchQuality.hits}/${r.figures.searchQuality.total}`,
  ],
  [
    'search, answered (hit, or top 3 all about the query)',
    (r) => `${searchAnswered(r)}/${r.figures.searchQuality.total}`,
  ],
  [
    'doc → blog, save-data: route table (KiB, ms)',
    (r) =>
      `${kib(r.figures.navigation.saveData.tableBytes)}, ${range(r.figures.navigation.saveData.tableMs)}`,
  ],
  ['doc → blog, save-data: open (ms, slow 4G)', (r) => range(r.figures.navigation.saveData.openMs)],
  [
    'doc → blog, prefetched: route table (KiB) / open (ms)',
    (r) =>
      `${kib(r.figures.navigation.ordinary.tableBytes)} / ${range(r.figures.navigation.ordinary.openMs)}`,
  ],
  ['blog archive at 390 px, on opening (KiB)', (r) => kib(r.figures.archive.open)],
  [
    'blog archive, scrolled to the end at 390 px (KiB / screens)',
    (r) => `${kib(r.figures.archive.scroll)} / ${r.figures.archive.screens}`,
  ],
  ['first build, no cache at all (s)', (r) => seconds(r.builds.first.ms)],
  [
    'one-time photo encoding, first − cold (s / s per photo)',
    (r) =>
      `${seconds(photoEncodingMs(r))} / ${r.photos > 0 ? (photoEncodingMs(r) / 1000 / r.photos).toFixed(2) : 'n/a'}`,
  ],
  [
    'photo variant cache on disk (files / MB)',
    (r) => `${r.builds.photoCache.files} / ${mb(r.builds.photoCache.bytes)}`,
  ],
  ['cold build, photo variants cached (s)', (r) => seconds(r.builds.cold.ms)],
  ['warm rebuild after one edit (s)', (r) => seconds(r.builds.warm.ms)],
  [
    'peak memory, first / cold build (MB, PSS)',
    (r) => `${mb(r.builds.first.peakMemory)} / ${mb(r.builds.cold.peakMemory)}`,
  ],
  ['caches before first build', (r) => caches(r.builds.first.caches)],
  ['caches before cold build', (r) => caches(r.builds.cold.caches)],
  ['caches before warm build', (r) => caches(r.builds.warm.caches)],
];

/** 倍率ごとに、上位 3 件に期待したページが入らなかったクエリ。 */
function searchMisses(results: readonly FactorResult[]): string[] {
  return results.flatMap((r) =>
    r.figures.searchQuality.outcomes
      .filter((outcome) => !outcome.hit)
      .map(
        (o) =>
          `- ${r.factor}×「${o.query.query}」→ ${o.top.slice(0, 3).join(', ') || '（結果なし）'}（期待: ${o.query.expect.join(', ')}）${answeredBySubject(o, r.factor) ? '：どれもその路線を主題にした足したページ' : ''}`,
      ),
  );
}

export function renderGrowthTable(
  results: readonly FactorResult[],
  verdicts: readonly Verdict[],
): string {
  const header = `| | ${results.map((r) => `${r.factor}×`).join(' | ')} |`;
  const line = `|---|${results.map(() => '---').join('|')}|`;
  const body = rows.map(([label, cell]) => `| ${label} | ${results.map(cell).join(' | ')} |`);
  const checks = verdicts.map(
    (v) =>
      `| ${v.figure} | ${v.value === null ? 'n/a' : v.value.toFixed(2)} | ${v.budget} | ${v.ok ? 'ok' : 'OVER'} |`,
  );
  return [
    header,
    line,
    ...body,
    '',
    '| budget | value | limit | |',
    '|---|---|---|---|',
    ...checks,
    '',
    '検索で期待したページが上位 3 件に入らなかったクエリ:',
    ...(searchMisses(results).length > 0 ? searchMisses(results) : ['- なし']),
  ].join('\n');
}
