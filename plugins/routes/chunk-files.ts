/**
 * チャンクのファイル名の表を、入口のランタイム（runtime~main）から、区画の表（shard）へ移す。
 *
 * Rspack のランタイムは、非同期チャンクすべての「ID → 名前」と「ID → 内容のハッシュ」を
 * __webpack_require__.u に、Docusaurus の ChunkAssetPlugin は「チャンク名 → ID」を __webpack_require__.gca に
 * 持つ。ページが増えるとこれが入口で増える。ここではビルドの最後に:
 *   1. shard ごとに、その shard から先でだけ読むチャンクのファイル名（チャンク名はファイル名の前半）を、shard の置き場所の文字列
 *      （shared.ts の chunkFilesPlaceholder）に書き込む。shard は読み込まれると、それを u と gca に足す。
 *   2. ランタイムの u と gca の表から、その分を消す。入口から shard を通らずに読むチャンクは残す。
 * このあと Rspack の realContentHash が、中身に書かれたハッシュを本当の値に直し、shard とランタイムの
 * ファイル名のハッシュも中身から付け直す。最後に、shard が指すファイルがすべてあることを確かめる。
 * ランタイムのコードの形が想定と違えば（Rspack や Docusaurus の更新）、ビルドを止める。
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Chunk, ChunkGroup, Compilation, Compiler} from '@rspack/core';
import {fail} from './codegen';
import {chunkFilesPlaceholder, chunkNameOfFile, type ChunkNames} from './shared';

const pluginName = 'denki-routes-chunk-files';

export type ChunkFilesOptions = {
  /** 入口のルート表のモジュール（shard を import() するもの）。 */
  readonly entryModule: string;
  /** shard の番号 → その shard に入れたルートのキー（"パス-ハッシュ"）。 */
  readonly shardRoutes: readonly (readonly string[])[];
  /** "パス-ハッシュ" → チャンク名（routesChunkNames）。 */
  readonly routesChunkNames: Readonly<Record<string, ChunkNames>>;
  /** ルート → 描くのに要る JS の一覧を書くファイル（plugins/offline が読む）。 */
  readonly routeFilesPath: string;
};

/** ルートごとの JS（outDir からの相対パス）。入口のスクリプトは含まない。 */
export type RouteFiles = {readonly routes: Readonly<Record<string, readonly string[]>>};

const changed = (what: string): never =>
  fail(
    `${what} の形が想定と違います。Rspack か Docusaurus の更新で出力が変わったので、plugins/routes/chunk-files.ts を見直してください。`,
  );

/** Rspack 1.7 の GetChunkFilenameRuntimeModule（圧縮の前）。名前の表とハッシュの表。 */
const fileNameFunction =
  /(__webpack_require__\.u = \(chunkId\) => \{\n {2}\/\/ return url for filenames not based on template\n {2}\n {2}\/\/ return url for filenames based on template\n {2}return "assets\/js\/" \+ \()(\{[^{}]*\})(\[chunkId\] \|\| chunkId\) \+ "\." \+ )(\{[^{}]*\})(\[chunkId\] \+ "\.js"\n\})/g;

/** Docusaurus の ChunkAssetPlugin（lib/webpack/plugins/ChunkAssetPlugin.js）が書くコード。 */
const chunkAssetFunction =
  /(__webpack_require__\.gca = function\(chunkId\) \{ chunkId = )(\{[^{}]*\})(\[chunkId\]\|\|chunkId; return __webpack_require__\.p \+ __webpack_require__\.u\(chunkId\); \};)/g;

/** ランタイムの表（末尾にカンマのある JSON のオブジェクト）を読む。 */
function parseTable(text: string, what: string): Record<string, string> {
  try {
    return JSON.parse(text.replace(/,\}$/, '}')) as Record<string, string>;
  } catch {
    return changed(what);
  }
}

function only<T>(matches: T[], what: string): T {
  return matches.length === 1 ? (matches[0] as T) : changed(what);
}

const jsFile = (chunk: Chunk): string | undefined =>
  [...chunk.files].find((file) => file.endsWith('.js'));

/** 子のチャンクグループをたどる（stop が真のグループの先へは進まない）。 */
function walkGroups(
  start: readonly ChunkGroup[],
  stop: (group: ChunkGroup) => boolean,
  visit: (group: ChunkGroup) => void,
): void {
  const seen = new Set<ChunkGroup>();
  const queue = [...start];
  for (let group = queue.shift(); group; group = queue.shift()) {
    if (seen.has(group)) continue;
    seen.add(group);
    visit(group);
    if (!stop(group)) queue.push(...group.childrenIterable);
  }
}

function flatNames(names: ChunkNames | string, into: Set<string>): void {
  if (typeof names === 'string') into.add(names);
  else for (const value of Object.values(names)) flatNames(value, into);
}

export class ChunkFilesPlugin {
  constructor(private readonly options: ChunkFilesOptions) {}

  apply(compiler: Compiler): void {
    const {Compilation: CompilationClass, sources} = compiler.rspack;
    compiler.hooks.thisCompilation.tap(pluginName, (compilation) => {
      // 書き込んだハッシュを本当の値に直し、表とランタイムのファイル名を付け直すのは realContentHash。
      if (compilation.options.optimization.realContentHash !== true) {
        fail(
          'optimization.realContentHash が有効ではありません。区画の表のファイル名が中身と合わなくなるので、ビルドを止めます（plugins/routes/chunk-files.ts）。',
        );
      }
      const state: {shardGroups?: Map<number, ChunkGroup>} = {};
      compilation.hooks.processAssets.tap(
        // 圧縮（OPTIMIZE_SIZE）と realContentHash（OPTIMIZE_HASH）の前。
        {name: pluginName, stage: CompilationClass.PROCESS_ASSETS_STAGE_OPTIMIZE},
        () => {
          state.shardGroups = this.moveFileNames(compilation, (file, text) =>
            compilation.updateAsset(file, new sources.RawSource(text)),
          );
        },
      );
      compilation.hooks.processAssets.tap(
        {name: pluginName, stage: CompilationClass.PROCESS_ASSETS_STAGE_REPORT},
        () =>
          this.checkAndWriteRouteFiles(compilation, state.shardGroups ?? fail('shard が未処理')),
      );
    });
  }

  /** shard の番号 → その shard を読むチャンクグループ（入口のルート表の import("./shard-N.js")）。 */
  private findShardGroups(compilation: Compilation): Map<number, ChunkGroup> {
    const groups = new Map<number, ChunkGroup>();
    for (const group of compilation.chunkGroups) {
      for (const origin of group.origins) {
        const match = /^\.\/shard-(\d+)\.js$/.exec(origin.request ?? '');
        if (match && origin.module?.nameForCondition() === this.options.entryModule) {
          groups.set(Number(match[1]), group);
        }
      }
    }
    if (groups.size !== this.options.shardRoutes.length) {
      changed(`shard のチャンク（${groups.size} / ${this.options.shardRoutes.length} 個）`);
    }
    return groups;
  }

  private moveFileNames(
    compilation: Compilation,
    update: (file: string, text: string) => void,
  ): Map<number, ChunkGroup> {
    const shardGroups = this.findShardGroups(compilation);
    const isShard = new Set(shardGroups.values());
    const entrypoint = compilation.entrypoints.get('main') ?? changed('入口 main');
    const runtimeChunk = entrypoint.getRuntimeChunk() ?? changed('runtime~main のチャンク');
    const initial = new Set(entrypoint.chunks.map((chunk) => chunk.id));

    // 入口から shard を通らずに読むチャンク（と shard 自身）。ランタイムに残す。
    const fromEntry = new Set<string>();
    walkGroups(
      entrypoint.childrenIterable,
      (group) => isShard.has(group),
      (group) => group.chunks.forEach((chunk) => chunk.id && fromEntry.add(chunk.id)),
    );

    const moved = new Set<string>();
    for (const [index, group] of shardGroups) {
      const files: Record<string, string> = {};
      walkGroups(
        group.childrenIterable,
        () => false,
        (child) => {
          for (const chunk of child.chunks) {
            const file = jsFile(chunk);
            if (!chunk.id || !file || fromEntry.has(chunk.id) || initial.has(chunk.id)) continue;
            // ブラウザはファイル名からチャンク名を読む（先読みの gca。shared.ts の chunkNameOfFile）。
            if (chunkNameOfFile(file) !== (chunk.name ?? chunk.id)) {
              changed(`チャンク ${chunk.name ?? chunk.id} のファイル名 ${file}`);
            }
            files[chunk.id] = file;
            moved.add(chunk.id);
          }
        },
      );
      const shardChunk = group.chunks.find((chunk) => {
        const file = jsFile(chunk);
        return (
          file && compilation.assets[file]?.source().toString().includes(chunkFilesPlaceholder)
        );
      });
      const shardFile = (shardChunk && jsFile(shardChunk)) ?? changed(`shard ${index} のファイル`);
      const text = (compilation.assets[shardFile] as {source(): string | Buffer})
        .source()
        .toString();
      const placeholder = new RegExp(`(["'])${chunkFilesPlaceholder}\\1`, 'g');
      only([...text.matchAll(placeholder)], `shard ${index} の置き場所`);
      update(
        shardFile,
        text.replace(placeholder, () => JSON.stringify(files)),
      );
    }

    const runtimeFile = jsFile(runtimeChunk) ?? changed('runtime~main のファイル');
    const runtime = (compilation.assets[runtimeFile] as {source(): string | Buffer})
      .source()
      .toString();
    const keep = (
      table: Record<string, string>,
      keepEntry: (key: string, value: string) => boolean,
    ) =>
      JSON.stringify(Object.fromEntries(Object.entries(table).filter(([k, v]) => keepEntry(k, v))));
    only([...runtime.matchAll(fileNameFunction)], 'runtime~main の __webpack_require__.u');
    only([...runtime.matchAll(chunkAssetFunction)], 'runtime~main の __webpack_require__.gca');
    const rewritten = runtime
      .replace(
        fileNameFunction,
        (_, head: string, names: string, middle: string, hashes: string, tail: string) => {
          const keepId = (id: string): boolean => !moved.has(id);
          return `${head}${keep(parseTable(names, 'u の名前の表'), keepId)}${middle}${keep(parseTable(hashes, 'u のハッシュの表'), keepId)}${tail}`;
        },
      )
      .replace(chunkAssetFunction, (_, head: string, table: string, tail: string) => {
        const ids = parseTable(table, 'gca の表');
        return `${head}${keep(ids, (_name, id) => !moved.has(id))}${tail}`;
      });
    update(runtimeFile, rewritten);
    return shardGroups;
  }

  /** realContentHash のあと: shard が指すファイルがあるかを確かめ、ルートごとの JS を書く。 */
  private checkAndWriteRouteFiles(
    compilation: Compilation,
    shardGroups: Map<number, ChunkGroup>,
  ): void {
    const exists = (file: string): boolean => compilation.assets[file] !== undefined;
    const shardFiles = new Map<number, string[]>();
    for (const [index, group] of shardGroups) {
      const files = group.chunks.map((chunk) => jsFile(chunk) ?? changed(`shard ${index}`));
      for (const file of files) {
        const text = (compilation.assets[file] as {source(): string | Buffer}).source().toString();
        for (const [referenced] of text.matchAll(/assets\/js\/[^"'\s]+?\.js/g)) {
          if (!exists(referenced)) {
            fail(
              `shard ${index}（${file}）が指す ${referenced} がビルドにありません。realContentHash がファイル名を書き換えなかった可能性があります（plugins/routes/chunk-files.ts）。`,
            );
          }
        }
      }
      shardFiles.set(index, files);
    }
    const entrypoint = compilation.entrypoints.get('main') ?? changed('入口 main');
    const initial = new Set(entrypoint.chunks);
    const shardOf = new Map<string, number>();
    this.options.shardRoutes.forEach((keys, index) =>
      keys.forEach((key) => shardOf.set(key, index)),
    );
    const routes: Record<string, string[]> = {};
    for (const [key, chunkNames] of Object.entries(this.options.routesChunkNames)) {
      const names = new Set<string>();
      flatNames(chunkNames, names);
      const files = new Set<string>(shardFiles.get(shardOf.get(key) ?? -1) ?? []);
      for (const name of names) {
        const group = compilation.namedChunkGroups.get(name);
        for (const chunk of group?.chunks ?? []) {
          const file = jsFile(chunk);
          if (file && !initial.has(chunk)) files.add(file);
        }
      }
      for (const file of files)
        if (!exists(file)) fail(`ルート ${key} の ${file} がビルドにありません`);
      routes[key] = [...files].sort();
    }
    mkdirSync(path.dirname(this.options.routeFilesPath), {recursive: true});
    writeFileSync(this.options.routeFilesPath, JSON.stringify({routes} satisfies RouteFiles));
  }
}
