/**
 * 設定に HTML で書く短い表示文字列（お知らせバー、フッターの著作権表示）を、ビルド時に文節で区切る。
 * 文節の間に <wbr> を入れ、class="phrases" の span で包む（styles.css で文節の中では折り返さない）。
 */
import {phraseBreaks} from './shared';
import {splitPhrases} from './split';

const escapes: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string): string => text.replace(/[&<>"']/gu, (char) => escapes[char]);

/** 文字列（HTML ではない）を、文節の間に <wbr> を入れた HTML にする。 */
export function phrasesHtml(text: string): string {
  const phrases = splitPhrases(text).map(escapeHtml).join('<wbr>');
  return `<span class="${phraseBreaks.className}">${phrases}</span>`;
}

/**
 * 文節の区切り（<wbr>）を取り除いた HTML。検索の索引は、タグで区切られた文字列を別々に語へ分けるので、
 * 区切りの無い元の文のまま渡す（plugins/search の索引づくりが使う）。
 */
export function withoutPhraseBreaks(html: string): string {
  return html.replace(/<wbr\s*\/?>/giu, '');
}
