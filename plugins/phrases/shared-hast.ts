/**
 * 本文（hast）に文節の印を付ける。ビルドの rehype（rehype.ts）とエディターのプレビュー（plugins/editor）が使う。
 * - 見出し（h1〜h6）、表の見出しとセル、図と表の説明、定義の語、短いリストの項目（shortItemLimit 文字まで）:
 *   文節の間に <wbr>、要素に class="phrases"。CSS（styles.css）で文節の中では折り返さない。
 * - 段落と長いリストの項目: 最後の文節（3 文字に満たなければその前の文節も）を class="phrase-end" で包み、
 *   CSS で 1 行にまとめる。最終行が「す。」のような 1〜2 文字にならない。
 * 文節の分け方（splitPhrases）は、ビルドは split.ts、プレビューはブラウザーの BudouX。
 */
import type {Element, ElementContent, Text} from 'hast';
import {keptPieces, phraseBreaks} from './shared';

/** 文字列を文節の配列にする（つなげると元に戻る）。 */
export type SplitPhrases = (text: string) => string[];

const headingTags = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** 長さによらず文節で区切る、短い表示文字列の要素。 */
const shortTextTags = new Set([...headingTags, 'th', 'td', 'figcaption', 'caption', 'dt']);
const listTags = new Set(['ul', 'ol']);
const listItemTags = new Set(['li']);
const paragraphTags = new Set(['p']);
/** この文字数までのリストの項目は、短い表示文字列として文節で区切る。 */
export const shortItemLimit = 30;
/** 中の文字を分けない要素（コードは文節で折り返す意味がない）。 */
const untouchedTags = new Set(['code', 'kbd', 'wbr', 'pre', 'svg']);
/** 段落の最後にまとめる文字数の下限と上限（上限より長い最後の文節は、1 行に収まらないこともあるのでまとめない）。 */
const endLength = {min: 3, max: 12} as const;

/** 文節の区切り（phraseBreaks.breakHtml と同じ要素）。 */
const wbr = (): Element => ({
  type: 'element',
  tagName: 'wbr',
  properties: {ariaHidden: 'true'},
  children: [],
});
const text = (value: string): Text => ({type: 'text', value});
const visibleLength = (value: string): number => Array.from(value.replace(/\s/gu, '')).length;

/** 文節の節点。中の閉じかっこと次の文字は、折り返さない span で包む（keptPieces）。 */
function phraseNodes(phrase: string): ElementContent[] {
  return keptPieces(phrase).map((piece) =>
    piece.keep
      ? {
          type: 'element',
          tagName: 'span',
          properties: {className: [phraseBreaks.keepClassName]},
          children: [text(piece.text)],
        }
      : text(piece.text),
  );
}

/** 文字列がここで終わるなら、次の要素（リンクなど）との間は文節の区切り。 */
const endsPhrase = (node: ElementContent | undefined): boolean =>
  node?.type === 'text' && /[、。，！？」』）]\s*$/u.test(node.value);

function addClass(element: Element, className: string): void {
  const current = element.properties.className;
  const list = Array.isArray(current) ? current : typeof current === 'string' ? [current] : [];
  element.properties.className = [...list, className];
}

/** 子を持つ節点。MDX の JSX 要素（:::note など）の中にも届くよう、種類を問わずたどる。 */
export type Parent = {children: unknown[]};

function hasChildren(node: unknown): node is Parent {
  return typeof node === 'object' && node !== null && Array.isArray((node as Parent).children);
}

function isElement(node: unknown, tags: ReadonlySet<string>): node is Element {
  const element = node as Element;
  return element.type === 'element' && tags.has(element.tagName);
}

/** 要素の文字（入れ子のリストは除く）。 */
function ownText(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' || listTags.has(node.tagName)) return '';
  return node.children.map(ownText).join('');
}

const phraseEnd = (children: ElementContent[]): Element => ({
  type: 'element',
  tagName: 'span',
  properties: {className: [phraseBreaks.endClassName]},
  children,
});

/**
 * 木をたどって文節の印を付ける関数。onChild は、たどる節点ごとに先に呼ぶ（ビルドは MDX の部品の説明の文節を足す）。
 */
export function phraseMarker(
  splitPhrases: SplitPhrases,
  onChild: (node: unknown) => void = () => undefined,
): (tree: Parent) => void {
  function withBreaks(children: readonly ElementContent[]): ElementContent[] {
    return children.flatMap((child, index): ElementContent[] => {
      if (child.type === 'element' && endsPhrase(children[index - 1])) {
        return [wbr(), ...withBreaks([child])];
      }
      if (child.type === 'text') {
        return splitPhrases(child.value).flatMap((phrase, index): ElementContent[] =>
          index === 0 ? phraseNodes(phrase) : [wbr(), ...phraseNodes(phrase)],
        );
      }
      if (
        child.type === 'element' &&
        !untouchedTags.has(child.tagName) &&
        !listTags.has(child.tagName)
      ) {
        return [{...child, children: withBreaks(child.children)}];
      }
      // 入れ子のリストと MDX の部品（図など）は、それぞれの中をたどる。
      visit({children: [child]});
      return [child];
    });
  }

  /**
   * 段落の最後の文字列の、最後の文節（endLength.min 文字に満たなければ前の文節も）を 1 つの span にまとめる。
   * 最後が要素（リンクや強調）なら、その中の最後の文字列で。まとめたら true。
   */
  function keepEndTogether(children: ElementContent[]): boolean {
    let index = children.length - 1;
    while (
      index >= 0 &&
      children[index].type === 'text' &&
      !visibleLength(ownText(children[index]))
    )
      index -= 1;
    const last = children[index];
    if (!last) return false;
    if (last.type === 'element') {
      return !untouchedTags.has(last.tagName) && !listTags.has(last.tagName)
        ? keepEndTogether(last.children)
        : false;
    }
    if (last.type !== 'text') return false;
    const phrases = splitPhrases(last.value);
    let start = phrases.length;
    while (start > 0 && visibleLength(phrases.slice(start).join('')) < endLength.min) start -= 1;
    const tail = phrases.slice(start).join('');
    if (start === 0) return keepEndWithPrevious(children, index);
    if (visibleLength(tail) > endLength.max) return false;
    children.splice(index, 1, text(phrases.slice(0, start).join('')), phraseEnd([text(tail)]));
    return true;
  }

  /**
   * 最後の文字列（children[index]）だけでは 3 文字に満たないとき（リンクのあとの「。」など）: 前の要素が短ければ
   * 一緒にまとめ、長ければその中の最後をまとめる（「。」は行頭に来ないので、前の文字と同じ行に残る）。
   */
  function keepEndWithPrevious(children: ElementContent[], index: number): boolean {
    const previous = children[index - 1];
    if (previous?.type !== 'element' || untouchedTags.has(previous.tagName)) return false;
    const length = visibleLength(ownText(previous)) + visibleLength(ownText(children[index]));
    if (length <= endLength.max) {
      children.splice(index - 1, 2, phraseEnd([previous, children[index]]));
      return true;
    }
    return keepEndTogether(previous.children);
  }

  function splitListItem(item: Element): void {
    if (visibleLength(ownText(item)) > shortItemLimit) {
      // 項目の文が段落（<p>）なら visit がまとめる。そうでなければ、入れ子のリストより前の最後をまとめる。
      if (!item.children.some((child) => isElement(child, paragraphTags))) {
        const firstList = item.children.findIndex((child) => isElement(child, listTags));
        const own = firstList === -1 ? item.children : item.children.slice(0, firstList);
        keepEndTogether(own);
        if (firstList !== -1) item.children = [...own, ...item.children.slice(firstList)];
      }
      visit(item);
      return;
    }
    item.children = withBreaks(item.children);
    addClass(item, phraseBreaks.className);
  }

  function visit(node: Parent): void {
    for (const child of node.children) {
      onChild(child);
      if (isElement(child, shortTextTags)) {
        child.children = withBreaks(child.children);
        addClass(child, phraseBreaks.className);
      } else if (isElement(child, listItemTags)) {
        splitListItem(child);
      } else if (isElement(child, paragraphTags)) {
        keepEndTogether(child.children);
      } else if (hasChildren(child)) {
        visit(child);
      }
    }
  }

  return visit;
}
