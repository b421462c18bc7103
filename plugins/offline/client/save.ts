/**
 * 「オフラインで読めるように保存」の本体。build/offline-save.json のうち、選んだ分（ドキュメントだけか、すべて。
 * 写真も保存するか）のファイルを Cache Storage に入れる。完了の印は最後にだけ書くので、途中で止まった保存が「保存済み」と名乗ることはない。
 * ドキュメントだけを保存したあとで「すべて」を選ぶと、まだ無いファイルだけを取りに行く。
 */
import {bytesOf, choiceFiles, photosFor, type SaveChoice, type SaveList} from '../shared';
import {fileTimeoutMs} from './limits';
import {registerServiceWorker} from './register';
import {canSave, saveCacheName} from './save-cache';

const versionKey = '/__denki-offline-save/version';
const scopeKey = '/__denki-offline-save/scope';
const completeKey = '/__denki-offline-save/complete';
const photosKey = '/__denki-offline-save/photos';
/** 保存した写真の、ほかの幅の URL → 保存したファイルの URL（../sw-custom.js と同じ名前。オフラインで代わりに返す）。 */
const photoMapKey = '/__denki-offline-save/photo-map';
const parallel = 4;

export type SavedCopy = SaveChoice & {
  readonly version: string;
  readonly bytes: number;
  /** 保存した範囲のページに載っているのに、保存しなかった写真の枚数（写真を選ばなかったとき）。 */
  readonly photosLeftOut: number;
};
export type SaveStatus =
  | {readonly kind: 'none'}
  | {readonly kind: 'partial'; readonly choice: SaveChoice}
  | {readonly kind: 'saved'; readonly copy: SavedCopy};

export type SaveFailure = 'network' | 'quota' | 'unsupported';

export class SaveError extends Error {
  constructor(readonly failure: SaveFailure) {
    super(failure);
  }
}

export async function readSaveStatus(): Promise<SaveStatus> {
  if (!canSave() || !(await caches.has(saveCacheName))) return {kind: 'none'};
  const cache = await caches.open(saveCacheName);
  const complete = await cache.match(completeKey);
  if (complete) {
    // 写真を選べるようになる前の保存には、写真の項目がない。
    type Stored = Omit<SavedCopy, 'photos' | 'photosLeftOut'> &
      Partial<Pick<SavedCopy, 'photos' | 'photosLeftOut'>>;
    const {photos = false, photosLeftOut = 0, ...copy} = (await complete.json()) as Stored;
    return {kind: 'saved', copy: {...copy, photos, photosLeftOut}};
  }
  if (!(await cache.match(versionKey))) return {kind: 'none'};
  const scope = await (await cache.match(scopeKey))?.text();
  const photos = (await cache.match(photosKey)) !== undefined;
  return {kind: 'partial', choice: {scope: scope === 'docs' ? 'docs' : 'all', photos}};
}

/** choice で保存したときの、端末の保存の中身。 */
export function savedCopy(list: SaveList, choice: SaveChoice): SavedCopy {
  return {
    version: list.version,
    bytes: bytesOf(choiceFiles(list, choice)),
    ...choice,
    photosLeftOut: choice.photos ? 0 : photosFor(list, choice.scope).length,
  };
}

/** 保存する写真の、ほかの幅の URL から保存するファイルの URL への対応。 */
const photoMap = (list: SaveList, choice: SaveChoice): Record<string, string> =>
  choice.photos
    ? Object.fromEntries(
        photosFor(list, choice.scope).flatMap((photo) =>
          photo.variants.map((variant) => [variant, photo.url] as const),
        ),
      )
    : {};

export async function fetchSaveList(): Promise<SaveList> {
  return fetchWithin(
    '/offline-save.json',
    new AbortController().signal,
    (response) => response.json() as Promise<SaveList>,
  );
}

const isQuotaError = (error: unknown): boolean =>
  error instanceof DOMException &&
  (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED');

/**
 * url を取る。stop が中止されたとき、または応答が fileTimeoutMs のあいだに終わらないとき
 * （本文の途中で止まった場合も）は取り消して、SaveError('network') にする。
 * read には、取り消せるうちに済ませる処理（本文を読み切るもの）を渡す。
 */
async function fetchWithin<T>(
  url: string,
  stop: AbortSignal,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const request = new AbortController();
  const cancel = (): void => request.abort();
  stop.addEventListener('abort', cancel);
  const timer = setTimeout(cancel, fileTimeoutMs);
  try {
    const response = await fetch(url, {cache: 'no-cache', signal: request.signal}).catch(() => {
      throw new SaveError('network');
    });
    if (!response.ok) throw new SaveError('network');
    return await read(response);
  } finally {
    clearTimeout(timer);
    stop.removeEventListener('abort', cancel);
  }
}

async function saveFile(cache: Cache, url: string, stop: AbortSignal): Promise<void> {
  if (await cache.match(url)) return; // 前回の続き
  await fetchWithin(url, stop, (response) => cache.put(url, response));
}

/**
 * 保存した分を返す Service Worker が動き出すまで待つ。入れられなかったとき（プリキャッシュの途中で
 * 接続が切れたなど）は失敗にする（navigator.serviceWorker.ready はその場合いつまでも終わらない）。
 */
async function untilActive(registration: ServiceWorkerRegistration | undefined): Promise<void> {
  if (!registration) throw new SaveError('network');
  while (!registration.active) {
    const worker = registration.installing ?? registration.waiting;
    if (!worker || worker.state === 'redundant') throw new SaveError('network');
    await new Promise((resolve) => worker.addEventListener('statechange', resolve, {once: true}));
  }
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

/** stop が中止されたら、その理由で失敗する約束。 */
const stopped = (stop: AbortSignal): Promise<never> =>
  new Promise((_, reject) =>
    stop.addEventListener('abort', () => reject(stop.reason as unknown), {once: true}),
  );

async function saveAll(
  list: SaveList,
  choice: SaveChoice,
  stop: AbortController,
  onProgress: (doneBytes: number) => void,
): Promise<void> {
  const registration = await registerServiceWorker();
  const cache = await openForVersion(list.version);
  const files = choiceFiles(list, choice);
  await cache.delete(completeKey);
  await cache.put(scopeKey, new Response(choice.scope));
  if (choice.photos) await cache.put(photosKey, new Response('yes'));
  else await cache.delete(photosKey);
  let done = 0;
  const queue = [...files];
  const worker = async (): Promise<void> => {
    for (let file = queue.shift(); file && !stop.signal.aborted; file = queue.shift()) {
      await saveFile(cache, file.url, stop.signal);
      // 止まったあとに終わったファイルで「保存中」に戻さない。
      if (stop.signal.aborted) return;
      done += file.bytes;
      onProgress(done);
    }
  };
  // 1 つ失敗したら、ほかの取得もすぐ取り消す。
  const failFast = (error: unknown): never => {
    stop.abort(error);
    throw error;
  };
  // 完了と言う前に、保存した分を返す Service Worker が動いていることを確かめる。入れられなかったら
  // （プリキャッシュの途中で接続が切れたなど）、残りのファイルを待たずに止める。
  await Promise.all([
    ...Array.from({length: parallel}, () => worker().catch(failFast)),
    untilActive(registration).catch(failFast),
  ]);
  stop.signal.throwIfAborted();
  await cache.put(photoMapKey, new Response(JSON.stringify(photoMap(list, choice))));
  await cache.put(completeKey, new Response(JSON.stringify(savedCopy(list, choice))));
}

/**
 * choice の分のファイルを保存する。onProgress には保存済みのバイト数（配信時の見積もり）を渡す。
 * ファイルが取れない（接続が切れた、ブラウザーがオフラインになった、応答が止まった）ときは、
 * 残りの取得を取り消してすぐ SaveError で終わる。終わったあとに onProgress は呼ばない。
 */
export async function saveForOffline(
  list: SaveList,
  choice: SaveChoice,
  onProgress: (doneBytes: number) => void,
): Promise<void> {
  if (!canSave()) throw new SaveError('unsupported');
  const stop = new AbortController();
  const goneOffline = (): void => stop.abort(new SaveError('network'));
  window.addEventListener('offline', goneOffline);
  try {
    if (!navigator.onLine) throw new SaveError('network');
    await Promise.race([saveAll(list, choice, stop, onProgress), stopped(stop.signal)]);
  } catch (error) {
    stop.abort(error);
    if (isQuotaError(error)) {
      // 容量不足: 途中まで入れた分を消して、端末の空きを元に戻す。
      await caches.delete(saveCacheName).catch(() => undefined);
      throw new SaveError('quota');
    }
    throw error instanceof SaveError ? error : new SaveError('network');
  } finally {
    window.removeEventListener('offline', goneOffline);
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
