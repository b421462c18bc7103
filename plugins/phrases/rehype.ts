/**
 * rehype プラグイン: Markdown の短い表示文字列を文節に分け、間に <wbr> を入れる（本文の印の付け方は
 * shared-hast.ts。エディターのプレビューも同じものを使う）。
 * - MDX の部品に文字列で渡す説明には、文節の配列を隣の属性で渡す。
 * - 目次（remark の段階で `export const toc` に書き出された見出しの HTML）にも <wbr> を入れる。
 * 見出しの id とテキストそのものは変えない（<wbr> は文字を持たない）。
 */
import type {Node as EstreeNode, Property} from 'estree';
import type {Root} from 'hast';
import {phraseBreaks} from './shared';
import {phraseMarker, type Parent} from './shared-hast';
import {splitPhrases} from './split';

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

/** 本文の文節の印（shared-hast.ts）。MDX の部品の説明には、文節の配列の属性を足す。 */
const markPhrases = phraseMarker(splitPhrases, addCaptionPhrases);

export default function rehypePhrases() {
  return (tree: Root): void => {
    markPhrases(tree as unknown as Parent);
    splitTocExport(tree);
  };
}
