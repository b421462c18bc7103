/** ビルド（codegen.ts、chunk-files.ts）とブラウザ（client/table.ts）が共有する形。 */

/** チャンク名の入れ子（Docusaurus の routesChunkNames の値と同じ形）。 */
export type ChunkNames = {readonly [key: string]: string | ChunkNames};

/**
 * ルート 1 つ: [パス, チャンク名, 属性]。属性は exact や sidebar など Docusaurus がルートに付けたもの。
 * 子ルートがあれば routes に、その配列の分けた葉は groups に入る。パスが '*' のものは見つからないページ。
 */
export type RouteSpec = readonly [path: string, chunkNames?: ChunkNames, props?: RouteProps];

export type RouteProps = {
  readonly exact?: boolean;
  readonly routes?: readonly RouteSpec[];
  readonly groups?: readonly GroupSpec[];
  readonly [attribute: string]: unknown;
};

/** 区画（パスの最初の段: "blog"、"docs"…）ごとの [最初のキー, 読み込み] の列。キーの順に並ぶ。 */
export type Sections = {readonly [section: string]: readonly (readonly [string, ShardLoader])[]};

/** 配列の中の、分けて後から読む葉の一続き: [後ろに来るルートの位置, 区画]。 */
export type GroupSpec = readonly [anchor: number, sections: Sections];

export type ShardLoader = () => Promise<{default: unknown}>;

/** チャンク名 → そのモジュールを読み込む関数。 */
export type Registry = {readonly [chunkName: string]: () => Promise<unknown>};

/**
 * 分けたルート表（shard）が持つ、チャンクのファイル名の表。ビルドの最後に、この文字列が
 * {チャンク ID: ファイル} に置き換わる（chunk-files.ts）。名前のあるチャンクのファイルは
 * "assets/js/<チャンク名>.<ハッシュ>.js" なので、チャンク名 → ID もここから引ける（chunkNameOfFile）。
 */
export const chunkFilesPlaceholder = '__DENKI_ROUTE_CHUNK_FILES__';

export type ChunkFiles = {readonly [chunkId: string]: string};

/** ファイル名の前半（チャンク名。名前のないチャンクは ID）。ビルドが、この形のファイル名だけを表に書く。 */
export function chunkNameOfFile(file: string): string | undefined {
  return /\/([^/]+)\.[0-9a-f]{8}\.js$/.exec(file)?.[1];
}

/**
 * ルートを探すキー: 末尾のスラッシュ 1 つを除き、小文字にする。react-router（path-to-regexp）の
 * exact かつ strict でない一致は、大文字小文字を区別せず、末尾のスラッシュ 1 つを無視するので、
 * ASCII だけのパスなら「同じキー ⇔ 一致する」。
 */
export function routeKey(pathname: string): string {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return trimmed.toLowerCase();
}

/** キーの区画: 最初の段（"/blog/2025/…" → "blog"、"/" → ""）。 */
export function sectionOf(key: string): string {
  return key.split('/')[1] ?? '';
}
