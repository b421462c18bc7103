/**
 * ファイルの SHA-256（16 進の小文字）。Decap は記事に足した写真の id を、JavaScript の SHA-256（js-sha256）で
 * メインスレッドで計算し、1.5 MB の写真 1 枚に CPU 4 倍遅い端末で 0.2〜0.3 秒かかって、その間は入力が止まる
 * （issue 61。decap-patches.ts が Decap の写真を足す処理をこれに替える）。写真の Worker が整えたついでに計算した値は
 * rememberSha256 で覚えておき、そのまま返す（Chromium の Web Crypto も、ページの中では計算の一部がメインスレッドに
 * 載る）。覚えていないファイルは Web Crypto で計算する。
 */
const known = new WeakMap<Blob, string>();

/** blob の SHA-256（Worker が計算した値）を覚える。 */
export function rememberSha256(blob: Blob, hex: string): void {
  known.set(blob, hex);
}

export async function sha256Hex(blob: Blob): Promise<string> {
  const remembered = known.get(blob);
  if (remembered) return remembered;
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
