/**
 * ベンチマークの結果の型。.bench/results.json もこの形で書き出す。
 * 測る・比べる・表にするモジュールのどれもがここを読むので、ここは何も読み込まない（import の輪を作らない）。
 */

export const KiB = 1024;

export type SiteName = 'ours' | 'stock';

export type ByteSizes = {
  readonly raw: number;
  readonly gzip: number;
  readonly brotli: number;
};

export type AssetKind = 'html' | 'js' | 'css';

export type AssetBytes = ByteSizes & {
  readonly url: string;
  readonly kind: AssetKind;
};

export type FirstLoadBytes = {
  readonly html: ByteSizes;
  readonly js: ByteSizes;
  readonly css: ByteSizes;
  readonly total: ByteSizes;
  readonly assets: readonly AssetBytes[];
};

export type Spread = {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly values: readonly number[];
};

export type LighthouseFigures = {
  readonly performance: Spread;
  readonly accessibility: Spread;
  readonly bestPractices: Spread;
  readonly seo: Spread;
  readonly fcpMs: Spread;
  readonly lcpMs: Spread;
  readonly tbtMs: Spread;
  readonly cls: Spread;
  readonly failedRuns: number;
};

export type ImageResource = {
  readonly url: string;
  readonly bytes: number;
};

export type RouteResult = {
  readonly route: string;
  /** HTML と、HTML が直接読む JS・CSS。 */
  readonly bytes: FirstLoadBytes;
  /** 初回表示（読み込み完了まで）に実際に取得された JS 全部。ブラウザで測れなければ null。 */
  readonly loadedJs: (ByteSizes & {readonly files: readonly string[]}) | null;
  /** 初回表示で読み込まれた一番大きい画像（未圧縮の本文バイト数）。 */
  readonly largestImage: ImageResource | null;
  readonly lighthouse: LighthouseFigures | null;
};

export type SearchBytes = {
  /** 転送バイト数（配信時の圧縮後）。 */
  readonly transfer: number;
  /** 本文のバイト数（HTTP の圧縮を戻した後）。 */
  readonly body: number;
  readonly requests: readonly {readonly url: string; readonly transfer: number}[];
  readonly query: string;
};

export type PrecacheSize = {
  readonly entries: number;
  readonly bytes: number;
  readonly missing: readonly string[];
};

export type BuildTimes = {
  readonly coldMs: number;
  readonly warmMs: number | null;
};

export type SiteResult = {
  readonly site: SiteName;
  readonly buildDir: string;
  readonly build: BuildTimes | null;
  readonly routes: readonly RouteResult[];
  readonly search: SearchBytes | null;
  readonly precache: PrecacheSize | null;
  /** 初回訪問の転送バイト数（通常の回線とデータセーバー、issue 11）。 */
  readonly dataPlan: DataPlanResult | null;
  /** 図のあるページを最下部までスクロールしたあとの JS（issue 10）。 */
  readonly pageJs: readonly PageJs[] | null;
};

export type FirstVisitBytes = {
  /** ページが取ったもの（読み込み完了まで）の転送バイト数。 */
  readonly page: number;
  /** ページと裏の取得（Service Worker を含む）の、20 秒以内の合計。 */
  readonly total: number;
  readonly pageRequests: number;
  readonly totalRequests: number;
};

/** 初回訪問の転送バイト数（data-plan.ts）。 */
export type DataPlanResult = {
  readonly route: string;
  readonly ordinary: FirstVisitBytes;
  readonly saveData: FirstVisitBytes;
};

/** ページを最下部までスクロールしたあとの JS（page-js.ts）。 */
export type PageJs = {
  readonly route: string;
  /** 取得した JS の brotli の合計（バイト）。 */
  readonly brotli: number;
  readonly files: number;
};

/** 1 つの数値を予算と比べた判定（表の予算と判定の列）。 */
export type Verdict = {
  readonly figure: string;
  readonly route: string | null;
  readonly value: number | null;
  readonly budget: string;
  /** 測れなかった（null）ときは判定しない。 */
  readonly ok: boolean | null;
};
