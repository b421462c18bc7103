import {Fragment, type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {usePluginData} from '@docusaurus/useGlobalData';
import {phraseBreaks, type PhraseMap} from '../../shared';

/** 2 文字以上で日本語を含む文字列は、文節の中で折り返さないよう区切りが要る。 */
const needsPhrases = (text: string): boolean =>
  Array.from(text).length > 1 &&
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);

/**
 * ビルド時に分けておいた文節。表に無い日本語の文字列は、静的な HTML を書き出すとき（SSR）にビルドを止める。
 * ブラウザ（開発サーバーで足したばかりの見出しなど）では undefined を返し、そのまま描く。
 */
function usePhrases(text: string): readonly string[] | undefined {
  const {phrases} = usePluginData(phraseBreaks.pluginName) as {phrases: PhraseMap};
  const found = phrases[text];
  if (!found && !ExecutionEnvironment.canUseDOM && needsPhrases(text)) {
    throw new Error(
      `[${phraseBreaks.pluginName}] 見出し「${text}」の文節がありません。plugins/phrases/index.ts で集めてください`,
    );
  }
  return found;
}

/**
 * 文字列を文節ごとに <wbr> で区切って描く。文節の中では折り返さない（../../styles.css）。
 * 表に無い文字列はそのまま描き、印（class）も付けない（tests/phrase-breaks.ts が見分ける）。
 */
export default function Phrases({text}: {readonly text: string}): ReactNode {
  const phrases = usePhrases(text);
  if (!phrases) return text;
  return (
    <span className={phraseBreaks.className}>
      {phrases.map((phrase, index) => (
        // 同じ文節が 2 度出ることがあるので、位置を key にする（並びは変わらない）。
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {phrase}
        </Fragment>
      ))}
    </span>
  );
}
