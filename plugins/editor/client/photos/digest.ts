/**
 * ファイルの SHA-256（16 進の小文字）。Decap は記事に足した写真の id を、JavaScript の SHA-256（js-sha256）で
 * メインスレッドで計算し、1.5 MB の写真 1 枚に CPU 4 倍遅い端末で 0.2〜0.3 秒かかって、その間は入力が止まる
 * （issue 61）。ブラウザーの Web Crypto はページの外で計算するので、同じ値を入力を止めずに返す
 * （decap-patches.ts が Decap の写真を足す処理でこれを使う）。
 */
export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
