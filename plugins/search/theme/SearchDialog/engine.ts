/** Pagefind の結果を、ページごとに見出し（セクション）と抜粋を並べた形にする。 */
import {hasHiragana, type ReadingDictionary} from '../../shared-kana';
import {highlightTerms, normalizeQuery} from './normalize';
import type {Pagefind, PagefindResult, PagefindResultData} from './pagefind';
import {pagesWithPhrase, phraseWords} from './phrase';
import {planQuery, type Term} from './query';
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

/** 一つの検索語で見つかるページ（既定の並び）と、その点（ページの種類の重みを掛けたもの）。 */
type Ranked = {
  readonly ordered: readonly PagefindResult[];
  readonly scores: ReadonlyMap<string, number>;
  /** 語句（語がこの順に隣り合う並び）を含むページ。語句のない検索語なら undefined。 */
  readonly phrase: ReadonlySet<string> | undefined;
};

/**
 * Pagefind は検索語を語に分け、どの語も含むページを返すので、「増やし鬼」で「増やします」と
 * 「鬼チーム」を別々に含むページも当たる。そこで語句そのもの（語がこの順に隣り合う並び、phrase.ts）を
 * 含むページを先頭に並べる。どちらの中も、Pagefind の点にページの種類の重み（sections.ts）を掛けた順。
 */
async function rank(pagefind: Pagefind, query: string): Promise<Ranked> {
  const [found, weights] = await Promise.all([
    pagefind.search(query),
    pageWeights(pagefind, query),
  ]);
  const scores = new Map(
    (found?.results ?? []).map((r) => [r.id, r.score * (weights.get(r.id) ?? 1)] as const),
  );
  const plain = [...(found?.results ?? [])].sort(
    (a, b) => (scores.get(b.id) ?? 0) - (scores.get(a.id) ?? 0),
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
  return {ordered, scores, phrase};
}

/**
 * 語が本文にあるページ: 語句なら語句を含むページだけ（ばらばらに含むページは数えない）。一語なら、
 * 上位 MAX_PAGES 件のうち本文にその語を含むページ（Pagefind は索引にない語を字に分けて探し、
 * 「値段」で「値」と「段」を別々に含むページも返す）。本文は結果の表示にも使うので、読む量は増えない。
 */
async function pagesOf(ranked: Ranked, form: string): Promise<PagefindResult[]> {
  const {phrase} = ranked;
  if (phrase) return ranked.ordered.filter((r) => phrase.has(r.id));
  const top = ranked.ordered.slice(0, MAX_PAGES);
  const word = form.toLowerCase();
  const contents = await Promise.all(top.map(async (r) => joinWords((await r.data()).content)));
  return top.filter((_, i) => contents[i]?.normalize('NFKC').toLowerCase().includes(word));
}

export type SearchOutcome = {
  readonly hits: readonly PageHit[];
  /** 抜粋で強調する語（打った語と、見つかった表記）。 */
  readonly highlight: readonly string[];
  /** どのページにもなかった語（打った形）。 */
  readonly missing: readonly string[];
  /** どこかのページにあった語（打った形）。 */
  readonly matched: readonly string[];
  /** matched の語をすべて含むページの結果か（false なら、どれかを含むページを含む語の多い順に）。 */
  readonly together: boolean;
};

/** 語を探した結果: 見つかった形と、ページ → 点。 */
type TermPages = {
  readonly term: Term;
  readonly form: string | undefined;
  readonly pages: ReadonlyMap<string, {readonly result: PagefindResult; readonly score: number}>;
};

/** 言い換えで見つかったページの点に掛ける重み（打った語そのもののページを先に）。 */
const SYNONYM_WEIGHT = 0.5;

/**
 * 語を探す: 打った形と言い換え（軽く数える）で。打った形で見つからなければ、読みの表記・かなの
 * 書き換え・語幹でも探す。見つかった形のページをすべて合わせる。
 */
async function findTerm(rankOf: (form: string) => Promise<Ranked>, term: Term): Promise<TermPages> {
  const pages = new Map<string, {result: PagefindResult; score: number}>();
  const search = async (form: string, weight: number): Promise<boolean> => {
    const ranked = await rankOf(form);
    const results = await pagesOf(ranked, form);
    for (const result of results) {
      const score = (ranked.scores.get(result.id) ?? 0) * weight;
      if ((pages.get(result.id)?.score ?? -1) < score) pages.set(result.id, {result, score});
    }
    return results.length > 0;
  };
  let form = (await search(term.typed, 1)) ? term.typed : undefined;
  if (!form) {
    for (const fallback of term.fallbacks.slice(0, MAX_FALLBACKS)) {
      if ((await search(fallback, 1)) && !form) form = fallback;
    }
  }
  for (const synonym of term.synonyms) {
    if ((await search(synonym, SYNONYM_WEIGHT)) && !form) form = synonym;
  }
  return {term, form, pages};
}

/** 一つの語で探す形の数の上限。 */
const MAX_FALLBACKS = 6;

/**
 * 検索する。検索語を探す語に分け（query.ts: 助詞や語尾は探さない）、語ごとに探す。どの語も打った形で
 * 見つかり、語を区切り直していないときは、検索語そのもので探したときの並び（rank）をそのまま使う。
 * そうでなければ、見つかった語の多いページを先に、同じ数なら点の合計の順に並べる。どのページにもない語が
 * あれば、ほかの語の結果を返し、その語を missing で伝える（空の答えにしない）。
 * ひらがなを含む検索語のときだけ、読みの辞書を loadDictionary で読む。
 */
export async function searchSite(
  pagefind: Pagefind,
  input: string,
  loadDictionary: () => Promise<ReadingDictionary | undefined> = async () => undefined,
): Promise<SearchOutcome> {
  const query = normalizeQuery(input);
  const none: SearchOutcome = {hits: [], highlight: [], missing: [], matched: [], together: true};
  if (query === '') return none;
  // 同じ形を二度探さない（一語の検索語は、検索語そのものと語で同じ形になる）。
  const ranks = new Map<string, Promise<Ranked>>();
  const rankOf = (form: string): Promise<Ranked> => {
    const known = ranks.get(form) ?? rank(pagefind, form);
    ranks.set(form, known);
    return known;
  };
  const whole = await rankOf(query);
  const literal = async (): Promise<SearchOutcome> => {
    const hits = await Promise.all(
      whole.ordered.slice(0, MAX_PAGES).map((r) => toPageHit(r, query)),
    );
    return {...none, hits, highlight: highlightTerms(input), matched: [query]};
  };
  // 検索語がそのまま（語句として）本文にあれば、そのページが答え（アプリの表示の「位置情報を利用可能」など）。
  if (whole.phrase && whole.phrase.size > 0) return literal();
  const dictionary = hasHiragana(query) ? await loadDictionary() : undefined;
  const terms = planQuery(query, dictionary);
  const found = (
    await Promise.all(
      terms.map(async (term) => {
        const whole = await findTerm(rankOf, term);
        // どのページにもない語が、いくつかの語からなるなら（「集合場所」「しゅうごうばしょ」）、
        // その語ごとに探す。
        // ひらがなだけの語は、辞書の語の区切りでだけ分ける（字の切れ端「しょ」で探さない）。
        const split = term.parts.length > 0 || !/^[ぁ-ゖー]+$/.test(term.typed);
        const words = (term.parts.length > 0 ? term.parts : phraseWords(term.typed)).filter(
          (w) => w.length > 1,
        );
        if (whole.form || !split || words.length < 2) return [whole];
        const parts = planQuery(words.join(' '), dictionary);
        return Promise.all(parts.map((part) => findTerm(rankOf, part)));
      }),
    )
  ).flat();
  const asTyped =
    found.length === 0 ||
    (found.every((f) => f.form === f.term.typed && f.term.synonyms.length === 0) &&
      found.map((f) => f.term.typed).join(' ') === query);
  if (asTyped) return literal();
  const byPage = new Map<string, {result: PagefindResult; terms: Set<Term>; score: number}>();
  for (const {term, pages} of found) {
    for (const [id, {result, score}] of pages) {
      const page = byPage.get(id) ?? {result, terms: new Set<Term>(), score: 0};
      page.terms.add(term);
      page.score += score;
      byPage.set(id, page);
    }
  }
  const ordered = [...byPage.values()].sort(
    (a, b) => b.terms.size - a.terms.size || b.score - a.score,
  );
  const best = ordered[0];
  if (!best) return none;
  const matched = found.filter((f) => f.form !== undefined);
  // 見つかった語をすべて含むページがあれば、そのページだけ。なければ、含む語の多い順にすべて。
  const together = best.terms.size === matched.length;
  const shown = together ? ordered.filter((page) => page.terms.size === best.terms.size) : ordered;
  const phrase = matched[0]?.form ?? query;
  const hits = await Promise.all(
    shown.slice(0, MAX_PAGES).map((page) => toPageHit(page.result, phrase)),
  );
  return {
    hits,
    highlight: [
      ...new Set([
        ...matched.flatMap((f) => [f.term.typed, f.form ?? '']),
        ...highlightTerms(input),
      ]),
    ].filter(Boolean),
    missing: found.filter((f) => f.form === undefined).map((f) => f.term.typed),
    matched: matched.map((f) => f.term.typed),
    together,
  };
}
