/**
 * 構造化データ（JSON-LD）を <script> の中に書ける文字列にする。</script> や <!-- で終わったり HTML として読まれたり
 * しないよう <, >, & を、JavaScript の文字列として壊れないよう U+2028, U+2029 を \uXXXX にする。
 * （共有の JSON-LD の書き出しができたら、そちらに置き換える。）
 */
const escapes: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => escapes[char] ?? char);
}
