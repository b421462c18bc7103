/**
 * 語句（フレーズ）で探す: 検索語の語が、この順に隣り合って本文に並ぶページを見つける。
 *
 * Pagefind の語句検索（"…"）は使わない。語句の最後の語も全部一致でしか探さないので「15分」は
 * 本文の「15|分間」に当たらず、濁点のある字（じ、ば…）を別の語の変種として数える都合で、
 * 同じページに「し」と「じ」があると並びを取り違えて当たらない（Pagefind 1.5.2）。
 * ここでは語ごとに Pagefind で探し（索引は最初の検索で読み込み済み）、結果の語の位置（words）から
 * 並びを確かめる。どの語も前方一致なので、最後の語が「分間」のように長くてもよい。
 */
import {SEGMENTER_LOCALE} from '../../shared';
import type {Pagefind} from './pagefind';

const segmenter =
  typeof Intl.Segmenter === 'function'
    ? new Intl.Segmenter(SEGMENTER_LOCALE, {granularity: 'word'})
    : undefined;

/** 検索語の一区切り（空白で区切った一つ）を、索引と同じ区切りで語に分ける（記号は除く）。 */
export function phraseWords(part: string): string[] {
  if (!segmenter) return [];
  return [...segmenter.segment(part.toLowerCase())]
    .filter((s) => s.isWordLike)
    .map((s) => s.segment);
}

/** 語の位置の集合（ページの id ごと）。 */
async function positionsOf(pagefind: Pagefind, word: string): Promise<Map<string, Set<number>>> {
  const found = await pagefind.search(word);
  return new Map((found?.results ?? []).map((r) => [r.id, new Set(r.words)]));
}

/** words が、この順に隣り合って並ぶ位置があるか。 */
function hasRun(words: readonly string[], at: Map<string, Map<string, Set<number>>>, id: string) {
  const first = at.get(words[0] ?? '')?.get(id);
  if (!first) return false;
  return [...first].some((start) =>
    words.every(
      (word, i) =>
        at
          .get(word)
          ?.get(id)
          ?.has(start + i) ?? false,
    ),
  );
}

/**
 * 検索語の語句を本文に含むページの id。空白で区切った区切りごとに、二語以上あるものがすべて
 * 隣り合って並ぶページを返す。語句のない（どの区切りも一語の）検索語なら undefined。
 */
export async function pagesWithPhrase(
  pagefind: Pagefind,
  query: string,
  candidates: readonly string[],
): Promise<Set<string> | undefined> {
  const phrases = query
    .split(' ')
    .map(phraseWords)
    .filter((words) => words.length > 1);
  if (phrases.length === 0) return undefined;
  const unique = [...new Set(phrases.flat())];
  const found = await Promise.all(unique.map((word) => positionsOf(pagefind, word)));
  const at = new Map(unique.map((word, i) => [word, found[i] as Map<string, Set<number>>]));
  return new Set(candidates.filter((id) => phrases.every((words) => hasRun(words, at, id))));
}
