import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {compileHints} from './compile-hints';
import {hydrationPatchRules} from './hydration-patches';
import {minifiedCache} from './minified-cache';
import {minifyToUtf8} from './utf8-minimizer';
import {missingTslibHelpers, tslibHelpersModule} from './tslib-helpers';

/**
 * 初回読み込みを軽くするバンドル設定（コードの色付けを切るのは plugins/plain-code）。
 * JS の日本語は UTF-8 のまま書き出す（utf8-minimizer.ts）。
 * ハイドレーション中の主スレッドの長いタスクを減らす: キーの並べ替えで ICU の照合を使わない
 * （ordinal-key-sort-loader.cjs）、先読みは同じ URL を一度だけ空き時間に（prefetch.ts）。
 * 画面に入ったリンクの先読みは、スクロールが止まった画面ごとに数本まで（client/bounded-prefetch.ts）。
 * tslib は使う補助関数だけを入れる（tslib-helpers.ts）。
 * ハイドレーションのあとの更新を transition にし、<Suspense> の中身を HTML のその場に書く（hydration-patches.ts）。
 * 入口の JS は、V8 が読み込みと並んでコンパイルしておくよう印を付ける（compile-hints.ts）。
 * JS が動く前に押されたボタンは、React がページを受け持ったあとで押し直す（client/early-tap.ts）。
 * 圧縮した JS は中身のハッシュで残し、変わらないチャンクは次のビルドで圧縮し直さない（minified-cache.ts）。
 */
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

/** 画面に入ったリンクの先読みに上限を付ける（理由は client/bounded-prefetch.ts の先頭）。 */
const boundedLinkPrefetch = {
  test: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]exports[\\/]Link\.js$/,
  use: [
    {
      loader: path.join(__dirname, 'link-prefetch-loader.cjs'),
      options: {module: path.join(__dirname, 'client', 'bounded-prefetch.ts')},
    },
  ],
};

/**
 * SSG のサーバー用バンドルのチャンクの名前（ビルドの中でだけ使い、SSG のあとで消える）。既定の
 * `[name].[contenthash:8].js` だと、チャンクを読むたびに全チャンクの名前とハッシュの表（50 倍のサイトで
 * 3,500 項目）をオブジェクトとして作り直し、ページ数の 2 乗で SSG が遅くなる。
 */
const serverChunkFilename = 'assets/js/[id].js';

/** 先読みを、同じ URL は一度だけ・空き時間に行う実装に差し替える（理由は prefetch.ts の先頭）。 */
const corePrefetch = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]prefetch\.js$/;

export default function perfPlugin(): Plugin {
  return {
    name: 'denki-perf',
    getClientModules: () => [path.join(__dirname, 'client', 'early-tap.ts')],
    configureWebpack(config, isServer, {currentBundler}) {
      const cacheGroups = config.optimization?.splitChunks
        ? config.optimization.splitChunks.cacheGroups
        : undefined;
      if (!isServer && cacheGroups) cacheGroups.reactDom = reactDomChunk;
      // docusaurus build --no-minify（optimization.minimize が false）には圧縮のプラグインが無い。
      const minifies =
        !isServer && config.mode === 'production' && config.optimization?.minimize !== false;
      const minimizerOptions = minifies ? minifyToUtf8(config, currentBundler) : undefined;
      return {
        ...(isServer && {output: {chunkFilename: serverChunkFilename}}),
        ...(!isServer &&
          config.mode === 'production' && {resolve: {alias: {tslib$: tslibHelpersModule}}}),
        module: {
          rules: [ordinalKeySort, boundedLinkPrefetch, ...hydrationPatchRules],
        },
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            corePrefetch,
            path.join(__dirname, 'prefetch.ts'),
          ),
          ...(minimizerOptions ? [minifiedCache(minimizerOptions), compileHints()] : []),
        ],
      };
    },
    async postBuild({outDir, siteDir}) {
      const missing = await missingTslibHelpers(siteDir, path.join(outDir, 'assets', 'js'));
      if (missing.length > 0) {
        throw new Error(
          `[denki-perf] ブラウザ用の JS が tslib の ${missing.join('、')} を呼んでいます。plugins/perf/client/tslib-helpers.ts の export に足してください。`,
        );
      }
    },
  };
}
