/** エディター（/admin/）で、ビルドとブラウザーの両方が使う型と定数。 */

/** ビルドの出力の中のエディターのフォルダー（/admin/）。読者のページの一覧・索引・保存の一覧には入れない。 */
export const editorDir = 'admin';

/** 手元のクローンで編集するときの decap-server の既定のポート（npm run editor）。 */
export const localBackendPort = 8081;

/** 手元のページだけが、?local_backend=<ポート> で decap-server のポートを変えられる（テストが使う）。 */
export const localBackendParam = 'local_backend';

/** サイトが自分で作った欄（client/widgets/。client/admin.tsx が登録する）の名前。 */
export const siteWidgetNames = [
  'denki-date',
  'denki-url-name',
  'denki-anchor',
  'denki-body',
] as const;
export type SiteWidgetName = (typeof siteWidgetNames)[number];

/** 新しい記事の URL の名前の初め（書き手が変えられる）。 */
export const defaultUrlName = 'report';

/** ブログの記事のコレクション（Decap の name）。 */
export const blogCollectionName = 'blog';

/** 開催事例のコレクション（Decap の name）。 */
export const eventsCollectionName = 'events';

/**
 * 開催事例のコレクションの設定に埋め込む、ファイルどうしの決まりに使うもの（ほかの回と blog の記事。
 * collections.ts が書き、client/event-rules.ts が保存の前に読む）。
 */
export const eventFactsKey = 'denki_event_facts';

/** 記事の front matter の書き方（client/format.ts）。 */
export const postFormat = 'denki-post';
/** 末尾に改行のある、Prettier と同じ形の JSON（client/format.ts）。 */
export const dataFormat = 'denki-json';
/** 開催事例のデータの JSON（キーを欄の順に並べる。client/event-format.ts）。 */
export const eventFormat = 'denki-event-json';

/** 本文の写真の Markdown（段落に 1 枚、ビルドが <Photo> にする）。説明は [ ] の中。 */
export const photoMarkdownPattern = /!\[([^\]\n]*)\]\((\.\/[^)\s]+)\)/g;

/** 選択肢（著者とタグ）。値は blog/authors.yml と blog/tags.yml のキー。 */
export type EditorOption = {readonly value: string; readonly label: string};

/**
 * Decap CMS の設定（config.yml と同じ形）。decap-cms-app の型定義はカスタムの欄やファイルごとの format を
 * 知らないので、このサイトが書くものだけを型にする。Decap は読み込むときに設定を JSON Schema で確かめる。
 */
export type CmsField = {
  readonly name: string;
  readonly label: string;
  readonly widget: string;
  readonly [option: string]: unknown;
};
export type CmsCollection = {
  readonly name: string;
  readonly label: string;
  readonly fields?: readonly CmsField[];
  readonly files?: readonly {
    readonly fields: readonly CmsField[];
    readonly [option: string]: unknown;
  }[];
  readonly [option: string]: unknown;
};
export type CmsConfig = {
  readonly backend: {readonly name: string; readonly [option: string]: unknown};
  readonly collections: readonly CmsCollection[];
  readonly [option: string]: unknown;
};

/** 最初の画面（ログイン。bundle.ts が index.html に書き、client/start.ts が動かす）の要素の id。 */
export const signInScreenIds = {
  screen: 'denki-sign-in',
  status: 'denki-sign-in-status',
  button: 'denki-sign-in-button',
  problem: 'denki-sign-in-problem',
} as const;

/** ビルドがエディターの JS に埋め込むもの。 */
export type EditorSetup = {
  /** Decap の設定（手元の decap-server を使うかどうかは、開いたページが決める）。 */
  readonly config: CmsConfig;
  /** プレビューの枠に読み込ませるサイトの CSS（ビルドが作ったファイルの URL）。 */
  readonly previewStyle: string;
};
