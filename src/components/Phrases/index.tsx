import {Fragment, type ReactNode} from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import {phraseBreaks, type PhraseMap} from '@site/src/constants/site';

/** ビルド時に分けておいた文節。表に無い文字列（開発中に足した見出しなど）は undefined。 */
function usePhrases(text: string): readonly string[] | undefined {
  const {phrases} = usePluginData(phraseBreaks.pluginName) as {phrases: PhraseMap};
  return phrases[text];
}

/**
 * 文字列を文節ごとに <wbr> で区切って描く。文節の中では折り返さない（src/css/custom.css）。
 * 表に無い文字列はそのまま描き、印（class）も付けない（tests/support/phrase-breaks.ts が見分ける）。
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
