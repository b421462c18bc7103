/** 日本語の短い表示文字列（見出しなど）を BudouX で文節に分ける。ビルド時（Node.js）だけで使う。 */
import {loadDefaultJapaneseParser} from 'budoux';
import type {PhraseMap} from './shared';
import {refinePhrases} from './shared-rules';

const parser = loadDefaultJapaneseParser();

/** 文節の配列を返す。つなげると元の text に戻る。空文字列は空の配列。 */
export function splitPhrases(text: string): string[] {
  if (!text) return [];
  return refinePhrases(text, parser.parse(text));
}

/** 表示文字列 → 文節の表。 */
export function phraseMap(texts: readonly string[]): PhraseMap {
  return Object.fromEntries(texts.map((text) => [text, splitPhrases(text)]));
}
