/**
 * BudouX の文節に足す、このサイトの決まり。ビルド（split.ts）と、ブラウザで文節に分ける検索の結果
 * （plugins/search/theme/SearchDialog/phrases.ts。検索ダイアログを開いたときに読み込む）が共有する。
 * 入口の JS（main.js）に入れないよう、shared.ts とは別のファイルにしておく。
 */

import {breakAllowed} from './kinsoku';

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
 * 全角のコロンと中黒の後ろでは必ず分ける（「ステップ3：/ミッション」「ルール・/ミッション」）。BudouX は
 * 1 文節にまとめることがあるが、エンジンは keep-all でもここで折り返す（コロンは Gecko、中黒はどれも）ので、
 * 文節の区切りとして扱う。
 */
const splitAfterSeparator = (chunk: string): string[] => chunk.split(/(?<=[：・])(?=.)/u);

/**
 * 開きかっこの前も必ず分ける（「減点スコア/（任意）」）。keep-all でも、どのエンジンもここで折り返す。
 */
const splitBeforeBracket = (chunk: string): string[] =>
  chunk.split(/(?<=.)(?=[（「『【〔［〈《])/u);

/**
 * BudouX の分けた文節（chunks、つなげると text）に、このサイトの決まりを当てた文節の配列。区切りの前が行末禁則の
 * 文字（「（」など）か、区切りの後ろが行頭禁則の文字（「：」「・」「」」「ー」など）なら、前の文節とつなぐ
 * （kinsoku.ts。BudouX は「つかまえた/・つかまった」「題/：副題」のように分けることがある）。
 */
export function refinePhrases(text: string, chunks: readonly string[]): string[] {
  const inside = positionsInsideKeptWords(text);
  const phrases: string[] = [];
  let position = 0;
  for (const chunk of chunks.flatMap(splitAfterSeparator).flatMap(splitBeforeBracket)) {
    const last = phrases.length - 1;
    if (last >= 0 && (inside.has(position) || !breakAllowed(phrases[last], chunk)))
      phrases[last] += chunk;
    else phrases.push(chunk);
    position += chunk.length;
  }
  return phrases;
}
