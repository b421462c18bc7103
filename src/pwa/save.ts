/**
 * 「オフラインで読めるように保存」の本体。build/offline-save.json の全ファイルを Cache Storage に入れる。
 * 完了の印は最後にだけ書くので、途中で止まった保存が「保存済み」と名乗ることはない。
 */
import type {SaveList} from '../../plugins/pwa/save-list';
import {registerServiceWorker} from './register';

/** plugins/pwa/sw-custom.js と同じ名前（Service Worker はこのキャッシュからも返す）。 */
export const saveCacheName = 'denki-offline-save';
const versionKey = '/__denki-offline-save/version';
const completeKey = '/__denki-offline-save/complete';
const parallel = 4;
/** 電波が途切れて応答が止まったままのファイルは、この時間で「接続が切れた」とみなす。 */
const fileTimeoutMs = 30_000;

export type SavedCopy = {readonly version: string; readonly bytes: number};
export type SaveStatus =
  | {readonly kind: 'none'}
  | {readonly kind: 'partial'}
  | {readonly kind: 'saved'; readonly copy: SavedCopy};

export type SaveFailure = 'network' | 'quota' | 'unsupported';

export class SaveError extends Error {
  constructor(readonly failure: SaveFailure) {
    super(failure);
  }
}

/** 開発サーバーでは plugin-pwa が動かず Service Worker がないので、保存できない。 */
export function canSave(): boolean {
  return (
    process.env.NODE_ENV === 'production' &&
    typeof caches !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

export async function readSaveStatus(): Promise<SaveStatus> {
  if (!canSave() || !(await caches.has(saveCacheName))) return {kind: 'none'};
  const cache = await caches.open(saveCacheName);
  const complete = await cache.match(completeKey);
  if (complete) return {kind: 'saved', copy: (await complete.json()) as SavedCopy};
  return (await cache.match(versionKey)) ? {kind: 'partial'} : {kind: 'none'};
}

export async function fetchSaveList(): Promise<SaveList> {
  const response = await fetch('/offline-save.json', {cache: 'no-cache'}).catch(() => {
    throw new SaveError('network');
  });
  if (!response.ok) throw new SaveError('network');
  return (await response.json()) as SaveList;
}

const isQuotaError = (error: unknown): boolean =>
  error instanceof DOMException &&
  (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED');

async function saveFile(cache: Cache, url: string): Promise<void> {
  if (await cache.match(url)) return; // 前回の続き
  const signal = 'timeout' in AbortSignal ? AbortSignal.timeout(fileTimeoutMs) : undefined;
  const response = await fetch(url, {cache: 'no-cache', signal}).catch(() => {
    throw new SaveError('network');
  });
  if (!response.ok) throw new SaveError('network');
  await cache.put(url, response);
}

/** 別の版の途中までの保存は捨てる（古い HTML と新しい JS が混ざらないように）。 */
async function openForVersion(version: string): Promise<Cache> {
  const existing = await caches.open(saveCacheName);
  const saved = await existing.match(versionKey);
  if (saved && (await saved.text()) === version) return existing;
  await caches.delete(saveCacheName);
  const cache = await caches.open(saveCacheName);
  await cache.put(versionKey, new Response(version));
  return cache;
}

/** 全ファイルを保存する。onProgress には保存済みのバイト数（配信時の見積もり）を渡す。 */
export async function saveForOffline(
  list: SaveList,
  onProgress: (doneBytes: number) => void,
): Promise<void> {
  if (!canSave()) throw new SaveError('unsupported');
  try {
    await registerServiceWorker();
    const cache = await openForVersion(list.version);
    await cache.delete(completeKey);
    let done = 0;
    const queue = [...list.files];
    const worker = async (): Promise<void> => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        await saveFile(cache, file.url);
        done += file.bytes;
        onProgress(done);
      }
    };
    await Promise.all(Array.from({length: parallel}, worker));
    // 完了と言う前に、保存した分を返す Service Worker が動いていることを確かめる。
    await navigator.serviceWorker.ready;
    const copy: SavedCopy = {version: list.version, bytes: list.bytes};
    await cache.put(completeKey, new Response(JSON.stringify(copy)));
  } catch (error) {
    if (isQuotaError(error)) {
      // 容量不足: 途中まで入れた分を消して、端末の空きを元に戻す。
      await caches.delete(saveCacheName).catch(() => undefined);
      throw new SaveError('quota');
    }
    throw error instanceof SaveError ? error : new SaveError('network');
  }
}

export async function removeSaved(): Promise<void> {
  await caches.delete(saveCacheName);
}

/** 「約 1.2 MB」。1 MB 未満は 0.1 MB 単位。 */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `約 ${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}
