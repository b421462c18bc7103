/** Pagefind の結果を、ページごとに見出し（セクション）と抜粋を並べた形にする。 */
import {normalizeQuery} from './normalize';
import type {Pagefind, PagefindResult, PagefindResultData} from './pagefind';
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
 * 検索する。日本語の複合語（増やし鬼、逃走チーム準備…）は Pagefind が語に分けて探すため、
 * 一部の語（鬼、チーム）だけを含むページが上位に来ることがある。そこで同じ索引で語句そのもの
 * （"…"）も探し、語句を含むページを Pagefind の順位を保ったまま先頭に並べる。
 */
export async function searchSite(pagefind: Pagefind, input: string): Promise<PageHit[]> {
  const query = normalizeQuery(input);
  if (query === '') return [];
  // 利用者が自分で " を使ったときは、その指定どおり Pagefind に任せる。
  const [plain, exact] = await Promise.all([
    pagefind.search(query),
    query.includes('"') ? null : pagefind.search(`"${query}"`),
  ]);
  // 表示には通常の検索の結果を使う（語句検索は最初の一致の見出ししか返さないため）。
  const exactIds = new Set((exact?.results ?? []).map((r) => r.id));
  const plainResults = plain?.results ?? [];
  const plainIds = new Set(plainResults.map((r) => r.id));
  const ordered = [
    ...plainResults.filter((r) => exactIds.has(r.id)),
    ...(exact?.results ?? []).filter((r) => !plainIds.has(r.id)),
    ...plainResults.filter((r) => !exactIds.has(r.id)),
  ];
  return Promise.all(ordered.slice(0, MAX_PAGES).map((r) => toPageHit(r, query)));
}
