/**
 * ページの種類による順位の重み。ドキュメントはこのサイトの説明書で、ブログ記事（開催レポート）は
 * その時々の出来事なので、同じ語を含むならドキュメントを先に見せる。
 *
 * Pagefind の点は BM25 で、短いページに同じ語が何度も出るほど高い。開催レポートは短く、駅や路線の名前を
 * 題名・冒頭・本文で繰り返すので、その路線を表で一度だけ挙げる開催事例（ドキュメント）より上に来る。
 * 要素の重み（data-pagefind-weight）は語の数に掛かるだけで、BM25 の飽和で効き目が頭打ちになる
 * （記事の本文を 0.5 にしても開催レポートが上のまま。0.25 なら下がるが、記事の見出しの重みまで消える）。
 * そこでページの点そのものに重みを掛ける。0.5 は、記事が同じ語でドキュメントの倍の点を取って初めて
 * 上に来るということ（路線名を 3 度書いた 250 語のレポートと、表で 1 度挙げた 450 語の開催事例で約 1.9 倍）。
 * ページの種類は索引のフィルター（selection.ts の withSection）で分かる。
 */
import {SECTION_FILTER, type PageSection} from '../../shared';
import type {Pagefind} from './pagefind';

export const sectionWeights: Readonly<Record<PageSection, number>> = {
  docs: 1,
  page: 1,
  blog: 0.5,
};

const weighted = (Object.keys(sectionWeights) as PageSection[]).filter(
  (section) => sectionWeights[section] !== 1,
);

/**
 * query で見つかるページのうち、重みが 1 でないページの id → 重み。同じ検索語をフィルター付きで探す
 * （索引のファイルは同じものを使うので、増えるのはフィルターのファイルだけ）。検索語なしの
 * フィルターだけの検索は使わない: Pagefind 1.5.2 はそのとき索引のファイルをすべて読む（50 倍で 24 個）。
 */
export async function pageWeights(pagefind: Pagefind, query: string): Promise<Map<string, number>> {
  const weights = new Map<string, number>();
  const found = await Promise.all(
    weighted.map((section) => pagefind.search(query, {filters: {[SECTION_FILTER]: section}})),
  );
  weighted.forEach((section, i) => {
    for (const page of found[i]?.results ?? []) weights.set(page.id, sectionWeights[section]);
  });
  return weights;
}
