/** 写真の機能で、ビルドとブラウザーの両方が使う型と定数。 */

/** 出す写真のファイルの形式（幅ごとの AVIF と、予備の JPEG）。 */
export type PhotoFormat = 'avif' | 'jpg';

/** 1 枚の写真を描くのに要るもの（remark.ts が作り、theme/Photo が描く）。 */
export type PhotoProps = {
  readonly alt: string;
  /** 表示する向き（EXIF の Orientation を画素に当てたあと）の幅と高さ。 */
  readonly width: number;
  readonly height: number;
  /** ぼかした 16 px の WebP（data: URI）。写真が届くまで同じ場所に見せる。 */
  readonly placeholder: string;
  /** AVIF の srcset（幅ごと）。 */
  readonly avif: string;
  /** AVIF を表示できないブラウザー向けの JPEG の srcset と src。 */
  readonly jpeg: string;
  readonly src: string;
  readonly sizes: string;
  /** ページの最初の写真（遅延せず、優先して取る）。 */
  readonly first: boolean;
  /** avif の srcset と同じ順の、各ファイルのバイト数（データセーバーのボタンが示す）。 */
  readonly avifBytes: readonly number[];
};

/** 出す写真のファイルの置き場（ビルドの出力の中）。 */
export const photoPath = '/assets/photos/';

/**
 * オフライン用の保存で写真ごとに取る幅。スマートフォン（390 px・DPR 3）の本文の列は約 358 px × 3 = 1074 px で、
 * ページはこの幅を選ぶ。保存した写真は、ほかの幅を求められたときにも代わりに返す（plugins/offline/sw-custom.js）。
 */
export const offlinePhotoWidth = 1080;

/** データセーバーの端末なら、ビルドが <head> で <html> に付ける印（写真を取らずに下絵だけを見せる）。 */
export const saveDataAttribute = 'data-save-data';

/** srcset（「URL 幅w」をカンマでつないだもの）の候補。 */
export function candidatesOf(srcset: string): {url: string; width: number}[] {
  return srcset.split(', ').map((candidate) => {
    const [url = '', width = ''] = candidate.split(' ');
    return {url, width: Number.parseInt(width, 10)};
  });
}
