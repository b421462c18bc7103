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
 * 4. ハイドレーション中の主スレッドの長いタスクを減らす: キーの並べ替えで ICU の照合を使わない
 *    （ordinal-key-sort-loader.cjs）、先読みは同じ URL を一度だけ空き時間に（prefetch.ts）。
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

/** useShallowMemoObject のキーの並べ替えから ICU の照合（localeCompare）を外す。理由はローダーに書いた。 */
const ordinalKeySort = {
  test: /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]reactUtils\.js$/,
  use: [{loader: path.join(__dirname, 'ordinal-key-sort-loader.cjs')}],
};

/** 先読みを、同じ URL は一度だけ・空き時間に行う実装に差し替える（理由は prefetch.ts の先頭）。 */
const corePrefetch = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]prefetch\.js$/;

export default function perfPlugin(): Plugin {
  return {
    name: 'denki-perf',
    configureWebpack(config, isServer, {currentBundler}) {
      const cacheGroups = config.optimization?.splitChunks
        ? config.optimization.splitChunks.cacheGroups
        : undefined;
      const common = cacheGroups?.common;
      if (!isServer && common && typeof common === 'object' && !(common instanceof RegExp)) {
        common.test = notMermaid;
      }
      if (!isServer && cacheGroups) cacheGroups.reactDom = reactDomChunk;
      return {
        module: {rules: [ordinalKeySort]},
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            corePrefetch,
            path.join(__dirname, 'prefetch.ts'),
          ),
        ],
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
