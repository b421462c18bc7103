/**
 * 取り下げの「公開待ち」の記事（記事のファイルを消すプルリクエスト。client/takedown.ts）を開いたときに、欄の上に
 * 出す知らせ。Decap の欄の画面（EditorControlPane）に、組むときにはさむ（../decap-patches.ts）。
 */
import type {ReactNode} from 'react';
import './takedown.css';

/** Decap の記事（immutable の Map）のうち、ここで読むもの。 */
type Entry = {getIn(path: readonly string[]): unknown};

/** 記事のブランチが、記事のファイルを消すもの（取り下げ）か。backend.js の processUnpublishedEntry が meta に付ける。 */
export const isTakedown = (entry: Entry | undefined): boolean =>
  entry?.getIn(['meta', 'denkiTakedown']) === true;

/** 取り下げの記事を保存しようとしたとき（Decap の「保存できませんでした」の後ろに出る）。 */
export const takedownSaveRefused =
  'この記事は取り下げを待っているので、書き直せません。書き直すときは、先に「未公開の変更を削除」で取り下げをやめてください。';

const whenPublished =
  'テストが通ってから「公開」→「公開する」を押すと、記事のファイルと写真がリポジトリーから消え、次のデプロイで' +
  'サイトから消えます（記事のページ、写真、フィード、検索、サイトマップ）。それまでは、サイトの記事はそのままです。';

export function takedownNotice(entry: Entry | undefined): ReactNode {
  if (!isTakedown(entry)) return null;
  return (
    <section className="denki-takedown" aria-label="取り下げ">
      <p>
        <strong>この記事は、サイトから取り下げるのを待っています（公開待ち）。</strong>
      </p>
      <p>{whenPublished}</p>
      <p>
        取り下げをやめるときは「未公開の変更を削除」を押します。下の欄は取り下げる記事の中身で、書き直せません。
      </p>
    </section>
  );
}
