/**
 * バンドル分析: tsx scripts/bench/analyze.ts [--skip-build] [--port 3310]
 * analyze.config.ts でビルドし（ロックを取って build-bench-analyze へ）、各ルートの初回表示で
 * 取得される JS を Playwright で調べ、その中身をパッケージ単位のサイズ（推定）で出す。
 * 推定 = 圧縮前のモジュールサイズの比率で、実ファイルの gzip サイズを按分したもの。
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {startSiteServer} from '../../lib/site-server';
import {KiB} from './types';
import {measure} from './bytes';
import {launchBrowser} from './browser';
import {probeRoutes} from './measure';
import {onCleanup, runCleanups, runCommand} from './processes';
import {stockRoutes} from './stock';
import {BUILD_LOCK} from './build';
import {benchDir, projectRoot} from './paths';

const outDir = path.join(projectRoot, 'build-bench-analyze');
const statsFile = path.join(benchDir, 'client-stats.json');

type StatsModule = {name?: string; identifier?: string; size?: number; modules?: StatsModule[]};
type StatsChunk = {
  id?: string | number;
  files?: string[];
  names?: string[];
  modules?: StatsModule[];
};
type Stats = {chunks?: StatsChunk[]};

/** モジュール名を「どこから来たか」（パッケージ、またはサイトのフォルダ）にまとめる。 */
export function origin(name: string): string {
  const clean = name.split('!').pop() ?? name;
  const nm = clean.lastIndexOf('node_modules/');
  if (nm !== -1) {
    const rest = clean.slice(nm + 'node_modules/'.length).split('/');
    const pkg = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? clean);
    if (pkg.startsWith('@docusaurus/')) {
      const theme = rest.indexOf('theme');
      if (theme !== -1 && rest[theme + 1])
        return `${pkg} theme/${rest[theme + 1].replace(/\.js$/, '')}`;
    }
    return pkg;
  }
  const local = clean.replace(/^\.\//, '').split('/');
  return local
    .slice(0, Math.min(local.length, 3))
    .join('/')
    .replace(/ \+ \d+ modules$/, '');
}

function flatten(modules: readonly StatsModule[] = []): StatsModule[] {
  return modules.flatMap((module) => (module.modules?.length ? flatten(module.modules) : [module]));
}

function chunkBreakdown(chunk: StatsChunk): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const module of flatten(chunk.modules)) {
    const key = origin(module.name ?? module.identifier ?? '?');
    sizes.set(key, (sizes.get(key) ?? 0) + (module.size ?? 0));
  }
  return sizes;
}

async function build(): Promise<void> {
  console.log('[analyze] ビルドします（ロックを取得）…');
  const env = {...process.env};
  delete env.DENKI_TEST_ROUTES;
  const result = await runCommand(
    'flock',
    [
      BUILD_LOCK,
      path.join(projectRoot, 'node_modules/.bin/docusaurus'),
      'build',
      '--config',
      path.join(__dirname, 'analyze.config.ts'),
      '--out-dir',
      outDir,
    ],
    {cwd: projectRoot, timeoutMs: 15 * 60_000, env},
  );
  if (result.code !== 0)
    throw new Error(
      `ビルドに失敗しました\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`,
    );
}

function printChunk(file: string, chunk: StatsChunk | undefined, top: number): void {
  const full = path.join(outDir, file);
  const sizes = existsSync(full) ? measure(readFileSync(full)) : undefined;
  const header = sizes
    ? `${(sizes.raw / KiB).toFixed(1)} KiB min, ${(sizes.gzip / KiB).toFixed(1)} KiB gz`
    : 'n/a';
  console.log(
    `  ${file}  (${header})${chunk?.names?.length ? `  [${chunk.names.join(', ')}]` : ''}`,
  );
  if (!chunk || !sizes) return;
  const breakdown = [...chunkBreakdown(chunk)].sort((a, b) => b[1] - a[1]);
  const total = breakdown.reduce((sum, [, size]) => sum + size, 0) || 1;
  for (const [name, size] of breakdown.slice(0, top)) {
    const gz = ((size / total) * sizes.gzip) / KiB;
    console.log(
      `      ${gz.toFixed(1).padStart(6)} KiB gz est.  ${((size / total) * 100).toFixed(0).padStart(3)}%  ${name}`,
    );
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const portArg = args.indexOf('--port');
  const port = portArg === -1 ? 3310 : Number(args[portArg + 1]);
  if (!args.includes('--skip-build')) await build();
  const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as Stats;
  const byFile = new Map<string, StatsChunk>();
  for (const chunk of stats.chunks ?? [])
    for (const file of chunk.files ?? []) byFile.set(file, chunk);

  const server = await startSiteServer({buildDir: outDir, port, compression: true});
  const browser = await launchBrowser();
  onCleanup(() => browser.close());
  const routes = Object.keys(stockRoutes);
  const probes = await probeRoutes(browser, server.baseURL, routes);
  await browser.close();
  await server.stop();

  const seen = new Set<string>();
  for (const route of routes) {
    const scripts = probes.get(route)?.scripts ?? [];
    console.log(`\n${route}: 初回表示で取得される JS ${scripts.length} 個`);
    for (const script of scripts) {
      const file = script.replace(/^\//, '');
      if (seen.has(file)) {
        console.log(`  ${file}  (上と同じ)`);
        continue;
      }
      seen.add(file);
      printChunk(file, byFile.get(file), 12);
    }
  }
  console.log('\n初回表示では取得されない大きなチャンク（上位 8）:');
  const rest = [...byFile.keys()]
    .filter(
      (file) => file.endsWith('.js') && !seen.has(file) && existsSync(path.join(outDir, file)),
    )
    .map((file) => ({file, size: readFileSync(path.join(outDir, file)).length}))
    .sort((a, b) => b.size - a.size)
    .slice(0, 8);
  for (const {file} of rest) printChunk(file, byFile.get(file), 4);
}

main()
  .then(runCleanups)
  .catch(async (error: unknown) => {
    console.error(error);
    await runCleanups();
    process.exit(1);
  });
