import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * 初回読み込みを軽くするバンドル設定。
 * 1. Mermaid 本体とパーサーを共通チャンク `common` に入れない。`common` は全 MDX ページで読まれるため、
 *    図のないページにも約 140 KiB（gzip）のパーサーが載っていた。
 * 2. このサイトにはコードブロックがないので、prism-react-renderer を色付けしない同じ API の
 *    小さな実装に差し替える（main から約 20 KiB gzip 減る）。
 * 3. 使わない図の種類（マインドマップなどの cytoscape、数式の KaTeX）を Mermaid から外す。
 *    オフライン用の precache に数百 KiB 入っていた。フローチャートと状態遷移図だけを使う。
 */
const notMermaid = /^(?![\s\S]*[\\/]node_modules[\\/](?:mermaid|@mermaid-js)[\\/])/;

/** Mermaid が図の種類に応じて読み込むが、このサイトの図（flowchart、stateDiagram）では使わないもの。 */
const unusedDiagramLibraries = ['cytoscape', 'cytoscape-cose-bilkent', 'cytoscape-fcose', 'katex'];

/**
 * React DOM（と scheduler）を main から別ファイルに分ける。バイト数は同じだが、ブラウザは
 * スクリプトごとに別のタスクで解析・評価するので、1 つの長いタスク（4 倍遅い CPU で約 145 ms）が割れる。
 */
const reactDomChunk = {
  test: /[\\/]node_modules[\\/](?:react-dom|scheduler)[\\/]/,
  name: 'react-dom',
  chunks: 'initial',
  enforce: true,
  priority: 45,
} as const;

export default function perfPlugin(): Plugin {
  return {
    name: 'denki-perf',
    configureWebpack(config, isServer) {
      const cacheGroups = config.optimization?.splitChunks
        ? config.optimization.splitChunks.cacheGroups
        : undefined;
      const common = cacheGroups?.common;
      if (!isServer && common && typeof common === 'object' && !(common instanceof RegExp)) {
        common.test = notMermaid;
      }
      if (!isServer && cacheGroups) cacheGroups.reactDom = reactDomChunk;
      return {
        resolve: {
          alias: {
            'prism-react-renderer$': path.join(__dirname, 'plain-highlight.tsx'),
            ...Object.fromEntries(unusedDiagramLibraries.map((name) => [name, false])),
          },
        },
      };
    },
  };
}
