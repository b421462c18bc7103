/**
 * 文節の並びを描く React の部品。Docusaurus に頼らないので、サイトのテーマ（theme/Phrases）と、Docusaurus の外で
 * 組むエディターのプレビュー（plugins/editor/client/preview）の両方が使う。
 */
import {Fragment, type ReactNode} from 'react';
import {keptPieces, phraseBreaks} from '../shared';

/**
 * 文節の並びを、間に <wbr aria-hidden> を入れて描く（包む要素なし）。包む要素に class="phrases" を付けるのは
 * 呼び出し元（表のセルのように、要素そのものに付けたいとき: src/components/HostPlanner/ScheduleTable.tsx）。
 */
export function PhraseNodes({phrases}: {readonly phrases: readonly string[]}): ReactNode {
  return phrases.map((phrase, index) => (
    // 同じ文節が 2 度出ることがあるので、位置を key にする（並びは変わらない）。
    <Fragment key={index}>
      {index > 0 && <wbr aria-hidden />}
      {keptPieces(phrase).map((piece, at) =>
        piece.keep ? (
          <span key={at} className={phraseBreaks.keepClassName}>
            {piece.text}
          </span>
        ) : (
          <Fragment key={at}>{piece.text}</Fragment>
        ),
      )}
    </Fragment>
  ));
}
