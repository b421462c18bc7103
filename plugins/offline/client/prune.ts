/**
 * 保存した分（「オフラインで読めるように保存」）から、サイトから消えたページと写真を消す（issue 66）。記事を取り下げたり、
 * 記事から写真を外したりしたあとで、読者の端末に保存したその記事や写真が残り続けないように、保存のある端末が
 * つながった状態でサイトを開いたとき（その回の最初のページで 1 度）、いまの build/offline-save.json と比べる。
 *
 * 消すのは、いまの一覧に無い「ページなど名前にハッシュの無いファイル」と「写真」だけ。名前にハッシュのある JS・CSS
 * （/assets/、写真を除く）は残す: 同じ URL のまま中身の変わったページ（保存したときの古い HTML）が、まだそれを読むため。
 * 古い版の HTML が読む JS のうち消えたページのものは、どのページからも開かれない。
 */
import type {SaveList} from '../shared';
import {saveCacheName} from './save-cache';

/** 保存の印（save.ts の /__denki-offline-save/…）。中身のファイルではない。 */
const markerPrefix = '/__denki-offline-save/';
/** save.ts と ../sw-custom.js と同じ名前: 保存した写真の、ほかの幅の URL → 保存したファイルの URL。 */
const photoMapKey = '/__denki-offline-save/photo-map';
/** plugins/images/shared.ts の photoPath。 */
const photoPath = '/assets/photos/';
const hashedAssetPath = '/assets/';

/** 同じ回（タブ）で 2 度比べない。 */
const prunedKey = 'denki-offline-pruned';

/** pathname を、保存の一覧と同じ形（末尾のスラッシュと index.html なし）にする。 */
const normalized = (pathname: string): string =>
  pathname.replace(/\/index\.html$/, '').replace(/(.)\/$/, '$1') || '/';

/** 一覧に無いので消すべき、保存したファイルか。 */
export function isGone(pathname: string, listed: ReadonlySet<string>): boolean {
  if (pathname.startsWith(markerPrefix)) return false;
  if (listed.has(normalized(pathname))) return false;
  return pathname.startsWith(photoPath) || !pathname.startsWith(hashedAssetPath);
}

/**
 * 保存した分のうち、list（いまのサイトの一覧）に無いページと写真を消す。消した数を返す。保存が無ければ何もしない。
 */
export async function pruneSavedCopy(list: SaveList): Promise<number> {
  if (!(await caches.has(saveCacheName))) return 0;
  const cache = await caches.open(saveCacheName);
  const listed = new Set([...list.files, ...list.photos].map((file) => normalized(file.url)));
  let removed = 0;
  for (const request of await cache.keys()) {
    if (isGone(new URL(request.url).pathname, listed) && (await cache.delete(request))) {
      removed += 1;
    }
  }
  // 写真の対応から、消した写真を指すものを除く（オフラインでほかの幅を求められても、消した写真を返さない）。
  const map = await cache.match(photoMapKey);
  if (map) {
    const entries = Object.entries((await map.json()) as Record<string, string>);
    const kept = entries.filter(([, saved]) => listed.has(normalized(saved)));
    if (kept.length !== entries.length) {
      await cache.put(photoMapKey, new Response(JSON.stringify(Object.fromEntries(kept))));
    }
  }
  return removed;
}

/**
 * つながっていれば、いまの一覧を取り、保存した分から消えたページと写真を消す（その回で 1 度だけ。失敗しても何も
 * 変えず、次の回にやり直す）。fetchList は一覧を取る関数（save.ts の fetchSaveList）。
 */
export async function pruneOnceOnline(fetchList: () => Promise<SaveList>): Promise<void> {
  if (!navigator.onLine || sessionStorage.getItem(prunedKey) === 'yes') return;
  const list = await fetchList();
  await pruneSavedCopy(list);
  sessionStorage.setItem(prunedKey, 'yes');
}
