import {existsSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type * as Pagefind from 'pagefind';

export type PagefindApi = typeof Pagefind;

type PackageJson = {exports?: {'.'?: {import?: string}}; main?: string};

/**
 * pagefind の Node API を読み込む。
 *
 * Docusaurus は設定とプラグインを jiti で読み込み、`import('pagefind')` を require に書き換える。
 * pagefind は exports に import 条件しか持たないので require では解決できない。
 * そこでパッケージの入口ファイルを絶対パスで探して読み込む（jiti はその ESM を変換して実行できる）。
 */
export async function loadPagefind(fromDir: string): Promise<PagefindApi> {
  const require = createRequire(path.join(fromDir, 'package.json'));
  const packageDir = (require.resolve.paths('pagefind') ?? [])
    .map((dir) => path.join(dir, 'pagefind'))
    .find((dir) => existsSync(path.join(dir, 'package.json')));
  if (!packageDir) {
    throw new Error(
      '[denki-search] pagefind パッケージが見つかりません（npm ci を実行してください）',
    );
  }
  const pkg = JSON.parse(
    readFileSync(path.join(packageDir, 'package.json'), 'utf8'),
  ) as PackageJson;
  const entry = pkg.exports?.['.']?.import ?? pkg.main ?? 'lib/index.js';
  return (await import(path.join(packageDir, entry))) as PagefindApi;
}
