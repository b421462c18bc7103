/**
 * チャンクの読み込みを、1 回の失敗で諦めない（issue 53）。Rspack のランタイムがチャンクを読む入口
 * （__webpack_require__.e。ルートの部品、区画の表、検索の画面などの import() がすべて通る）を包む:
 * - 読み込みに失敗したら（電車で途切れた要求、切れた接続）、少し待って読み直す（retryDelaysMs の回数まで）。
 * - 配信にそのファイルが無い（404: 開いている間にデプロイがあり、古いページが消えたチャンクを求めた）ときは、
 *   読み直さず、ページを 1 度だけ読み直して新しい版にする。この読み直しでできたページの読み込みでは、何本のチャンクが
 *   無くても、もう読み直さない（読み直しは、人が開いた 1 度の読み込みにつき 1 回まで。ループしない）。
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

/**
 * 読み直す直前に sessionStorage に残す印（中身は、読み直すもとになったファイルの URL）。読み直したあとの読み込みが
 * 始まったときに読んで消し、その読み込みでは読み直さない（印が残らないので、次に人が開く読み込みはまた 1 度読み直せる）。
 */
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
 * この読み込みで読み直してよいか: 'yes'、読み直しでできた読み込み（'reloaded'）、印を読めない（'no-storage'。
 * 読み直しが止まらなくなりうるので読み直さない）、もう読み直しを始めた（'reloading'）。
 */
type ReloadState = 'yes' | 'reloaded' | 'no-storage' | 'reloading';

let reloadState: ReloadState | undefined;

/** 読み込みが始まったときの状態（前の読み込みが残した印を読んで消す）。 */
function initialReloadState(): ReloadState {
  try {
    const marker = window.sessionStorage.getItem(reloadMarkerKey);
    if (marker === null) return 'yes';
    window.sessionStorage.removeItem(reloadMarkerKey);
    return 'reloaded';
  } catch {
    return 'no-storage';
  }
}

/**
 * この読み込みでまだ読み直していなければ、印を付けてページを読み直し、true を返す。読み直しを始めたあとの失敗
 * （同じ読み込みで消えていた 2 本目のチャンク）も true（呼び手はエラーを出さずに読み直しを待つ）。
 */
function reloadOnceFor(url: string): boolean {
  reloadState ??= initialReloadState();
  if (reloadState === 'reloading') return true;
  if (reloadState !== 'yes') return false;
  try {
    window.sessionStorage.setItem(reloadMarkerKey, url);
  } catch {
    reloadState = 'no-storage';
    return false;
  }
  reloadState = 'reloading';
  window.location.reload();
  return true;
}

/** 配信から消えていたチャンクの失敗。 */
const goneErrors = new WeakSet<ChunkLoadError>();

/** 読み込みが終わらないままの約束（ページを読み直している間、エラーの画面を出さない）。 */
export const never = (): Promise<never> => new Promise<never>(() => undefined);

/**
 * error が配信から消えたチャンクの失敗なら、この読み込みでまだ読み直していなければページを読み直し、
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
  // 前の読み込みが残した印は、この読み込みの最初に読んで消す（この読み込みの失敗を待たずに）。
  reloadState = initialReloadState();
  __webpack_require__.e = withRetries(__webpack_require__.e.bind(__webpack_require__));
  window.addEventListener('unhandledrejection', onUnhandledRejection);
}
