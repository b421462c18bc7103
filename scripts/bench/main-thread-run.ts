/**
 * npm run bench:main-thread -- --build-dir <フォルダー> [--build-dir <フォルダー> …] [--runs N] [--port P] [--route R …]
 *
 * Issue 55: ビルド済みのフォルダーを配信し、メインスレッドの表（main-thread-table.ts）だけを測る。
 * ルートごとに Lighthouse を 1 回とタップの計測（tap.ts）を 1 回、フォルダーを順に交互に（A, B, A, B …）
 * 回す。フォルダーごとの表と、2 つ以上ならそれらを並べた表を出し、bench/budgets.json の mainThread の
 * 予算と比べる。結果は .bench/main-thread-<日時>.json。どれかのフォルダーが予算を破ると終了コード 1。
 */
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {startSiteServer, type SiteServer} from '../../lib/site-server';
import {launchBrowser} from './browser';
import {chunkNames} from './chunk-names';
import {runLighthouseRetrying} from './lighthouse';
import {
  checkMainThread,
  newRouteRuns,
  readMainThreadBudgets,
  recordTap,
  summarizeRoute,
  type RouteRuns,
} from './main-thread';
import {renderMainThreadTable, type MainThreadColumn} from './main-thread-table';
import {onCleanup, runBenchMain} from './processes';
import {stockRoutes} from './stock';
import {cpuSlowdown, interactiveCapMs, quietWindowMs, tapDevice} from './tap';
import {benchDir, budgetsFile, projectRoot} from './paths';

const usage =
  'usage: npm run bench:main-thread -- --build-dir <フォルダー> [--build-dir <フォルダー> …] [--runs 3] [--port 3360] [--route /docs/intro …]';

type Options = {
  readonly buildDirs: readonly string[];
  readonly runs: number;
  readonly port: number;
  readonly routes: readonly string[];
};

function parseOptions(argv: readonly string[]): Options {
  const buildDirs: string[] = [];
  const routes: string[] = [];
  let runs = 3;
  let port = 3360;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--'))
        throw new Error(`${arg} の値がありません\n${usage}`);
      return next;
    };
    const count = (): number => {
      const number = Number(value());
      if (!Number.isInteger(number) || number < 1)
        throw new Error(`${arg} には正の整数が要ります\n${usage}`);
      return number;
    };
    if (arg === '--build-dir') buildDirs.push(path.resolve(value()));
    else if (arg === '--runs') runs = count();
    else if (arg === '--port') port = count();
    else if (arg === '--route') routes.push(value());
    else if (arg === '--help' || arg === '-h') {
      console.log(usage);
      process.exit(0);
    } else throw new Error(`不明なオプション: ${arg}\n${usage}`);
  }
  if (buildDirs.length === 0) throw new Error(`--build-dir が要ります\n${usage}`);
  for (const dir of buildDirs) {
    if (!existsSync(path.join(dir, 'index.html')))
      throw new Error(`${dir} にビルドがありません（index.html がない）`);
  }
  const known = Object.keys(stockRoutes);
  for (const route of routes) {
    if (!known.includes(route))
      throw new Error(`測るルートは次のどれかです: ${known.join(' ')}（${route} は表にない）`);
  }
  return {buildDirs, runs, port, routes: routes.length > 0 ? routes : known};
}

type Target = {
  readonly label: string;
  readonly buildDir: string;
  readonly server: SiteServer;
  readonly runs: Map<string, RouteRuns>;
};

const log = (message: string): void => console.log(`[bench] ${message}`);

async function measure(targets: readonly Target[], options: Options): Promise<void> {
  const browser = await launchBrowser();
  onCleanup(() => browser.close());
  try {
    for (let run = 1; run <= options.runs; run++) {
      for (const route of options.routes) {
        for (const target of targets) {
          const slot = target.runs.get(route) as RouteRuns;
          const what = `${target.label} ${route}`;
          log(`${run}/${options.runs} ${what}: Lighthouse とタップ`);
          const lighthouse = await runLighthouseRetrying(`${target.server.baseURL}${route}`, what);
          slot.lighthouseFailed += lighthouse.failed;
          if (lighthouse.run) slot.lighthouse.push(lighthouse.run);
          await recordTap(browser, target.server.baseURL, slot, what);
        }
      }
    }
  } finally {
    await browser.close();
  }
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const budgets = readMainThreadBudgets(budgetsFile);
  const targets: Target[] = [];
  for (const [index, buildDir] of options.buildDirs.entries()) {
    // 前の版のビルド（その版の木の build/）は、その木の firebase.json（CSP のハッシュが合う）で配る。
    const besideConfig = path.join(path.dirname(buildDir), 'firebase.json');
    const server = await startSiteServer({
      buildDir,
      port: options.port + index,
      compression: true,
      ...(existsSync(besideConfig) ? {hostingConfig: besideConfig} : {}),
    });
    onCleanup(() => server.stop());
    const label = String.fromCharCode(65 + index);
    targets.push({
      label,
      buildDir,
      server,
      runs: new Map(options.routes.map((route) => [route, newRouteRuns(route)])),
    });
    log(`${label} = ${buildDir}（${server.baseURL}/ で配信中）`);
  }
  await measure(targets, options);
  for (const target of targets) await target.server.stop();

  const columns: MainThreadColumn[] = targets.map((target) => {
    const routes = [...target.runs.values()].map(summarizeRoute);
    return {
      label: target.label,
      routes,
      verdicts: checkMainThread(routes, budgets, true),
      chunkNames: chunkNames(target.buildDir),
    };
  });
  const legend = targets.map((target) => `${target.label} = ${target.buildDir}`).join('\n');
  const method = `Lighthouse ${options.runs} 回（モバイル、模擬スロットリング）とタップ ${options.runs} 回（${tapDevice.viewport.width} px、CPU ${cpuSlowdown} 倍、窓 ${quietWindowMs} ms、上限 ${interactiveCapMs / 1000} 秒）の中央値 [最小–最大]`;
  console.log(`\nメインスレッド（issue 55）: ${method}\n${legend}`);
  for (const column of columns) console.log(`\n${renderMainThreadTable([column])}`);
  if (columns.length > 1) console.log(`\n比較\n${renderMainThreadTable(columns)}`);

  mkdirSync(benchDir, {recursive: true});
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(benchDir, `main-thread-${stamp}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        meta: {date: new Date().toISOString(), runs: options.runs, method, budgets},
        targets: targets.map((target, index) => ({
          label: target.label,
          buildDir: target.buildDir,
          routes: columns[index]?.routes,
          verdicts: columns[index]?.verdicts,
          runs: [...target.runs.values()],
        })),
      },
      null,
      2,
    )}\n`,
  );
  const over = columns.flatMap((column) =>
    column.verdicts
      .filter((verdict) => verdict.ok === false)
      .map((verdict) => `${column.label} ${verdict.figure} ${verdict.route}`),
  );
  console.log(
    over.length === 0
      ? '\n予算はすべて守られています。'
      : `\n予算超過 ${over.length} 件: ${over.join(', ')}`,
  );
  console.log(`結果: ${path.relative(projectRoot, file)}`);
  return over.length === 0 ? 0 : 1;
}

runBenchMain(main);
