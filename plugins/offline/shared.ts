/** build/offline-save.json の形。ビルド（Node）と保存ボタン（ブラウザ）の両方が使う。 */
export const saveListFile = 'offline-save.json';

/**
 * 保存の選択肢: ドキュメントだけ（遊び方・開き方・アプリの使い方と、それを表示する JS と CSS）か、
 * すべて（ドキュメントに加えて、ブログ、検索用のデータ、ホーム画面用のアイコンなど）。
 */
export type SaveScope = 'docs' | 'all';

export type SaveFile = {
  readonly url: string;
  /** 配信時（gzip）のバイト数。 */
  readonly bytes: number;
  /** docs のファイルはどちらの選択肢でも保存し、all のファイルは「すべて」でだけ保存する。 */
  readonly scope: SaveScope;
};

export type SaveOffer = {readonly id: SaveScope; readonly bytes: number};

export type SaveList = {
  /** ファイル一覧と版から作る短い識別子。保存済みの版と比べる。 */
  readonly version: string;
  /** 選べる保存と、その配信時の合計バイト数（docs、all の順）。 */
  readonly offers: readonly SaveOffer[];
  /** docs のファイルが先、all だけのファイルが後。 */
  readonly files: readonly SaveFile[];
};

/** scope を選んだときに保存するファイル。 */
export const filesFor = (list: Pick<SaveList, 'files'>, scope: SaveScope): readonly SaveFile[] =>
  scope === 'all' ? list.files : list.files.filter((file) => file.scope === 'docs');

export const bytesOf = (files: readonly Pick<SaveFile, 'bytes'>[]): number =>
  files.reduce((sum, file) => sum + file.bytes, 0);
