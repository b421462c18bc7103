/**
 * rehype プラグイン: Markdown の短い表示文字列を文節に分け、間に <wbr> を入れる。
 * - 見出し（h1〜h6）、表の見出しとセル、図と表の説明、定義の語、短いリストの項目（shortItemLimit 文字まで）:
 *   文節の間に <wbr>、要素に class="phrases"。CSS（styles.css）で文節の中では折り返さない。
 * - 段落と長いリストの項目: 最後の文節（3 文字に満たなければその前の文節も）を class="phrase-end" で包み、
 *   CSS で 1 行にまとめる。最終行が「す。」のような 1〜2 文字にならない。
 * - 目次（remark の段階で `export const toc` に書き出された見出しの HTML）にも <wbr> を入れる。
 * 見出しの id とテキストそのものは変えない（<wbr> は文字を持たない）。
 */
import type {Node as EstreeNode, Property} from 'estree';
import type {Element, ElementContent, Root, Text} from 'hast';
import {keptPieces, phraseBreaks} from './shared';
import {splitPhrases} from './split';

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

function addClass(element: Element, className: string): void {
  const current = element.properties.className;
  const list = Array.isArray(current) ? current : typeof current === 'string' ? [current] : [];
  element.properties.className = [...list, className];
}

/** 子を持つ節点。MDX の JSX 要素（:::note など）の中にも届くよう、種類を問わずたどる。 */
type Parent = {children: unknown[]};

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

/**
 * 段落の最後の文字列の、最後の文節（endLength.min 文字に満たなければ前の文節も）を 1 つの span にまとめる。
 * 最後が要素（リンクや強調）なら、その中の最後の文字列で。まとめたら true。
 */
function keepEndTogether(children: ElementContent[]): boolean {
  let index = children.length - 1;
  while (index >= 0 && children[index].type === 'text' && !visibleLength(ownText(children[index])))
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

const phraseEnd = (children: ElementContent[]): Element => ({
  type: 'element',
  tagName: 'span',
  properties: {className: [phraseBreaks.endClassName]},
  children,
});

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

type JsxAttribute = {type: string; name?: string; value?: unknown};
type JsxElement = {type: string; attributes?: JsxAttribute[]};

/**
 * MDX の部品に文字列で渡す説明（<AppScreen caption="…">）には <wbr> を入れられないので、文節の配列を
 * 隣の属性（captionPhrases）で渡す。部品は theme/Phrases にそのまま渡して描く。
 */
function addCaptionPhrases(node: unknown): void {
  const element = node as JsxElement;
  if (element.type !== 'mdxJsxFlowElement' && element.type !== 'mdxJsxTextElement') return;
  const attributes = element.attributes ?? [];
  const caption = attributes.find((attribute) => attribute.name === 'caption');
  if (typeof caption?.value !== 'string') return;
  const phrases = splitPhrases(caption.value);
  const expression: EstreeNode = {
    type: 'ArrayExpression',
    elements: phrases.map((phrase) => ({type: 'Literal', value: phrase})),
  };
  attributes.push({
    type: 'mdxJsxAttribute',
    name: phraseBreaks.captionPhrasesProp,
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: JSON.stringify(phrases),
      data: {
        estree: {
          type: 'Program',
          sourceType: 'module',
          body: [{type: 'ExpressionStatement', expression}],
        },
      },
    },
  } as JsxAttribute);
}

function visit(node: Parent): void {
  for (const child of node.children) {
    addCaptionPhrases(child);
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

/** 目次の見出しの HTML（エスケープ済み）の、タグの外の文字に <wbr> を入れる。コードの中と実体参照のある文字は変えない。 */
export function tocValueWithBreaks(html: string): string {
  let inCode = false;
  return html
    .split(/(<[^>]+>)/u)
    .map((part) => {
      if (part.startsWith('<')) {
        if (/^<code[\s>]/u.test(part)) inCode = true;
        if (part === '</code>') inCode = false;
        return part;
      }
      return inCode || part.includes('&') ? part : splitPhrases(part).join(phraseBreaks.breakHtml);
    })
    .join('');
}

function isTocValue(
  node: EstreeNode,
): node is Property & {value: {type: 'Literal'; value: string}} {
  if (node.type !== 'Property') return false;
  // estree-util-value-to-estree は鍵を文字列のリテラルで書く。
  const key =
    node.key.type === 'Identifier'
      ? node.key.name
      : node.key.type === 'Literal'
        ? node.key.value
        : '';
  return key === 'value' && node.value.type === 'Literal' && typeof node.value.value === 'string';
}

function walkEstree(node: unknown, onNode: (node: EstreeNode) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walkEstree(item, onNode);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  if (typeof (node as {type?: unknown}).type === 'string') onNode(node as EstreeNode);
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'loc' && key !== 'range') walkEstree(value, onNode);
  }
}

type EsmNode = {type: 'mdxjsEsm'; data?: {estree?: {body: EstreeNode[]}}};

/** `export const toc = [{value: '…', id, level}, …]` の value に <wbr> を入れる。 */
function splitTocExport(tree: Root): void {
  for (const node of tree.children as unknown[]) {
    const esm = node as EsmNode;
    if (esm.type !== 'mdxjsEsm' || !esm.data?.estree) continue;
    for (const statement of esm.data.estree.body) {
      if (
        statement.type !== 'ExportNamedDeclaration' ||
        statement.declaration?.type !== 'VariableDeclaration'
      )
        continue;
      for (const declarator of statement.declaration.declarations) {
        if (declarator.id.type !== 'Identifier' || declarator.id.name !== 'toc') continue;
        walkEstree(declarator.init, (estreeNode) => {
          if (!isTocValue(estreeNode)) return;
          estreeNode.value.value = tocValueWithBreaks(estreeNode.value.value);
          delete (estreeNode.value as {raw?: string}).raw;
        });
      }
    }
  }
}

export default function rehypePhrases() {
  return (tree: Root): void => {
    visit(tree as unknown as Parent);
    splitTocExport(tree);
  };
}
