/**
 * 索引に渡す HTML の本文を、ブラウザーが検索語を分けるのと同じ区切りで語に分ける（索引に渡す写しだけ）。
 *
 * Pagefind 1.5 は、lang="ja" のページを索引するときは Lindera（IPADIC）で語に分け、検索語は
 * ブラウザーの Intl.Segmenter（ICU の辞書）で分ける。二つの区切りが違うため、本文の「増やし鬼」は
 * 「増やし|鬼」、検索語は「増|や|し|鬼」になり、語句の検索（"…"）は一件も当たらない。Lindera は
 * 前後の文字で区切りを変えるので、同じ「常磐線」がページによって「常磐|線」「常|磐|線」になり、
 * 「常磐線」で探すと片方のページしか出ない（Pagefind の issue #1237）。
 *
 * そこで索引の側も Intl.Segmenter で分け、語の間に空白を入れて渡す（Pagefind には分かち書きさせない。
 * index.ts の INDEX_LANGUAGE）。本文の空白は SPACE_MARK の語にして残し、表示のときに戻す
 * （theme/SearchDialog/text.ts の joinWords）。
 */
import {SEGMENTER_LOCALE, SPACE_MARK} from './shared';

const segmenter = new Intl.Segmenter(SEGMENTER_LOCALE, {granularity: 'word'});

const named: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** 文字参照を文字に戻す（知らない名前の参照はそのまま）。 */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return named[ref.toLowerCase()] ?? whole;
    const code =
      ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff
      ? String.fromCodePoint(code)
      : whole;
  });
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * 文を語に分け、語と語の間に空白を入れる。もとの空白は SPACE_MARK の語にする。
 * 先頭には必ず空白を入れる（隣の要素の文字と一語につながらないように）。末尾には入れない
 * （Pagefind がブロックの終わりに句点を足すかどうかを、もとの文字で決められるように）。
 */
export function segmentText(text: string, afterSpace = false): string {
  const words: string[] = [];
  let space = afterSpace;
  for (const {segment} of segmenter.segment(text)) {
    if (/^\s+$/.test(segment)) {
      if (!space) words.push(SPACE_MARK);
      space = true;
    } else {
      words.push(segment);
      space = false;
    }
  }
  return words.length === 0 ? '' : ' ' + words.join(' ');
}

/** 中身を文字として読まない要素（中の文字は分けない）。 */
const rawText = /^<(script|style|svg|textarea|template|noscript)\b/i;

/**
 * HTML の <body> の中の文字を segmentText で分ける。タグと属性には触れない。改行（<br>）は空白として扱い、
 * 要素をまたいで続く空白は一つにする（表のセルの区切りなどで空白の語が並ばないように）。
 */
export function segmentHtml(html: string): string {
  const body = html.search(/<body\b/i);
  if (body === -1) return html;
  const parts = html.slice(body).split(/(<[^>]*>)/);
  let skipUntil: string | undefined;
  let afterSpace = false;
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] as string;
    if (i % 2 === 1) {
      if (skipUntil === undefined) {
        const raw = rawText.exec(part);
        if (raw && !part.endsWith('/>')) skipUntil = `</${(raw[1] as string).toLowerCase()}`;
        if (/^<br\b/i.test(part) && !afterSpace) {
          parts[i] = `${part} ${SPACE_MARK}`;
          afterSpace = true;
        }
      } else if (part.toLowerCase().startsWith(skipUntil)) {
        skipUntil = undefined;
      }
    } else if (skipUntil === undefined && part !== '') {
      const words = segmentText(decode(part), afterSpace);
      parts[i] = escape(words);
      if (words !== '') afterSpace = words.endsWith(SPACE_MARK);
    }
  }
  return html.slice(0, body) + parts.join('');
}
