/** 日本語の短い表示文字列（見出しなど）を BudouX で文節に分ける。ビルド時（Node.js）だけで使う。 */
import {loadDefaultJapaneseParser} from 'budoux';
import type {PhraseMap} from './shared';

const parser = loadDefaultJapaneseParser();

/** BudouX の既定モデルが途中で分けてしまう、このサイトでよく使う語。 */
const keptWords: readonly string[] = ['鬼ごっこ', '電鬼'];

/** text の中で、keptWords のどれかの内側に当たる位置（文字の区切りの番号）。 */
function positionsInsideKeptWords(text: string): Set<number> {
  const inside = new Set<number>();
  for (const word of keptWords) {
    for (let start = text.indexOf(word); start !== -1; start = text.indexOf(word, start + 1)) {
      for (let offset = 1; offset < word.length; offset += 1) inside.add(start + offset);
    }
  }
  return inside;
}

/**
 * 全角のコロンの後ろでは必ず分ける（「ステップ3：/ミッション」）。BudouX は 1 文節にまとめることがあるが、
 * Gecko は keep-all でもここで折り返すので、文節の区切りとして扱う。
 */
const splitAfterColon = (chunk: string): string[] => chunk.split(/(?<=：)(?=.)/u);

/**
 * 開きかっこの前も必ず分ける（「減点スコア/（任意）」）。keep-all でも、どのエンジンもここで折り返す。
 */
const splitBeforeBracket = (chunk: string): string[] =>
  chunk.split(/(?<=.)(?=[（「『【〔［〈《])/u);

/** 文節の配列を返す。つなげると元の text に戻る。空文字列は空の配列。 */
export function splitPhrases(text: string): string[] {
  if (!text) return [];
  const inside = positionsInsideKeptWords(text);
  const phrases: string[] = [];
  let position = 0;
  for (const chunk of parser.parse(text).flatMap(splitAfterColon).flatMap(splitBeforeBracket)) {
    const last = phrases.length - 1;
    if (last >= 0 && inside.has(position)) phrases[last] += chunk;
    else phrases.push(chunk);
    position += chunk.length;
  }
  return phrases;
}

/** 表示文字列 → 文節の表。 */
export function phraseMap(texts: readonly string[]): PhraseMap {
  return Object.fromEntries(texts.map((text) => [text, splitPhrases(text)]));
}
