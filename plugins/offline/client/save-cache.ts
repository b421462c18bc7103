/**
 * 保存した分のキャッシュの名前と、保存できるかどうか。フッターの保存ボタン（どのページにもある）が最初に
 * 読むのはここだけで、保存の本体（save.ts）は押されたとき、または保存がすでにあるときに読み込む。
 */

/** ../sw-custom.js と同じ名前（Service Worker はこのキャッシュからも返す）。 */
export const saveCacheName = 'denki-offline-save';

/** 開発サーバーでは plugin-pwa が動かず Service Worker がないので、保存できない。 */
export function canSave(): boolean {
  return (
    process.env.NODE_ENV === 'production' &&
    typeof caches !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

/** この端末に、保存した分（途中まででも）があるか。 */
export async function hasSavedCopy(): Promise<boolean> {
  return canSave() && caches.has(saveCacheName).catch(() => false);
}
