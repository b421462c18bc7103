/**
 * 提案する削減の試作（サイトには入れていない。bench の --config で試す）:
 * 1. mermaid のパーサー（@mermaid-js/parser, 約 140 KiB gz）を Docusaurus の `common` チャンクから外す。
 *    `common` は @mdx-js/react を含むため全 MDX ページで読まれ、そこへ図のない頁にも mermaid が載っていた。
 * 2. prism-react-renderer を、色付けしないだけの小さな Highlight に差し替える（コードブロックのない
 *    サイトなので、main から約 20 KiB gz の Prism が消える）。
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** mermaid 本体とそのパーサー。図のあるページで遅延読み込みされる側に残す。 */
const notMermaid = /^(?![\s\S]*[\\/]node_modules[\\/](?:mermaid|@mermaid-js)[\\/])/;

export default function perfPlugin(): Plugin {
  return {
    name: 'denki-perf',
    configureWebpack(config, isServer) {
      const splitChunks = config.optimization?.splitChunks;
      const common = splitChunks ? splitChunks.cacheGroups?.common : undefined;
      if (!isServer && common && typeof common === 'object' && !(common instanceof RegExp)) {
        common.test = notMermaid;
      }
      return {
        resolve: {
          alias: {'prism-react-renderer$': path.join(__dirname, 'plain-highlight.tsx')},
        },
      };
    },
  };
}
