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
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/gu, (char) => escapes[char]);

/** 文字列（HTML ではない）を、文節の間に <wbr> を入れた HTML にする。 */
export function phrasesHtml(text: string): string {
  const phrases = splitPhrases(text).map(escapeHtml).join(phraseBreaks.breakHtml);
  return `<span class="${phraseBreaks.className}">${phrases}</span>`;
}

/**
 * 文節の区切り（<wbr>）を取り除いた HTML。検索の索引は、タグで区切られた文字列を別々に語へ分けるので、
 * 区切りの無い元の文のまま渡す（plugins/search の索引づくりが使う）。
 */
export function withoutPhraseBreaks(html: string): string {
  return html.replace(/<wbr\b[^>]*>/giu, '');
}

const phraseClasses = new Set<string>([
  phraseBreaks.className,
  phraseBreaks.endClassName,
  phraseBreaks.keepClassName,
]);

/** 要素の開きタグの class の一覧（引用符の有無を問わない）。 */
function classesOf(tag: string): string[] {
  const match = /\sclass=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/iu.exec(tag);
  return (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').split(/\s+/u).filter(Boolean);
}

/**
 * HTML から、このプラグインが入れた印（<wbr>、文節の span、class="phrases"）をすべて取り除く。
 * 区切りで増えた HTML の量を測るとき（scripts/bench/phrases.ts）に、区切りの無い HTML を作る。
 */
export function withoutPhraseMarkup(html: string): string {
  const dropped: boolean[] = [];
  return html
    .split(/(<[^>]+>)/u)
    .map((part) => {
      if (!part.startsWith('<')) return part;
      if (/^<wbr\b/iu.test(part)) return '';
      if (/^<span\b/iu.test(part)) {
        const classes = classesOf(part);
        const drop = classes.length > 0 && classes.every((name) => phraseClasses.has(name));
        dropped.push(drop);
        if (drop) return '';
      } else if (/^<\/span>/iu.test(part)) {
        if (dropped.pop()) return '';
      }
      const classes = classesOf(part);
      if (!classes.some((name) => phraseClasses.has(name))) return part;
      const kept = classes.filter((name) => !phraseClasses.has(name));
      const replacement = kept.length > 0 ? ` class="${kept.join(' ')}"` : '';
      return part.replace(/\sclass=(?:"[^"]*"|'[^']*'|[^\s>]+)/iu, replacement);
    })
    .join('');
}
