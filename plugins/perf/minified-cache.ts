/**
 * 圧縮した JS を、圧縮する前の中身のハッシュで引くキャッシュ（node_modules/.cache/denki-minified）。
 * Rspack の永続キャッシュはモジュールのビルドだけを残し、JS の圧縮（SwcJsMinimizerRspackPlugin）は毎回
 * すべてのチャンクをやり直す。50 倍のサイトでは、記事を 1 本直しただけのビルドでも 2,851 個のチャンクを圧縮し、
 * 2 コアで約 5 秒かかっていた。変わったのは直した記事のチャンクと、チャンクの表を持つ数個だけなので、
 * ほかは前のビルドの結果を使う。
 *
 * 圧縮のプラグインは、圧縮済み（asset info の minimized）のファイルを飛ばす。圧縮の直前にキャッシュにある
 * ものを差し替えて minimized を付け、直後に圧縮されたものをキャッシュに書く。SWC の圧縮は入力と設定だけで
 * 決まるので、鍵に入れた Rspack の版（SWC を含む）と設定が同じなら、結果は圧縮し直したものと同じバイト列。
 */
import {existsSync, readdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import type {rspack as Rspack} from '@docusaurus/faster';
import type {WebpackPluginInstance} from 'webpack';
import {cacheFolder, contentKey, fileCache} from '../cache';

const cacheName = 'denki-minified';

/** 圧縮のプラグインが圧縮するファイル（Rspack の JAVASCRIPT_ASSET_REGEXP と同じ）。 */
const javascriptAsset = /\.[cm]?js(\?.*)?$/i;

const pluginName = 'denki-minified-cache';

type Compiler = InstanceType<typeof Rspack.Compiler>;
type Compilation = InstanceType<typeof Rspack.Compilation>;

const sourceText = (compilation: Compilation, name: string): string | undefined => {
  const source = compilation.getAsset(name)?.source.source();
  return source === undefined ? undefined : source.toString();
};

class MinifiedCachePlugin {
  constructor(
    private readonly minimizerOptions: unknown,
    private readonly dir: string,
  ) {}

  apply(compiler: Compiler): void {
    // docusaurus build --no-minify: 圧縮しないビルドに、前に圧縮した結果を混ぜない。
    if (compiler.options.optimization.minimize === false) return;
    const {Compilation, sources, rspackVersion} = compiler.rspack;
    // 鍵のうち、どのチャンクにも共通の部分: Rspack の版（SWC は同じ版で組み込まれている）と圧縮の設定。
    const setup = contentKey({rspackVersion, minimizerOptions: this.minimizerOptions});
    const cache = fileCache(cacheName, 'js', this.dir);
    const stage = Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE;
    /** 圧縮の前に見たファイルの名前と鍵（このビルドで使った鍵は、あとで消さずに残す）。 */
    let keys = new Map<string, string>();
    let missed: string[] = [];
    compiler.hooks.done.tap(pluginName, (stats) => {
      if (stats.hasErrors()) return;
      dropUnused(this.dir, new Set(keys.values()));
      const reused = keys.size - missed.length;
      console.log(
        `[denki-perf] 圧縮した JS を ${reused} 個使い回し、${missed.length} 個を圧縮しました`,
      );
    });
    compiler.hooks.thisCompilation.tap(pluginName, (compilation) => {
      keys = new Map();
      missed = [];
      compilation.hooks.processAssets.tap({name: pluginName, stage: stage - 1}, () => {
        for (const {name, info} of compilation.getAssets()) {
          if (!javascriptAsset.test(name) || info.minimized) continue;
          const text = sourceText(compilation, name);
          if (text === undefined) continue;
          const key = contentKey([setup, text]);
          keys.set(name, key);
          const hit = cache.read(key);
          if (!hit) {
            missed.push(name);
            continue;
          }
          compilation.updateAsset(name, new sources.RawSource(hit.toString()), (previous) => ({
            ...previous,
            minimized: true,
          }));
        }
      });
      compilation.hooks.processAssets.tap({name: pluginName, stage: stage + 1}, () => {
        for (const name of missed) {
          const key = keys.get(name);
          const text = sourceText(compilation, name);
          if (key && text !== undefined && compilation.getAsset(name)?.info.minimized) {
            cache.write(key, text);
          }
        }
      });
    });
  }
}

/** このビルドで使わなかった鍵のファイルを消す（直すたびに古いチャンクがたまらないように）。 */
function dropUnused(dir: string, used: ReadonlySet<string>): void {
  if (!existsSync(dir)) return;
  for (const file of readdirSync(dir)) {
    if (!used.has(path.basename(file, '.js'))) rmSync(path.join(dir, file), {force: true});
  }
}

/**
 * ブラウザ用のビルドの設定（Docusaurus の型は webpack のもの）に足すプラグイン。minimizerOptions は
 * 圧縮のプラグインに渡した設定（鍵に入れる）、dir はキャッシュのフォルダー（テストが一時フォルダーを渡す）。
 */
export const minifiedCache = (
  minimizerOptions: unknown,
  dir = cacheFolder(cacheName),
): WebpackPluginInstance =>
  new MinifiedCachePlugin(minimizerOptions, dir) as unknown as WebpackPluginInstance;
