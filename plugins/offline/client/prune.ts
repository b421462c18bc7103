/**
 * 保存した分（「オフラインで読めるように保存」）から、サイトから消えたページと写真を消す（issue 66）。記事を取り下げたり、
 * 記事から写真を外したりしたあとで、読者の端末に保存したその記事や写真が残り続けないように、保存のある端末が
 * つながった状態でサイトを開いたとき、いまの build/offline-save.json と比べる（一覧の版ごとに 1 度）。
 *
 * 消すのは、いまの一覧に無いページと写真だけ。名前にハッシュのある JS・CSS（/assets/、写真を除く）と検索の索引
 * （/pagefind/）は残す: 同じ URL のまま中身の変わったページと索引の入口（保存したときの古いもの）が、まだそれを読むため。
 * 消えたページの JS はどのページからも開かれない。古い索引は、消えた記事を結果に出しうるが、開くとオフライン用の
 * ページになる（保存し直すと、いまの索引になる）。
 */
import type {SaveList} from '../shared';
import {saveCacheName} from './save-cache';

/** 保存の印（save.ts の /__denki-offline-save/…）。中身のファイルではない。 */
const markerPrefix = '/__denki-offline-save/';
/** save.ts と ../sw-custom.js と同じ名前: 保存した写真の、ほかの幅の URL → 保存したファイルの URL。 */
const photoMapKey = '/__denki-offline-save/photo-map';
/** plugins/images/shared.ts の photoPath。 */
const photoPath = '/assets/photos/';
/**
 * 残すもの: 名前にハッシュのある JS・CSS と、検索の索引（Pagefind）。どちらも、保存した古い版のページと索引の
 * 入口（同じ URL のまま残る）が読むので、消すとオフラインのページや検索が壊れる。
 */
const keptPaths: readonly string[] = ['/assets/', '/pagefind/'];

/** 保存したときの版（save.ts）と、最後に比べた一覧の版。同じ版の一覧とは 2 度比べない。 */
const versionKey = '/__denki-offline-save/version';
const prunedKey = '/__denki-offline-save/pruned';

/** pathname を、保存の一覧と同じ形（末尾のスラッシュと index.html なし）にする。 */
const normalized = (pathname: string): string =>
  pathname.replace(/\/index\.html$/, '').replace(/(.)\/$/, '$1') || '/';

/** 一覧に無いので消すべき、保存したファイルか。 */
export function isGone(pathname: string, listed: ReadonlySet<string>): boolean {
  if (pathname.startsWith(markerPrefix)) return false;
  if (listed.has(normalized(pathname))) return false;
  return pathname.startsWith(photoPath) || !keptPaths.some((kept) => pathname.startsWith(kept));
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
 * つながっていれば、いまの一覧を取り（HTTP のキャッシュで確かめ直すので、変わっていなければ中身は届かない）、保存した
 * 分から消えたページと写真を消す。保存したときの版か、前に比べた版と同じ一覧なら何もしない。fetchList は一覧を取る関数
 * （save.ts の fetchSaveList）。失敗したら何も変えず、次に開いたときにやり直す。
 */
export async function pruneWhenOnline(fetchList: () => Promise<SaveList>): Promise<void> {
  if (!navigator.onLine || !(await caches.has(saveCacheName))) return;
  const list = await fetchList();
  const cache = await caches.open(saveCacheName);
  const seen = await Promise.all(
    [versionKey, prunedKey].map(async (key) => (await cache.match(key))?.text()),
  );
  if (seen.includes(list.version)) return;
  await pruneSavedCopy(list);
  await cache.put(prunedKey, new Response(list.version));
}
