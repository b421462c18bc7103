import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {buildState} from '../build-state';
import {ChunkFilesPlugin} from './chunk-files';
import {
  fail,
  generateModules,
  planRoutes,
  readGeneratedRoutes,
  routeChunkNames,
  shardFile,
  type ParsedRoute,
} from './codegen';
import {checkUpstream} from './upstream';

/**
 * ルート表を区画ごとに分け、ページが増えても入口のスクリプト（main と runtime~main）が増えないようにする。
 *
 * Docusaurus はすべてのルートの表（routes.js）、チャンク名（routesChunkNames.json）、読み込み関数
 * （registry.js）を main.js に、Rspack はすべての非同期チャンクのファイル名を runtime~main に入れる
 * （Docusaurus の issue #7256）。ブラウザ用のビルドでだけ、次のように差し替える（サーバー用のビルドと
 * 静的な HTML の中身は元のまま）:
 *   - routes.js → 入口に残す表と区画ごとの表（codegen.ts が .docusaurus/denki-routes/ に書く）。
 *   - core の client/preload.js、client/docusaurus.js → 先に区画の表を読む版（client/）。
 *   - runtime~main のチャンクのファイル名 → 区画の表へ（chunk-files.ts）。
 * サーバー用のビルドでは、ルートの照合を一致しえないルートを先に除く版にする（client/ssg-react-router-config.tsx）。
 * 差し替える・前提にする Docusaurus のファイルは upstream.ts が、生成されたコードとランタイムの形は
 * codegen.ts と chunk-files.ts が確かめ、違えばビルドを止める。開発サーバーでは何もしない。
 */

/**
 * 1 つの区画の表の大きさの上限: 葉の数と、その葉たちが読むチャンク名の数。遷移で読む表の大きさ（記事 32 件で
 * gzip 約 2 KB、ブログの一覧なら 9 ページほど）と、入口に残る索引の長さ（表 1 つで数十バイト）の釣り合い。
 */
export const shardSize = 32;
export const shardChunks = 96;

const corePreload = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]preload\.js$/;
const coreDocusaurus = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]docusaurus\.js$/;

/** 静的な HTML を書き出すときのルートの照合（理由はファイルの先頭）。 */
const ssgRouterConfig = path.join(__dirname, 'client', 'ssg-react-router-config.tsx');

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** ルート → 描くのに要る JS の一覧（plugins/offline が Service Worker の取得一覧を選ぶのに読む）。 */
export const routeFilesFile = (generatedFilesDir: string): string =>
  path.join(generatedFilesDir, 'denki-routes', 'route-files.json');

function routeKeys(routes: readonly ParsedRoute[]): string[] {
  return routes.map((route) => `${route.path}-${route.hash ?? ''}`);
}

export default function routesPlugin(context: LoadContext): Plugin {
  return {
    name: 'denki-routes',
    configureWebpack(config, isServer, {currentBundler}) {
      if (config.mode !== 'production') return {};
      if (isServer) {
        checkUpstream();
        return {resolve: {alias: {'react-router-config$': ssgRouterConfig}}};
      }
      if (currentBundler.name !== 'rspack') {
        fail(
          'Rspack（future.v4 の Docusaurus Faster）を前提にしています。webpack では使えません。',
        );
      }
      checkUpstream();
      const {generatedFilesDir, siteConfig} = context;
      const generated = readGeneratedRoutes(generatedFilesDir);
      const plan = planRoutes(generated.routes, {
        baseUrl: siteConfig.baseUrl,
        shardSize,
        shardChunks,
        chunkNamesOf: (route) => routeChunkNames(generated, route),
      });
      const modules = generateModules(generated, plan);

      const dir = path.join(generatedFilesDir, 'denki-routes');
      rmSync(dir, {recursive: true, force: true});
      mkdirSync(dir, {recursive: true});
      const entryModule = path.join(dir, 'index.js');
      writeFileSync(entryModule, modules.entry);
      modules.shards.forEach((code, index) =>
        writeFileSync(path.join(dir, shardFile(index)), code),
      );

      const routeFilesPath = routeFilesFile(generatedFilesDir);
      buildState.routeFilesPath = routeFilesPath;
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      const generatedRoutes = new RegExp(`^${escape(path.join(generatedFilesDir, 'routes.js'))}$`);
      return {
        plugins: [
          new NormalModuleReplacementPlugin(generatedRoutes, entryModule),
          new NormalModuleReplacementPlugin(corePreload, path.join(__dirname, 'client/preload.ts')),
          new NormalModuleReplacementPlugin(
            coreDocusaurus,
            path.join(__dirname, 'client/docusaurus.ts'),
          ),
          new ChunkFilesPlugin({
            entryModule,
            shardRoutes: plan.shards.map((shard) => routeKeys(shard.routes)),
            routesChunkNames: generated.chunkNames,
            routeFilesPath,
          }) as never,
        ],
      };
    },
  };
}
