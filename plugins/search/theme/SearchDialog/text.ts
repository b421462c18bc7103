/** Pagefind の抜粋（エスケープ済みの文字列と <mark>）を安全に扱うための文字列処理。 */
import {SPACE_MARK} from '../../shared';

const entities: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** HTML の文字参照を文字に戻す。知らない参照はそのまま残す。 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return entities[ref.toLowerCase()] ?? whole;
  });
}

/**
 * 索引の本文（語ごとに空白で区切ったもの。plugins/search/words.ts）を読む形に戻す。語の間の空白を
 * 詰め、もとの空白（SPACE_MARK）を空白に戻す。Pagefind がブロックの終わりに足す「. 」の空白は残す。
 * 抜粋（エスケープ済みの文字列と <mark>）にもページ名・見出しにも使える。
 */
export function joinWords(text: string): string {
  return text
    .replace(/(^|[^.]) +/g, '$1')
    .replaceAll(SPACE_MARK, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

export type ExcerptPart = {readonly text: string; readonly marked: boolean};

/**
 * Pagefind の抜粋（エスケープ済みの本文に <mark> が入ったもの）を、文字列と強調の並びに分ける。
 * <mark> 以外のタグは作らない: 文字として表示するだけなので、どんな入力でも要素は注入されない。
 */
export function parseExcerpt(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let marked = false;
  for (const piece of excerpt.split(/(<\/?mark>)/i)) {
    const tag = piece.toLowerCase();
    if (tag === '<mark>') marked = true;
    else if (tag === '</mark>') marked = false;
    else if (piece !== '') {
      const text = decodeEntities(piece.replace(/<[^>]*>/g, ''));
      const last = parts.at(-1);
      if (last && last.marked === marked)
        parts[parts.length - 1] = {text: last.text + text, marked};
      else parts.push({text, marked});
    }
  }
  return parts;
}

/** text の中で terms のどれかに一致する範囲に印を付ける。一致がなければ undefined。 */
export function markTerms(text: string, terms: readonly string[]): ExcerptPart[] | undefined {
  const lower = text.toLowerCase();
  const marked = new Array<boolean>(text.length).fill(false);
  let any = false;
  for (const term of new Set(terms.map((t) => t.toLowerCase()).filter(Boolean))) {
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + term.length)) {
      marked.fill(true, at, at + term.length);
      any = true;
    }
  }
  if (!any) return undefined;
  const parts: ExcerptPart[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const last = parts.at(-1);
    if (last && last.marked === marked[i]) {
      parts[parts.length - 1] = {text: last.text + text[i], marked: last.marked};
    } else {
      parts.push({text: text[i] ?? '', marked: marked[i] ?? false});
    }
  }
  return parts;
}

/**
 * 抜粋を表示用に分ける。Pagefind の <mark> は日本語の語の切れ目で「武野」のようにずれることが
 * あるので、検索語そのもの（または空白で区切った各語）が抜粋にあればそこに印を付け直す。
 */
export function highlightExcerpt(excerpt: string, terms: readonly string[]): ExcerptPart[] {
  const parts = parseExcerpt(excerpt);
  const text = parts.map((part) => part.text).join('');
  return markTerms(text, terms) ?? parts.map(withoutKanaOnlyMarks);
}

const kanaOnly = /^[\u3041-\u309f]+$/;

/**
 * 検索語がそのまま抜粋にないとき、Pagefind は語を細かく分けて「し」「ま」のようなひらがなにも印を
 * 付ける。ひらがなだけの印は読み手の手がかりにならないので外す。
 */
function withoutKanaOnlyMarks(part: ExcerptPart): ExcerptPart {
  return part.marked && kanaOnly.test(part.text) ? {...part, marked: false} : part;
}
