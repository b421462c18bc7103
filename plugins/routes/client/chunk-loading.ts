/**
 * チャンクの読み込みを、1 回の失敗で諦めない（issue 53）。Rspack のランタイムがチャンクを読む入口
 * （__webpack_require__.e。ルートの部品、区画の表、検索の画面などの import() がすべて通る）を包む:
 * - 読み込みに失敗したら（電車で途切れた要求、切れた接続）、少し待って読み直す（retryDelaysMs の回数まで）。
 * - 配信にそのファイルが無い（404: 開いている間にデプロイがあり、古いページが消えたチャンクを求めた）ときは、
 *   読み直さず、ページを 1 度だけ読み直して新しい版にする。同じファイルで 2 度は読み直さない（ループしない）。
 * それでも読めなければ、元のエラー（ChunkLoadError）のまま失敗する。その先（サイトの日本語のエラーと
 * 「再読み込み」のボタン）は preload.ts と table.tsx が受け持つ。
 */

type EnsureChunk = (chunkId: string | number) => Promise<unknown>;

declare const __webpack_require__: {e: EnsureChunk};

/** Rspack のランタイムがチャンクの読み込みの失敗に付ける形（name、type、request）。 */
export type ChunkLoadError = Error & {
  readonly name: 'ChunkLoadError';
  /** 'error'（要求が失敗した）、'missing'（読めたがチャンクが無い）、'timeout'。 */
  readonly type?: string;
  /** 読もうとしたファイルの URL。 */
  readonly request?: string;
};

/** 読み直すまでの待ち時間。長さが読み直す回数（最初の 1 回と合わせて 3 回まで要求する）。 */
export const retryDelaysMs: readonly number[] = [250, 1000];

/** ページを読み直したファイルの URL（同じファイルのために 2 度は読み直さない）。 */
export const reloadMarkerKey = 'denki-chunk-reload';

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** 配信にそのファイルが無いか（404）。答えが得られなければ「無い」とはしない。 */
async function isGone(url: string): Promise<boolean> {
  try {
    // HEAD は Service Worker が受け持たない（GET だけ）ので、配信にいまあるかを直接たずねる。
    const response = await fetch(url, {method: 'HEAD', cache: 'no-store'});
    return response.status === 404;
  } catch {
    return false;
  }
}

/**
 * このファイルのためにまだ読み直していなければ、印を付けてページを読み直す。印を残せない（sessionStorage が
 * 使えない・満杯）ときは、読み直しが止まらなくなりうるので読み直さない。
 */
function reloadOnceFor(url: string): boolean {
  try {
    if (window.sessionStorage.getItem(reloadMarkerKey) === url) return false;
    window.sessionStorage.setItem(reloadMarkerKey, url);
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** 配信から消えていたチャンクの失敗。 */
const goneErrors = new WeakSet<ChunkLoadError>();

/** 読み込みが終わらないままの約束（ページを読み直している間、エラーの画面を出さない）。 */
export const never = (): Promise<never> => new Promise<never>(() => undefined);

/**
 * error が配信から消えたチャンクの失敗なら、そのファイルのためにまだ読み直していなければページを読み直し、
 * true を返す（呼び手は失敗を知らせずに待つ）。
 */
export function reloadForGoneChunk(error: unknown): boolean {
  return (
    isChunkLoadError(error) &&
    goneErrors.has(error) &&
    error.request !== undefined &&
    reloadOnceFor(error.request)
  );
}

function withRetries(ensure: EnsureChunk): EnsureChunk {
  return async (chunkId) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await ensure(chunkId);
      } catch (error) {
        if (!isChunkLoadError(error)) throw error;
        if (error.request && (await isGone(error.request))) {
          goneErrors.add(error);
          throw error;
        }
        const delay = retryDelaysMs[attempt];
        if (delay === undefined) throw error;
        await sleep(delay);
      }
    }
  };
}

/** 誰も受け取らなかった、消えたチャンクの失敗（ルート以外の遅延チャンク）は、ページのエラーにせず読み直す。 */
function onUnhandledRejection(event: PromiseRejectionEvent): void {
  if (reloadForGoneChunk(event.reason)) event.preventDefault();
}

let installed = false;

/** ランタイムのチャンクの入口を包む（一度だけ）。入口が無い（開発サーバーの形が違う）ときは何もしない。 */
export function installChunkRetries(): void {
  if (installed || typeof __webpack_require__.e !== 'function') return;
  installed = true;
  __webpack_require__.e = withRetries(__webpack_require__.e.bind(__webpack_require__));
  window.addEventListener('unhandledrejection', onUnhandledRejection);
}
