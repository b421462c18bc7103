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

/**
 * 写真 1 枚の保存（選んだときだけ取る。裏では取らない）。スマートフォンでページが選ぶ幅の 1 ファイルを保存し、
 * ほかの幅（variants）を求められたときも、オフラインならそれを返す。
 */
export type SavePhoto = {
  readonly url: string;
  /** ファイルのバイト数（AVIF は配信でも圧縮しない）。 */
  readonly bytes: number;
  /** 写真を載せたページが入る選択肢（ドキュメントのページの写真は docs）。 */
  readonly scope: SaveScope;
  /** 同じ写真のほかの幅の URL。 */
  readonly variants: readonly string[];
};

/** 選択肢の量: 文（ページ・JS・CSS など）の配信時のバイト数と、写真も保存するときに足す枚数とバイト数。 */
export type SaveOffer = {
  readonly id: SaveScope;
  readonly bytes: number;
  readonly photos: {readonly count: number; readonly bytes: number};
};

export type SaveList = {
  /** ファイル一覧と版から作る短い識別子。保存済みの版と比べる。 */
  readonly version: string;
  /** 選べる保存と、その配信時の合計バイト数（docs、all の順）。 */
  readonly offers: readonly SaveOffer[];
  /** docs のファイルが先、all だけのファイルが後。 */
  readonly files: readonly SaveFile[];
  readonly photos: readonly SavePhoto[];
};

/** 保存する範囲と、写真も保存するか。 */
export type SaveChoice = {readonly scope: SaveScope; readonly photos: boolean};

const inScope = <T extends {readonly scope: SaveScope}>(items: readonly T[], scope: SaveScope) =>
  scope === 'all' ? items : items.filter((item) => item.scope === 'docs');

/** scope を選んだときに保存するファイル（写真を除く）。 */
export const filesFor = (list: Pick<SaveList, 'files'>, scope: SaveScope): readonly SaveFile[] =>
  inScope(list.files, scope);

/** scope のページに載る写真（写真も保存するときに足す）。 */
export const photosFor = (list: Pick<SaveList, 'photos'>, scope: SaveScope): readonly SavePhoto[] =>
  inScope(list.photos, scope);

/** choice で保存するファイル（写真は最後）。 */
export const choiceFiles = (
  list: Pick<SaveList, 'files' | 'photos'>,
  {scope, photos}: SaveChoice,
): readonly Pick<SaveFile, 'url' | 'bytes'>[] => [
  ...filesFor(list, scope),
  ...(photos ? photosFor(list, scope) : []),
];

export const bytesOf = (files: readonly Pick<SaveFile, 'bytes'>[]): number =>
  files.reduce((sum, file) => sum + file.bytes, 0);
