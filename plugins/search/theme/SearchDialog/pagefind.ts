/** ブラウザで使う Pagefind の API（使う部分だけ）と、その遅延読み込み。 */

export type PagefindSubResult = {
  readonly title: string;
  readonly url: string;
  readonly excerpt: string;
  readonly locations?: readonly number[];
};

export type PagefindResultData = {
  readonly url: string;
  /** ページの本文（索引の形: 語ごとに空白で区切ったもの）。 */
  readonly content: string;
  readonly excerpt: string;
  readonly meta: {readonly title?: string};
  readonly sub_results: readonly PagefindSubResult[];
};

export type PagefindResult = {
  readonly id: string;
  readonly score: number;
  /** 一致した語の位置（本文の何語目か）。 */
  readonly words: readonly number[];
  readonly data: () => Promise<PagefindResultData>;
};

export type PagefindSearch = {readonly results: readonly PagefindResult[]};

export type PagefindSearchOptions = {
  readonly filters?: Readonly<Record<string, string | readonly string[]>>;
};

export type Pagefind = {
  readonly options: (options: Record<string, unknown>) => Promise<void>;
  readonly init: () => Promise<void>;
  readonly search: (
    term: string,
    options?: PagefindSearchOptions,
  ) => Promise<PagefindSearch | null>;
};

/**
 * 順位の調整（Pagefind の既定は pageLength 0.75）。このサイトのページの長さは、地域の案内や開催レポートの
 * 100〜300 語から、アプリの説明書の 2,000 語まで 10 倍以上違う。既定のままだと、短いページが語を一度
 * 含むだけで長い説明書より上に来る（「ミッション」でゲームの作成より運営が先に出る）。Pagefind の
 * 説明書にあるとおり pageLength を下げて、長さの差で付く差を小さくする。
 */
const ranking = {pageLength: 0.3};

let loading: Promise<Pagefind> | undefined;

/**
 * /pagefind/pagefind.js を初めて必要になったときに読み込む。ページの初回表示では読み込まない。
 * バンドラーに解決させないよう webpackIgnore を付けた動的 import を使う。失敗したら次回やり直す。
 * exactDiacritics: Pagefind は濁点・半濁点（゛゜）をアクセント記号と同じに扱い、「バス」で「ハス」も
 * 探す。日本語では別の語なので、書いたとおりの字で探す。
 */
export function loadPagefind(baseUrl: string): Promise<Pagefind> {
  loading ??= (async () => {
    const url = `${baseUrl}pagefind/pagefind.js`;
    const pagefind = (await import(/* webpackIgnore: true */ url)) as Pagefind;
    await pagefind.options({baseUrl, excerptLength: 24, exactDiacritics: true, ranking});
    await pagefind.init();
    return pagefind;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
