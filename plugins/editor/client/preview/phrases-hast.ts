/**
 * 本文（hast）に、サイトのビルド（plugins/phrases/rehype.ts）と同じ文節の印を付ける。ブラウザーのコードは
 * ビルドのコードを読み込めないので（.dependency-cruiser.cjs）、rehype.ts の visit を写したもの。
 * - 見出し・表のセル・図と表の説明・定義の語・短いリストの項目: 文節の間に <wbr>、要素に class="phrases"
 * - 段落と長いリストの項目: 最後の文節を class="phrase-end" で包む（最終行を 1〜2 文字にしない）
 */
import type {Element, ElementContent, Root, Text} from 'hast';
import {keptPieces, phraseBreaks} from '../../../phrases/shared';
import {splitPhrases} from './phrases';

const headingTags = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const shortTextTags = new Set([...headingTags, 'th', 'td', 'figcaption', 'caption', 'dt']);
const listTags = new Set(['ul', 'ol']);
const paragraphTags = new Set(['p']);
/** rehype.ts の shortItemLimit と同じ。 */
const shortItemLimit = 30;
const untouchedTags = new Set(['code', 'kbd', 'wbr', 'pre', 'svg']);
const endLength = {min: 3, max: 12} as const;

const wbr = (): Element => ({
  type: 'element',
  tagName: 'wbr',
  properties: {ariaHidden: 'true'},
  children: [],
});
const text = (value: string): Text => ({type: 'text', value});
const visibleLength = (value: string): number => Array.from(value.replace(/\s/gu, '')).length;

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

const endsPhrase = (node: ElementContent | undefined): boolean =>
  node?.type === 'text' && /[、。，！？」』）]\s*$/u.test(node.value);

const isElement = (node: unknown, tags: ReadonlySet<string>): node is Element =>
  (node as Element).type === 'element' && tags.has((node as Element).tagName);

function withBreaks(children: readonly ElementContent[]): ElementContent[] {
  return children.flatMap((child, index): ElementContent[] => {
    if (child.type === 'element' && endsPhrase(children[index - 1])) {
      return [wbr(), ...withBreaks([child])];
    }
    if (child.type === 'text') {
      return splitPhrases(child.value).flatMap((phrase, at): ElementContent[] =>
        at === 0 ? phraseNodes(phrase) : [wbr(), ...phraseNodes(phrase)],
      );
    }
    if (
      child.type === 'element' &&
      !untouchedTags.has(child.tagName) &&
      !listTags.has(child.tagName)
    ) {
      return [{...child, children: withBreaks(child.children)}];
    }
    if (child.type === 'element') visit(child);
    return [child];
  });
}

function addClass(element: Element, className: string): void {
  const current = element.properties.className;
  const list = Array.isArray(current) ? current : typeof current === 'string' ? [current] : [];
  element.properties.className = [...list, className];
}

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

function keepEndTogether(children: ElementContent[]): boolean {
  let index = children.length - 1;
  while (
    index >= 0 &&
    children[index]?.type === 'text' &&
    !visibleLength(ownText(children[index] as Text))
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

function keepEndWithPrevious(children: ElementContent[], index: number): boolean {
  const previous = children[index - 1];
  const current = children[index];
  if (previous?.type !== 'element' || !current || untouchedTags.has(previous.tagName)) return false;
  const length = visibleLength(ownText(previous)) + visibleLength(ownText(current));
  if (length <= endLength.max) {
    children.splice(index - 1, 2, phraseEnd([previous, current]));
    return true;
  }
  return keepEndTogether(previous.children);
}

function splitListItem(item: Element): void {
  if (visibleLength(ownText(item)) > shortItemLimit) {
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

function visit(node: Root | Element): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (shortTextTags.has(child.tagName)) {
      child.children = withBreaks(child.children);
      addClass(child, phraseBreaks.className);
    } else if (child.tagName === 'li') {
      splitListItem(child);
    } else if (child.tagName === 'p') {
      keepEndTogether(child.children);
    } else {
      visit(child);
    }
  }
}

/** unified のプラグイン（rehype の段階）。 */
export default function rehypePreviewPhrases() {
  return (tree: Root): void => visit(tree);
}
