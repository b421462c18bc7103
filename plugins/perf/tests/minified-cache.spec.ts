/**
 * 圧縮した JS のキャッシュ（minified-cache.ts）: 中身の変わらないチャンクは圧縮し直さず、結果は圧縮し直した
 * ものと同じバイト列になる。小さなプロジェクトを本物の Rspack と SWC の圧縮で組む（ブラウザは使わない）。
 */
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {rspack} from '@docusaurus/faster';
import {expect, test} from '@playwright/test';
import {minifiedCache} from '../minified-cache';

const minimizerOptions = {minify: true, compress: {passes: 2}, mangle: true} as const;

type Project = {
  readonly dir: string;
  readonly cache: string;
  write(file: string, text: string): void;
  /** 組んで、出力の JS（名前 → 中身）と、このビルドで圧縮したファイルの名前を返す。 */
  build(
    withCache: boolean,
    options?: Record<string, unknown>,
    minimize?: boolean,
  ): Promise<{files: Map<string, string>; minified: string[]}>;
};

function project(): Project {
  const dir = mkdtempSync(path.join(tmpdir(), 'denki-minified-'));
  const cache = path.join(dir, 'cache');
  const write = (file: string, text: string): void => writeFileSync(path.join(dir, file), text);
  return {
    dir,
    cache,
    write,
    async build(withCache, options = minimizerOptions, minimize = true) {
      const out = path.join(dir, withCache ? 'out' : 'out-uncached');
      rmSync(out, {recursive: true, force: true});
      const minified: string[] = [];
      const compiler = rspack({
        context: dir,
        mode: 'production',
        entry: './entry.js',
        output: {path: out, filename: '[name].js', chunkFilename: '[name].js'},
        optimization: {
          minimize,
          minimizer: [new rspack.SwcJsMinimizerRspackPlugin({minimizerOptions: options})],
        },
        plugins: [
          ...(withCache ? [minifiedCache(options, cache) as never] : []),
          // 圧縮のプラグインの直後に、圧縮されたばかりのファイル（キャッシュから来ていないもの）を数える。
          {
            apply(compiler: InstanceType<typeof rspack.Compiler>) {
              compiler.hooks.thisCompilation.tap('count', (compilation) => {
                const stage = rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE;
                const before = new Set<string>();
                compilation.hooks.processAssets.tap({name: 'count', stage: stage - 1}, () => {
                  for (const {name, info} of compilation.getAssets()) {
                    if (!info.minimized) before.add(name);
                  }
                });
                compilation.hooks.processAssets.tap({name: 'count', stage: stage + 2}, () => {
                  for (const name of before) minified.push(name);
                });
              });
            },
          },
        ],
      });
      await new Promise<void>((resolve, reject) =>
        compiler.run((error, stats) => {
          compiler.close(() => undefined);
          if (error) reject(error);
          else if (stats?.hasErrors()) reject(new Error(stats.toString()));
          else resolve();
        }),
      );
      const files = new Map(
        readdirSync(out).map((name) => [name, readFileSync(path.join(out, name), 'utf8')] as const),
      );
      return {files, minified: minified.sort()};
    },
  };
}

/** 一時フォルダーの小さなプロジェクトで body を走らせ、終われば消す。 */
async function inProject(body: (site: Project) => Promise<void>): Promise<void> {
  const site = project();
  try {
    await body(site);
  } finally {
    rmSync(site.dir, {recursive: true, force: true});
  }
}

test('中身の変わらないチャンクは前の圧縮を使い、結果は圧縮し直したものと同じ', () =>
  inProject(async (site) => {
    site.write('entry.js', "import('./post.js').then((m) => m.show());\nimport('./doc.js');\n");
    site.write(
      'post.js',
      "export function show() { const title = '開催レポート'; return title; }\n",
    );
    site.write('doc.js', "export const guide = ['鬼', '逃走者'].map((role) => role + 'の動き');\n");

    const first = await site.build(true);
    expect(first.files.size).toBe(3);
    expect(readdirSync(site.cache)).toHaveLength(3);

    // 記事を 1 本直す: その記事のチャンクと、チャンクの表を持つ入口だけを圧縮し直す。
    site.write(
      'post.js',
      "export function show() { const title = '開催レポート（追記）'; return title; }\n",
    );
    const second = await site.build(true);
    const docChunk = [...second.files.keys()].find((name) =>
      second.files.get(name)?.includes('逃走者'),
    );
    expect(docChunk).toBeDefined();
    expect(second.minified).not.toContain(docChunk);
    expect(second.minified.length).toBeGreaterThan(0);
    expect(second.files.get(docChunk ?? '')).toBe(first.files.get(docChunk ?? ''));

    // キャッシュを使わずに組んだものと、1 バイトも違わない。
    const uncached = await site.build(false);
    expect(uncached.minified).toHaveLength(3);
    expect(second.files).toEqual(uncached.files);

    // 使わなくなった圧縮結果（直す前の記事）はキャッシュから消える。
    expect(readdirSync(site.cache)).toHaveLength(3);
  }));

test('圧縮の設定が変われば、キャッシュの結果を使わない', () =>
  inProject(async (site) => {
    site.write('entry.js', "const place = '渋谷駅';\nconsole.log(place + 'で集合');\n");
    expect((await site.build(true)).minified).toEqual(['main.js']);
    expect((await site.build(true)).minified).toEqual([]);
    const keys = readdirSync(site.cache);
    // 設定の違う圧縮は、同じ中身でも別の鍵を引いて圧縮し直す（前の鍵は使われずに消える）。
    const other = await site.build(true, {...minimizerOptions, compress: false});
    expect(other.minified).toEqual(['main.js']);
    expect(readdirSync(site.cache)).toHaveLength(1);
    expect(readdirSync(site.cache)).not.toEqual(keys);
  }));

test('圧縮しないビルド（--no-minify）には、前に圧縮した結果を混ぜない', () =>
  inProject(async (site) => {
    site.write('entry.js', "const station = '新宿駅';\nconsole.log(station + 'で乗り換え');\n");
    const minified = await site.build(true);
    const plain = await site.build(true, minimizerOptions, false);
    expect(plain.files.get('main.js')).not.toBe(minified.files.get('main.js'));
    expect(plain.files.get('main.js')).toContain('const station');
    // 圧縮しないビルドはキャッシュに触れない（次の圧縮するビルドは、また使い回せる）。
    expect((await site.build(true)).minified).toEqual([]);
  }));
