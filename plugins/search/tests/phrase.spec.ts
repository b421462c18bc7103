/** 語句（語がこの順に隣り合う並び）で探す（theme/SearchDialog/phrase.ts）。Pagefind の代わりに位置を返す。 */
import {expect, test} from '@playwright/test';
import type {Pagefind, PagefindResult} from '../theme/SearchDialog/pagefind';
import {pagesWithPhrase, phraseWords} from '../theme/SearchDialog/phrase';

/** ページ → 本文の語の並び。語ごとの検索は、その語で始まる語の位置を返す（Pagefind の前方一致）。 */
function fakePagefind(pages: Record<string, readonly string[]>): Pagefind {
  const search = async (term: string) => ({
    results: Object.entries(pages).flatMap(([id, words]): PagefindResult[] => {
      const at = words.flatMap((word, i) => (word.startsWith(term) ? [i] : []));
      return at.length === 0 ? [] : [{id, score: 1, words: at, data: () => Promise.reject()}];
    }),
  });
  return {options: async () => {}, init: async () => {}, search};
}

const pagefind = fakePagefind({
  doc: ['ルール', '増', 'や', 'し', '鬼', '：', 'つかまった'],
  report: ['案内', 'を', '増', 'や', 'し', 'ます', '。', '鬼', 'チーム'],
  items: ['例', '：', '15', '分間', '無敵'],
  date: ['4', '月', '15', '日', '約', '1', '分'],
});
const all = ['doc', 'report', 'items', 'date'];

test('検索語を索引と同じ区切りで語に分ける', () => {
  expect(phraseWords('増やし鬼')).toEqual(['増', 'や', 'し', '鬼']);
  expect(phraseWords('15分')).toEqual(['15', '分']);
});

test('語がこの順に隣り合うページだけを語句の一致とする（最後の語は前方一致）', async () => {
  expect(await pagesWithPhrase(pagefind, '増やし鬼', all)).toEqual(new Set(['doc']));
  expect(await pagesWithPhrase(pagefind, '15分', all)).toEqual(new Set(['items']));
});

test('一語だけの検索語には語句の一致を使わない', async () => {
  expect(await pagesWithPhrase(pagefind, '鬼', all)).toBeUndefined();
  expect(await pagesWithPhrase(pagefind, 'Discord 通知', all)).toBeUndefined();
});
