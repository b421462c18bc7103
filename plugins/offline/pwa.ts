/**
 * @docusaurus/plugin-pwa そのもの（設定ではファイルのパスで渡し、オプションの検証も PWA のプラグインのものを使う）。
 * 違いは 1 つ: Service Worker を組んでプリキャッシュの一覧を作る postBuild を、出力を書き換えるほかのプラグインの
 * postBuild（SNS カード、検索の索引、写真のファイルを置く plugins/images）が終わってから始める（outputRewritten）。
 * 各プラグインの postBuild は並行に走り、Workbox は
 * ファイルを一覧にして中身のハッシュを取ってから manifestTransforms（precache.ts）を呼ぶので、変換の中で
 * 待っても、一覧のあとで消えるファイル（Pagefind の使わない UI）を読もうとしてビルドが止まることがあった。
 */
import path from 'node:path';
// 型の宣言（src/plugin-pwa.d.ts）はオプションの型だけなので、プラグインの関数は lib から読む。
import pwaPlugin, {validateOptions} from '@docusaurus/plugin-pwa/lib/index';
import type {PluginOptions} from '@docusaurus/plugin-pwa';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {outputRewritten} from '../build-state';

export {validateOptions};

export default function pwaAfterOutputRewrites(
  context: LoadContext,
  options: PluginOptions,
): Plugin<void> | null {
  const plugin = pwaPlugin(context, options);
  // 開発サーバーでは PWA のプラグインは何もしない（null）。
  if (!plugin) return null;
  // テーマのフォルダーは PWA のプラグインのファイルからの相対パス（'../lib/theme'）なので、そこから解決しておく
  // （そのままだと、このファイルからの相対パスとして読まれる）。
  const pluginDir = path.dirname(require.resolve('@docusaurus/plugin-pwa'));
  const themePath = plugin.getThemePath?.();
  return {
    ...plugin,
    getThemePath: themePath ? () => path.resolve(pluginDir, themePath) : undefined,
    getTypeScriptThemePath: undefined,
    async postBuild(props) {
      await outputRewritten();
      await plugin.postBuild?.(props);
    },
  };
}
