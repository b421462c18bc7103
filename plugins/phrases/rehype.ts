/**
 * rehype プラグイン: Markdown の見出し（h1〜h6）の文字を文節に分け、間に <wbr> を入れる。
 * 見出しには class="phrases" を付け、CSS（styles.css）で文節の中では折り返さない。
 * 目次（remark の段階で作られる）と見出しの id には触れない。
 */
import type {Element, ElementContent, Root} from 'hast';
import {phraseBreaks} from './shared';
import {splitPhrases} from './split';

const headingTags = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** 中の文字を分けない要素（コードは文節で折り返す意味がない）。 */
const untouchedTags = new Set(['code', 'kbd', 'wbr']);

const wbr = (): Element => ({type: 'element', tagName: 'wbr', properties: {}, children: []});

function withBreaks(children: readonly ElementContent[]): ElementContent[] {
  return children.flatMap((child): ElementContent[] => {
    if (child.type === 'text') {
      return splitPhrases(child.value).flatMap((phrase, index): ElementContent[] =>
        index === 0 ? [{type: 'text', value: phrase}] : [wbr(), {type: 'text', value: phrase}],
      );
    }
    if (child.type === 'element' && !untouchedTags.has(child.tagName)) {
      return [{...child, children: withBreaks(child.children)}];
    }
    return [child];
  });
}

function addClass(element: Element): void {
  const current = element.properties.className;
  const list = Array.isArray(current) ? current : typeof current === 'string' ? [current] : [];
  element.properties.className = [...list, phraseBreaks.className];
}

/** 子を持つ節点。MDX の JSX 要素（:::note など）の中の見出しにも届くよう、種類を問わずたどる。 */
type Parent = {readonly children: readonly unknown[]};

function hasChildren(node: unknown): node is Parent {
  return typeof node === 'object' && node !== null && Array.isArray((node as Parent).children);
}

function isHeading(node: unknown): node is Element {
  const element = node as Element;
  return element.type === 'element' && headingTags.has(element.tagName);
}

function visit(node: Parent): void {
  for (const child of node.children) {
    if (isHeading(child)) {
      child.children = withBreaks(child.children);
      addClass(child);
    } else if (hasChildren(child)) {
      visit(child);
    }
  }
}

export default function rehypePhrases() {
  return (tree: Root): void => visit(tree);
}
