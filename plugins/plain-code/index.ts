/**
 * コードの色付けを切る、ただ一つの場所。このサイトにはコードブロックがないので、色付けもコピーと折り返しの
 * ボタンも送らない。
 * - theme/CodeBlock: 素の <pre> だけのコードブロック（stock は Prism とボタンをページごとに送る）。
 * - theme-classic が起動時に読み込む prism-include-languages（Prism と言語の一覧、main に約 20 KiB gzip）を、
 *   何もしないモジュール（no-prism.ts）に差し替える。差し替える元のコードが変わったら、ビルドを止める。
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const prismClientModule =
  require.resolve('@docusaurus/theme-classic/lib/prism-include-languages.js');

/** 差し替える元が、Prism を読み込んで言語を足すだけのモジュールであること。 */
const expectedStatements = [
  "import { Prism } from 'prism-react-renderer';",
  "import prismIncludeLanguages from '@theme/prism-include-languages';",
  'prismIncludeLanguages(Prism);',
];

function checkPatchedModule(): void {
  const statements = readFileSync(prismClientModule, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (JSON.stringify(statements) !== JSON.stringify(expectedStatements)) {
    throw new Error(
      `[denki-plain-code] ${prismClientModule} の中身が変わりました。plugins/plain-code/index.ts の差し替えを見直してください。`,
    );
  }
}

export default function plainCodePlugin(): Plugin {
  checkPatchedModule();
  return {
    name: 'denki-plain-code',
    getThemePath: () => path.resolve(__dirname, 'theme'),
    configureWebpack(_config, _isServer, {currentBundler}) {
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/,
            path.join(__dirname, 'no-prism.ts'),
          ),
        ],
      };
    },
  };
}
