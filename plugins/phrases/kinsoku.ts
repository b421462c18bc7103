/**
 * 日本語の禁則（JIS X 4051 の文字の分類。JLREQ の cl-01〜cl-11 と同じ）。文節の区切り（<wbr>）を、行頭に来ては
 * いけない文字の前や、行末に残ってはいけない文字の後ろに置かない。ビルド（split.ts）、プレビューと検索の結果
 * （shared-rules.ts を読むもの）、ページ監査の検査（tests/kinsoku-breaks.ts）が同じ一覧を使う。
 */

/**
 * 行頭禁則: 終わり括弧類（cl-02）、ハイフン類（cl-03）、区切り約物（cl-04）、中点類（cl-05）、句点類（cl-06）、
 * 読点類（cl-07）、分離禁止文字（cl-08。同じ文字が続くとき、その間で分けない）、繰返し記号（cl-09）、
 * 長音記号（cl-10）、小書きの仮名（cl-11）。
 */
export const lineStartProhibited =
  '’”）〕］｝〉》」』】〙〗〟)]}｠»' +
  '‐〜゠–～' +
  '！？‼⁇⁈⁉!?' +
  '・：；:;･' +
  '。.｡' +
  '、,，､' +
  '—…‥〳〴〵' +
  'ヽヾゝゞ々〻' +
  'ーｰ' +
  'ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿｧｨｩｪｫｯｬｭｮ';

/** 行末禁則: 始め括弧類（cl-01）。 */
export const lineEndProhibited = '‘“（〔［｛〈《「『【〘〖〝([{｟«';

const startSet = new Set(lineStartProhibited);
const endSet = new Set(lineEndProhibited);

/**
 * before と after の間（文節の区切り）で折り返してよいか。after が行頭禁則の文字で始まるか、before が行末禁則の
 * 文字で終わるなら、折り返せない。空白は文字として数えない。
 */
export function breakAllowed(before: string, after: string): boolean {
  const last = Array.from(before.trimEnd()).at(-1);
  const first = Array.from(after.trimStart())[0];
  if (first === undefined || last === undefined) return true;
  return !startSet.has(first) && !endSet.has(last);
}
