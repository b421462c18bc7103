/**
 * バンドル分析用の設定: サイトの設定はそのままに、クライアントのビルド統計（モジュールごとのサイズ）を
 * .bench/client-stats.json（analyze.ts が読む）に書き出すプラグインを足すだけ。analyze.ts から --config で使う。
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Config, Plugin} from '@docusaurus/types';
import siteConfig from '../../docusaurus.config';

const STATS_FILE = path.resolve(__dirname, '../../.bench/client-stats.json');

type StatsCompiler = {
  hooks: {
    done: {
      tap: (name: string, fn: (stats: {toJson: (options: object) => unknown}) => void) => void;
    };
  };
};

function clientStatsPlugin(): Plugin {
  return {
    name: 'bench-client-stats',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      const writer = {
        apply(compiler: StatsCompiler) {
          compiler.hooks.done.tap('bench-client-stats', (stats) => {
            const json = stats.toJson({
              all: false,
              assets: true,
              chunks: true,
              chunkModules: true,
              chunkRelations: true,
              modules: true,
              nestedModules: true,
              ids: true,
              entrypoints: true,
              dependentModules: true,
              orphanModules: true,
              modulesSpace: Infinity,
              chunkModulesSpace: Infinity,
              nestedModulesSpace: Infinity,
            });
            mkdirSync(path.dirname(STATS_FILE), {recursive: true});
            writeFileSync(STATS_FILE, JSON.stringify(json));
          });
        },
      };
      return {plugins: [writer]};
    },
  };
}

const config: Config = {
  ...siteConfig,
  plugins: [...(siteConfig.plugins ?? []), clientStatsPlugin],
};

export default config;
