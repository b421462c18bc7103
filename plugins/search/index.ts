/**
 * サイト内検索の機能のすべて（README の「構成」）。ビルドの最後に本文を Pagefind で索引し（build.ts。
 * selection.ts が索引するページと部分を決める）、検索の UI（theme/SearchBar と、開いたときに読み込む
 * theme/SearchDialog）をテーマに足す。
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {buildState, registerStep} from '../build-state';
import {buildIndex, PAGEFIND_DIR} from './build';

/**
 * 検索の結果を文節に分ける BudouX（theme/SearchDialog/budoux.ts）は、文節分けと日本語のモデルだけを読む。
 * パッケージの入口は全言語のモデルと HTML の処理（DOM の実装）まで読み込み、検索を初めて開いたときの
 * 読み込みが gzip で 138 KB になる。package.json の exports が中のファイルを出していないので、別名で指す。
 */
const budouxModules = path.join(path.dirname(require.resolve('budoux')), '..', 'module');

export default function searchPlugin(context: LoadContext): Plugin {
  const indexStep = registerStep('searchIndexWritten');
  return {
    name: 'denki-search',
    getThemePath: () => path.resolve(__dirname, 'theme'),
    configureWebpack: () => ({resolve: {alias: {'budoux/module': budouxModules}}}),
    async postBuild({outDir}) {
      buildState.outDir = outDir;
      await indexStep(async () => {
        // SNS カードのプラグインが HTML を書き換え終わってから読む。
        await buildState.socialHtmlWritten;
        const count = await buildIndex(context.siteDir, outDir);
        const where = path.relative(context.siteDir, path.join(outDir, PAGEFIND_DIR));
        console.log(`[denki-search] ${count} ページを索引しました → ${where}`);
      });
    },
  };
}
