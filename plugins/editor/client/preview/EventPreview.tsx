/**
 * 開催事例のプレビュー（Decap の registerPreviewTemplate）。サイトのビルドと同じ関数（plugins/events/mdast.ts）で
 * その回の節を作り、ドキュメントのページと同じ要素と class で描く。描く部品は、プレビューを初めて開いたときに読み込む。
 */
import React, {lazy, Suspense, useEffect, type ReactNode} from 'react';

type Props = {
  readonly entry: {getIn(path: readonly string[]): unknown};
  /** プレビューの枠（iframe）の文書。 */
  readonly document?: Document;
};

const EventArticle = lazy(() =>
  import('./EventArticle').then((module) => ({default: module.EventArticle})),
);

const plain = (value: unknown): unknown =>
  typeof (value as {toJS?: unknown} | null)?.toJS === 'function'
    ? (value as {toJS(): unknown}).toJS()
    : value;

export function EventPreview({entry, document: frame}: Props): ReactNode {
  useEffect(() => {
    frame?.documentElement.setAttribute('lang', 'ja');
  }, [frame]);
  // 欄を打つたびに描き直すのは、その回の中身（JSON）が変わったときだけ。
  const json = JSON.stringify(plain(entry.getIn(['data'])) ?? {});
  return (
    <Suspense fallback={<p className="denki-preview__loading">プレビューを用意しています…</p>}>
      <EventArticle json={json} />
    </Suspense>
  );
}
