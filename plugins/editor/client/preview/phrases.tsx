/**
 * プレビューの文節区切り。サイトはビルド時に BudouX で分けるが（plugins/phrases/split.ts）、プレビューは
 * 書いている途中の文字をその場で分ける。分け方の決まり（refinePhrases）と描き方（PhraseNodes）はサイトと同じ。
 */
import React, {type ReactNode} from 'react';
import {loadDefaultJapaneseParser} from 'budoux';
import {PhraseNodes} from '../../../phrases/client/PhraseNodes';
import {phraseBreaks} from '../../../phrases/shared';
import {refinePhrases} from '../../../phrases/shared-rules';

let parser: ReturnType<typeof loadDefaultJapaneseParser> | null = null;

/** 文節の配列（つなげると text に戻る）。空文字列は空の配列。 */
export function splitPhrases(text: string): string[] {
  if (!text) return [];
  parser ??= loadDefaultJapaneseParser();
  return refinePhrases(text, parser.parse(text));
}

/** 文字列を、サイトの見出しと同じ文節の区切りで描く（theme/Phrases）。 */
export function PhraseText({text}: {readonly text: string}): ReactNode {
  const phrases = splitPhrases(text);
  if (phrases.length === 0) return null;
  return (
    <span className={phraseBreaks.className}>
      <PhraseNodes phrases={phrases} />
    </span>
  );
}
