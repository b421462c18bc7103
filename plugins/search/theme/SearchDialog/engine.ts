/** Pagefind の結果を、ページごとに見出し（セクション）と抜粋を並べた形にする。 */
import {normalizeQuery} from './normalize';
import type {Pagefind, PagefindResult, PagefindResultData} from './pagefind';
import {pagesWithPhrase} from './phrase';
import {pageWeights} from './sections';
import {joinWords, parseExcerpt} from './text';

export type SectionHit = {
  /** 見出しのアンカー付き URL（ページ冒頭ならアンカーなし）。 */
  readonly url: string;
  readonly title: string;
  /** Pagefind の抜粋。HTML エスケープ済みの文字列に <mark> だけが入っている。 */
  readonly excerpt: string;
};

export type PageHit = {
  readonly id: string;
  readonly url: string;
  readonly title: string;
  readonly sections: readonly SectionHit[];
};

export const MAX_PAGES = 8;
export const MAX_SECTIONS = 3;

function excerptText(excerpt: string): string {
  return parseExcerpt(excerpt)
    .map((part) => part.text)
    .join('')
    .toLowerCase();
}

/** 見出しごとの結果から上位を選ぶ: 語句そのものを含む見出しを先に、次に一致の多い順。 */
function bestSections(data: PagefindResultData, query: string): SectionHit[] {
  const title = joinWords(data.meta.title ?? data.url);
  const phrase = query.toLowerCase();
  const ranked = data.sub_results
    .map((sub, order) => {
      const excerpt = joinWords(sub.excerpt);
      return {
        section: {url: sub.url, title: joinWords(sub.title), excerpt},
        literal: excerptText(excerpt).includes(phrase) ? 1 : 0,
        weight: sub.locations?.length ?? 0,
        order,
      };
    })
    .sort((a, b) => b.literal - a.literal || b.weight - a.weight || a.order - b.order)
    .slice(0, MAX_SECTIONS)
    .map(({section}) => section);
  return ranked.length > 0 ? ranked : [{url: data.url, title, excerpt: joinWords(data.excerpt)}];
}

async function toPageHit(result: PagefindResult, query: string): Promise<PageHit> {
  const data = await result.data();
  return {
    id: result.id,
    url: data.url,
    title: joinWords(data.meta.title ?? data.url),
    sections: bestSections(data, query),
  };
}

/**
 * 検索する。Pagefind は検索語を語に分け、どの語も含むページを返すので、「増やし鬼」で「増やします」と
 * 「鬼チーム」を別々に含むページも当たる。そこで語句そのもの（語がこの順に隣り合う並び、phrase.ts）を
 * 含むページを先頭に並べる。どちらの中も、Pagefind の点にページの種類の重み（sections.ts）を掛けた順。
 */
export async function searchSite(pagefind: Pagefind, input: string): Promise<PageHit[]> {
  const query = normalizeQuery(input);
  if (query === '') return [];
  const [found, weights] = await Promise.all([
    pagefind.search(query),
    pageWeights(pagefind, query),
  ]);
  const weight = (r: PagefindResult): number => weights.get(r.id) ?? 1;
  const plain = [...(found?.results ?? [])].sort(
    (a, b) => b.score * weight(b) - a.score * weight(a),
  );
  // 利用者が自分で " を使ったときは、その指定どおり Pagefind に任せる。
  const phrase = query.includes('"')
    ? undefined
    : await pagesWithPhrase(
        pagefind,
        query,
        plain.map((r) => r.id),
      );
  const ordered = phrase
    ? [...plain.filter((r) => phrase.has(r.id)), ...plain.filter((r) => !phrase.has(r.id))]
    : plain;
  return Promise.all(ordered.slice(0, MAX_PAGES).map((r) => toPageHit(r, query)));
}
