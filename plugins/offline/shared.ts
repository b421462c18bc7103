/** build/offline-save.json の形。ビルド（Node）と保存ボタン（ブラウザ）の両方が使う。 */
export const saveListFile = 'offline-save.json';

export type SaveList = {
  /** ファイル一覧と版から作る短い識別子。保存済みの版と比べる。 */
  readonly version: string;
  /** 全ファイルの配信時（gzip）の合計バイト数。 */
  readonly bytes: number;
  readonly files: readonly {readonly url: string; readonly bytes: number}[];
};
