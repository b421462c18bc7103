/**
 * ```mermaid のコードブロックを、ビルド時に描いた SVG（<figure> の中）に置き換える remark プラグイン。
 * ブラウザは Mermaid を読み込まず、JavaScript なし・印刷・リーダー表示でも図が見える。
 * SVG は JSX ではなく dangerouslySetInnerHTML で入れる: JSX にすると HTML の圧縮で SVG 内の CSS が
 * 書き換わり、ハイドレーションが食い違う（React のエラー #418）。
 */
import type {ObjectExpression} from 'estree';
import type {Code, Parent, Root} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import type {VFile} from 'vfile';
import {DiagramError, renderDiagrams} from './render';

type Found = {readonly node: Code; readonly parent: Parent; readonly index: number};

function findDiagrams(parent: Parent, found: Found[] = []): Found[] {
  parent.children.forEach((child, index) => {
    if (child.type === 'code' && child.lang === 'mermaid') found.push({node: child, parent, index});
    else if ('children' in child) findDiagrams(child, found);
  });
  return found;
}

/** {__html: svg} の式（MDX は属性の式を estree で受け取る）。 */
function htmlAttribute(svg: string): MdxJsxFlowElement['attributes'][number] {
  const object: ObjectExpression = {
    type: 'ObjectExpression',
    properties: [
      {
        type: 'Property',
        key: {type: 'Identifier', name: '__html'},
        value: {type: 'Literal', value: svg},
        kind: 'init',
        method: false,
        shorthand: false,
        computed: false,
      },
    ],
  };
  return {
    type: 'mdxJsxAttribute',
    name: 'dangerouslySetInnerHTML',
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: '{__html: svg}',
      data: {
        estree: {
          type: 'Program',
          sourceType: 'module',
          body: [{type: 'ExpressionStatement', expression: object}],
        },
      },
    },
  };
}

export function diagramFigure(svg: string): MdxJsxFlowElement {
  return {
    type: 'mdxJsxFlowElement',
    name: 'figure',
    attributes: [{type: 'mdxJsxAttribute', name: 'className', value: 'denki-diagram'}],
    children: [
      {type: 'mdxJsxFlowElement', name: 'div', attributes: [htmlAttribute(svg)], children: []},
    ],
  };
}

/** 図が描けなければ、ファイルと行を挙げてビルドを止める。 */
function locate(file: VFile, node: Code): string {
  const name = file.path || '(不明なファイル)';
  return node.position ? `${name}:${node.position.start.line}` : name;
}

export default function remarkMermaidStatic() {
  return async (tree: Root, file: VFile): Promise<void> => {
    const diagrams = findDiagrams(tree);
    if (diagrams.length === 0) return;
    let svgs: string[];
    try {
      svgs = await renderDiagrams(diagrams.map(({node}) => node.value));
    } catch (error) {
      if (!(error instanceof DiagramError)) throw error;
      const {node} = diagrams[error.index] as Found;
      throw new Error(`${locate(file, node)}: Mermaid の図を描けません: ${error.message}`, {
        cause: error,
      });
    }
    diagrams.forEach(({parent, index}, position) => {
      parent.children[index] = diagramFigure(
        svgs[position] as string,
      ) as Parent['children'][number];
    });
  };
}
