/**
 * 構造化データ（schema.org の JSON-LD）を、JSON-LD の <script> の中身にする文字列。
 * react-helmet-async はスクリプトの中身をそのまま HTML に書くので、題や説明に「</script>」があると、そこでスクリプトが
 * 閉じ、続きが <meta http-equiv="refresh"> や <style> などの要素になる。JSON の文字列の中の <、>、& と、
 * JavaScript の古い読み方では改行になる U+2028・U+2029 を \u003c のように書き、中身がデータのままでいるようにする
 * （JSON として読んだ値は変わらない）。JSON-LD を出すところは、すべてこれを使う（JsonLd の部品）。
 */
const unsafe = /[<>&\u2028\u2029]/g;

const escape = (character: string): string =>
  `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(unsafe, escape);
}
