/**
 * ビルドしたページの最初の写真（theme/Photo が描いたもの）。SNS のカード（plugins/seo）が、報告記事の
 * カードをその写真から作るのに使う。画素は、ビルドが作ったいちばん大きい AVIF をキャッシュから読む
 * （向きは当ててあり、メタデータはない）。
 */
import {variantFileCache} from './encode';
import {photoPath} from './shared';

export type FirstPhoto = {
  /** 写真の説明（img の alt の値を、HTML に書かれたまま）。 */
  readonly altHtml: string;
  /** いちばん大きい AVIF の名前（中身のハッシュ）と幅。 */
  readonly name: string;
  readonly width: number;
  /** そのファイルの場所（node_modules/.cache/denki-photos）。 */
  readonly file: string;
};

const photoFrame = /class="?denki-photo[\s">]/;
const avifCandidate = new RegExp(`${photoPath}([0-9a-f]{32})\\.avif (\\d+)w`, 'g');
const imgAlt = /<img\b[^>]*?\balt=(?:"([^"]*)"|([^\s>]+))/;

/** HTML の最初の写真。写真のないページは undefined。 */
export function firstPhotoIn(html: string): FirstPhoto | undefined {
  const start = html.search(photoFrame);
  if (start < 0) return undefined;
  const end = html.indexOf('</picture>', start);
  const frame = html.slice(start, end < 0 ? undefined : end);
  const widest = [...frame.matchAll(avifCandidate)]
    .map(([, name, width]) => ({name: name as string, width: Number(width)}))
    .sort((a, b) => b.width - a.width)[0];
  if (!widest) return undefined;
  const alt = imgAlt.exec(frame);
  return {
    altHtml: alt?.[1] ?? alt?.[2] ?? '',
    ...widest,
    file: variantFileCache.avif.file(widest.name),
  };
}
