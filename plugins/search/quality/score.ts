/** クエリごとの上位 URL から正解率を計算して表示する。 */
import type {Page} from '@playwright/test';
import {waitForHydration} from '../../../lib/page-ready';
import {searchQueries, TOP_N, type QueryKind, type SearchQuery} from './queries';
import {isHit, openSearch, searchFor, uniquePages} from './dialog';
import {containsQuery, loadCorpus} from './corpus';

export type QueryOutcome = {
  readonly query: SearchQuery;
  /** 上位の結果（ハッシュなしのパス、重複なし）。 */
  readonly top: readonly string[];
  readonly hit: boolean;
  /** 結果が一件もなかった。 */
  readonly empty: boolean;
};

export type Score = {
  readonly engine: string;
  readonly hits: number;
  readonly total: number;
  readonly rate: number;
  /** 1 位が期待したページだった割合。 */
  readonly top1: number;
  /** 上位3件のうち、検索語を本文に含むページの割合。 */
  readonly precision: number;
  readonly outcomes: readonly QueryOutcome[];
};

/** corpusDir: 本文を読むビルド（どのエンジンでも同じ本文なので、本番のビルドでよい）。 */
export async function scoreEngine(
  engine: string,
  corpusDir: string,
  search: (query: string) => Promise<readonly string[]>,
  queries: readonly SearchQuery[] = searchQueries,
): Promise<Score> {
  const corpus = loadCorpus(corpusDir);
  const outcomes: QueryOutcome[] = [];
  let shown = 0;
  let relevant = 0;
  for (const query of queries) {
    const top = uniquePages(await search(query.query));
    outcomes.push({query, top, hit: isHit(query, top), empty: top.length === 0});
    for (const page of top.slice(0, TOP_N)) {
      shown += 1;
      if (containsQuery(corpus, page, query.query)) relevant += 1;
    }
  }
  const hits = outcomes.filter((o) => o.hit).length;
  const firsts = outcomes.filter(
    (o) => o.top[0] !== undefined && o.query.expect.includes(o.top[0]),
  );
  return {
    engine,
    hits,
    total: outcomes.length,
    rate: hits / outcomes.length,
    top1: firsts.length / outcomes.length,
    precision: shown === 0 ? 0 : relevant / shown,
    outcomes,
  };
}

/** サイトの検索 UI で全クエリを検索する（origin のトップを開き、検索のダイアログを使う）。 */
export async function scoreSiteSearch(
  page: Page,
  origin: string,
  corpusDir: string,
  queries: readonly SearchQuery[] = searchQueries,
  engine = 'Pagefind + サイトの検索 UI',
): Promise<Score> {
  await page.goto(`${origin}/`);
  await waitForHydration(page);
  await openSearch(page);
  return scoreEngine(engine, corpusDir, (query) => searchFor(page, query), queries);
}

export type KindScore = {
  readonly kind: QueryKind;
  readonly hits: number;
  readonly total: number;
  readonly empty: number;
};

/** 種類ごとの正解数（上位 TOP_N 件）と、結果が一件もなかった数。 */
export function scoreByKind(score: Score): KindScore[] {
  const kinds = [...new Set(score.outcomes.map((o) => o.query.kind))];
  return kinds.map((kind) => {
    const of = score.outcomes.filter((o) => o.query.kind === kind);
    return {
      kind,
      hits: of.filter((o) => o.hit).length,
      total: of.length,
      empty: of.filter((o) => o.empty).length,
    };
  });
}

export function printScore(score: Score): void {
  const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
  console.log(`\n## ${score.engine}: ${score.hits}/${score.total} (${pct(score.rate)})`);
  console.log(
    `1 位が正解: ${pct(score.top1)} / 上位3件で検索語を含むページの割合: ${pct(score.precision)}`,
  );
  for (const k of scoreByKind(score)) {
    console.log(`  ${k.kind}: ${k.hits}/${k.total}（結果なし ${k.empty}）`);
  }
  for (const o of score.outcomes) {
    const mark = o.hit ? 'OK ' : 'NG ';
    const got = o.top.slice(0, TOP_N).join(', ') || '(結果なし)';
    const need = o.hit ? '' : `  期待: ${o.query.expect.join(', ')}`;
    console.log(`${mark} [${o.query.kind}] ${o.query.query} → ${got}${need}`);
  }
}
