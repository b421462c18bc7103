/**
 * ブラウザ用の JS を、日本語を \uXXXX にせず UTF-8 のまま書き出す。Docusaurus Faster の JS の圧縮
 * （Rspack の SwcJsMinimizerRspackPlugin）は ascii_only: true で、日本語 1 文字が 6 バイトになる。
 * 文章の多いドキュメントのチャンクが、brotli でも 1 KiB ほど軽くなる。HTML は <meta charset="utf-8"> で、
 * スクリプトも UTF-8 として読まれる。
 * Docusaurus の設定（getSwcJsMinimizerOptions）はそのまま使い、ascii_only だけを変える。圧縮のプラグインや
 * その設定の形が変わっていれば、ビルドを止める。
 */
import {getSwcJsMinimizerOptions, type rspack as Rspack} from '@docusaurus/faster';
import type {CurrentBundler} from '@docusaurus/types';
import type {Configuration} from 'webpack';

type MinimizerOptions = NonNullable<
  ConstructorParameters<typeof Rspack.SwcJsMinimizerRspackPlugin>[0]
>['minimizerOptions'];

const fail = (what: string): never => {
  throw new Error(
    `[denki-perf] ${what}。Docusaurus の JS の圧縮の設定が変わったので、plugins/perf/utf8-minimizer.ts を見直してください。`,
  );
};

/** 差し替えた圧縮の設定を返す（plugins/perf/minified-cache.ts の鍵に入れる）。 */
export function minifyToUtf8(config: Configuration, bundler: CurrentBundler): MinimizerOptions {
  if (bundler.name !== 'rspack') fail('Rspack（future.v4 の Docusaurus Faster）を前提にしています');
  const rspack = bundler.instance as unknown as typeof Rspack;
  const minimizers = config.optimization?.minimizer ?? fail('optimization.minimizer がありません');
  const index = minimizers.findIndex(
    (minimizer) => minimizer instanceof rspack.SwcJsMinimizerRspackPlugin,
  );
  if (index < 0) fail('SwcJsMinimizerRspackPlugin が見つかりません');
  const options = getSwcJsMinimizerOptions();
  const format = options.format;
  if (typeof format !== 'object' || format.ascii_only !== true) {
    fail('getSwcJsMinimizerOptions() の format.ascii_only が true ではありません');
  }
  // Docusaurus と同じく、SWC の設定の型（ecma が数値）を Rspack の型（数値の候補）として渡す。
  const minimizerOptions = {minify: true, ...options, format: {...format, ascii_only: false}};
  const minimizer = new rspack.SwcJsMinimizerRspackPlugin({
    minimizerOptions: minimizerOptions as MinimizerOptions,
  });
  // Docusaurus の設定の型は webpack のもの。Rspack のプラグインは同じ場所にそのまま入る。
  minimizers[index] = minimizer as unknown as (typeof minimizers)[number];
  return minimizerOptions as MinimizerOptions;
}
