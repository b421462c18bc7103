import {expect, test} from '@playwright/test';
import {highlightExcerpt} from '../theme/SearchDialog/text';

const marked = (excerpt: string, terms: readonly string[]): string[] =>
  highlightExcerpt(excerpt, terms)
    .filter((part) => part.marked)
    .map((part) => part.text);

test('検索語がそのまま抜粋にあれば、その語に印を付ける', () => {
  expect(marked('代わり鬼と<mark>増やし</mark>鬼があります', ['増やし鬼'])).toEqual(['増やし鬼']);
});

test('検索語が抜粋にないとき、ひらがなだけの断片には印を付けない', () => {
  const excerpt =
    '者をサポート<mark>しま</mark>す。結果を発表<mark>し</mark>て解散。電<mark>鬼</mark>アプリ';
  expect(marked(excerpt, ['増やし鬼'])).toEqual(['鬼']);
});
