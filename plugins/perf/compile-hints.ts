/**
 * 入口の JS（main と react-dom）の先頭に、V8 の明示的なコンパイルの指示 `//# allFunctionsCalledOnLoad`
 * （Chrome 136 から）を書く。V8 はふつう関数を初めて呼ばれたときに主スレッドでコンパイルするので、
 * ほとんどの関数を読み込みで呼ぶ main.js の評価は、その分だけ長いタスクになる。指示のあるファイルは、
 * ダウンロードと並んで別のスレッドですべての関数をコンパイルしておく（issue 55: 390 px・CPU 4 倍遅くで、
 * main.js の評価の CPU 時間が約 180 ms から約 120 ms に）。ほかのエンジンにとってはただのコメント。
 * 圧縮のあと、ファイル名のハッシュを中身から決め直す前（realContentHash）に書くので、名前と中身は合う。
 */
import type {rspack as Rspack} from '@docusaurus/faster';
import type {WebpackPluginInstance} from 'webpack';

type Compiler = InstanceType<typeof Rspack.Compiler>;

export const compileHint = '//# allFunctionsCalledOnLoad\n';

/** 読み込みでほとんどの関数を呼ぶ、入口のチャンク（plugins/perf の reactDom の cacheGroup と Docusaurus の main）。 */
export const eagerChunks: readonly string[] = ['main', 'react-dom'];

const pluginName = 'denki-compile-hints';

class CompileHintsPlugin {
  apply(compiler: Compiler): void {
    const {Compilation, sources} = compiler.rspack;
    compiler.hooks.thisCompilation.tap(pluginName, (compilation) => {
      compilation.hooks.processAssets.tap(
        {name: pluginName, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE},
        () => {
          const files = [...compilation.chunks]
            .filter((chunk) => chunk.name !== undefined && eagerChunks.includes(chunk.name))
            .flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
          if (files.length !== eagerChunks.length) {
            throw new Error(
              `[denki-perf] 入口のチャンク（${eagerChunks.join('、')}）の JS が ${files.length} 個しか見つかりません。チャンクの分け方が変わったので、plugins/perf/compile-hints.ts を見直してください。`,
            );
          }
          for (const file of files) {
            compilation.updateAsset(
              file,
              (source) => new sources.ConcatSource(compileHint, source),
            );
          }
        },
      );
    });
  }
}

/** Docusaurus の型は webpack のプラグインを求める（Rspack のプラグインを渡す。minified-cache.ts と同じ）。 */
export const compileHints = (): WebpackPluginInstance =>
  new CompileHintsPlugin() as unknown as WebpackPluginInstance;
