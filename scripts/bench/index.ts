/**
 * npm run bench — サイトをビルドし（cold / warm）、初回表示のバイト数・検索・PWA・Lighthouse を測り、
 * 素の Docusaurus と比べて 1 枚の表に出す。結果は .bench/results.json。予算を破ると終了コード 1。
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Browser} from '@playwright/test';
import {startSiteServer, type SiteServer} from '../../lib/site-server';
import {checkBudgets, readBudgets} from './budgets';
import {timeBuild} from './build';
import {launchBrowser, probeSearch, type LoadProbe} from './browser';
import {chunkNames} from './chunk-names';
import {checkDataPlan, probeDataPlan, readDataPlanBudgets} from './data-plan';
import {checkPageJs, probePageJs, readPageJsBudget} from './page-js';
import {checkPhraseHtml, measurePhraseHtml, readPhraseHtmlBudget} from './phrases';
import {runLighthouseRetrying, type LighthouseRun} from './lighthouse';
import {
  checkMainThread,
  newRouteRuns,
  readMainThreadBudgets,
  recordTap,
  summarizeRoute,
  type MainThreadRoute,
} from './main-thread';
import {renderMainThreadTable} from './main-thread-table';
import {probeRoutes, routeResult} from './measure';
import {parseOptions} from './options';
import {benchContentPath} from './content-path';
import {benchEditor} from './editor';
import {benchEditorLoad} from './editor-load';
import {benchPhotos} from './photos';
import {precacheSize} from './precache';
import {onCleanup, runBenchMain} from './processes';
import {ensureStockSite, stockRoutes} from './stock';
import {renderTable} from './table';
import type {BuildTimes, DataPlanResult, PageJs, SearchBytes, SiteName, SiteResult} from './types';
import {benchDir, budgetsFile, projectRoot} from './paths';

const buildDirFor = (config: string | null): string =>
  path.join(
    projectRoot,
    config ? `build-bench-${path.basename(path.dirname(path.resolve(config)))}` : 'build-bench',
  );
const searchQuery = 'ミッション';
const ourRoutes = Object.keys(stockRoutes);

const log = (message: string): void => console.log(`[bench] ${message}`);

type Target = {
  readonly site: SiteName;
  readonly buildDir: string;
  readonly routes: readonly string[];
  build: BuildTimes | null;
  server?: SiteServer;
  probes: Map<string, LoadProbe | null>;
  search: SearchBytes | null;
  dataPlan: DataPlanResult | null;
  pageJs: PageJs[] | null;
  readonly lighthouse: Map<string, {runs: LighthouseRun[]; failed: number}>;
};

function newTarget(site: SiteName, buildDir: string, routes: readonly string[]): Target {
  return {
    site,
    buildDir,
    routes,
    build: null,
    probes: new Map(),
    search: null,
    dataPlan: null,
    pageJs: null,
    lighthouse: new Map(routes.map((r) => [r, {runs: [], failed: 0}])),
  };
}

async function buildAll(
  ours: Target,
  stock: Target | null,
  stockDir: string | null,
  config: string | null,
): Promise<void> {
  log('ours をビルドします（cold → warm、ロック /tmp/denki-build.lock を取得）…');
  const env = {...process.env};
  delete env.DENKI_TEST_ROUTES;
  ours.build = await timeBuild({
    name: 'ours',
    siteDir: projectRoot,
    outDir: ours.buildDir,
    logDir: path.join(benchDir, 'logs'),
    warm: true,
    config,
    env,
  });
  log(`ours: cold ${ours.build.coldMs} ms, warm ${ours.build.warmMs} ms`);
  if (stock && stockDir) {
    log('stock をビルドします（cold）…');
    stock.build = await timeBuild({
      name: 'stock',
      siteDir: stockDir,
      outDir: stock.buildDir,
      logDir: path.join(benchDir, 'logs'),
      warm: false,
    });
    log(`stock: cold ${stock.build.coldMs} ms`);
  }
}

/** 各回で、ルートごとに ours と stock を交互に測る（機械の揺れを両方に均等にかける）。 */
async function lighthouseAll(targets: readonly Target[], runs: number): Promise<void> {
  for (let run = 1; run <= runs; run++) {
    for (let index = 0; index < ourRoutes.length; index++) {
      for (const target of targets) {
        const route = target.routes[index] as string;
        const slot = target.lighthouse.get(route);
        if (!slot || !target.server) continue;
        log(`Lighthouse ${run}/${runs} ${target.site} ${route}`);
        const result = await runLighthouseRetrying(
          `${target.server.baseURL}${route}`,
          `${target.site} ${route}`,
        );
        slot.failed += result.failed;
        if (result.run) slot.runs.push(result.run);
      }
    }
  }
}

/**
 * Issue 55: ours のメインスレッドの表。Lighthouse の回（lighthouseAll）に、タップの計測を同じ回数足す
 * （Lighthouse を測り終えてから。Lighthouse の Chrome と同時に動かさない）。
 */
async function mainThreadOf(target: Target, runs: number): Promise<MainThreadRoute[]> {
  const slots = target.routes.map((route) => {
    const slot = newRouteRuns(route);
    const lighthouse = target.lighthouse.get(route);
    slot.lighthouse.push(...(lighthouse?.runs ?? []));
    slot.lighthouseFailed = lighthouse?.failed ?? 0;
    return slot;
  });
  const browser = await launchBrowser();
  const unregister = onCleanup(() => browser.close());
  try {
    for (let run = 1; run <= runs; run++) {
      for (const slot of slots) {
        log(`タップ ${run}/${runs} ${target.site} ${slot.route}`);
        await recordTap(browser, (target.server as SiteServer).baseURL, slot, slot.route);
      }
    }
  } finally {
    await browser.close();
    unregister();
  }
  return slots.map(summarizeRoute);
}

/** ブラウザでの初回表示（画像・取得された JS）と、ours の最初の検索。 */
async function probeSite(target: Target, browser: Browser | null): Promise<void> {
  const server = target.server as SiteServer;
  target.probes = await probeRoutes(browser, server.baseURL, target.routes);
  if (target.site !== 'ours' || !browser) return;
  target.search = await probeSearch(browser, server.baseURL, searchQuery).catch(
    (error: unknown) => {
      console.warn(
        `[bench] 検索のバイト数を測れませんでした（n/a）: ${String(error).split('\n')[0]}`,
      );
      return null;
    },
  );
  log('すべてのページを最下部までスクロールしたあとの JS を測ります…');
  target.pageJs = await probePageJs(browser, server.baseURL, target.buildDir).catch(
    (error: unknown) => {
      console.warn(
        `[bench] ページを読み終えるまでの JS を測れませんでした（n/a）: ${String(error).split('\n')[0]}`,
      );
      return null;
    },
  );
  log('初回訪問の転送バイト数（通常の回線とデータセーバー、各 20 秒）を測ります…');
  target.dataPlan = await probeDataPlan(browser, server.baseURL).catch((error: unknown) => {
    console.warn(
      `[bench] 初回訪問のバイト数を測れませんでした（n/a）: ${String(error).split('\n')[0]}`,
    );
    return null;
  });
}

function siteResult(target: Target): SiteResult {
  return {
    site: target.site,
    buildDir: path.relative(projectRoot, target.buildDir),
    build: target.build,
    routes: target.routes.map((route) => {
      const slot = target.lighthouse.get(route);
      return routeResult({
        buildDir: target.buildDir,
        route,
        probe: target.probes.get(route) ?? null,
        lighthouseRuns: slot?.runs ?? [],
        failedRuns: slot?.failed ?? 0,
      });
    }),
    search: target.search,
    precache: precacheSize(target.buildDir),
    dataPlan: target.dataPlan,
    pageJs: target.pageJs,
  };
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const budgets = readBudgets(budgetsFile);
  mkdirSync(benchDir, {recursive: true});
  const stockDir = options.skipStock ? null : await ensureStockSite(benchDir);
  const ours = newTarget('ours', buildDirFor(options.config), ourRoutes);
  const stock = stockDir
    ? newTarget('stock', path.join(stockDir, 'build'), Object.values(stockRoutes))
    : null;
  const targets = stock ? [ours, stock] : [ours];

  if (!options.skipBuild) await buildAll(ours, stock, stockDir, options.config);

  for (const [offset, target] of targets.entries()) {
    target.server = await startSiteServer({
      buildDir: target.buildDir,
      port: options.port + offset,
      compression: true,
    });
    log(
      `${target.site}: ${target.server.baseURL}/ で配信中（${path.relative(projectRoot, target.buildDir)}）`,
    );
  }

  const browser = await launchBrowser().catch((error: unknown) => {
    console.warn(`[bench] Chromium（Playwright）を起動できませんでした: ${String(error)}`);
    return null;
  });
  if (browser) onCleanup(() => browser.close());
  log('ブラウザで初回表示と検索を測ります…');
  for (const target of targets) await probeSite(target, browser);
  await browser?.close();

  if (!options.skipLighthouse) await lighthouseAll(targets, options.runs);
  const mainThread = options.skipLighthouse ? null : await mainThreadOf(ours, options.runs);
  for (const target of targets) await target.server?.stop();

  const oursResult = siteResult(ours);
  const stockResult = stock ? siteResult(stock) : null;
  const mainThreadVerdicts = mainThread
    ? checkMainThread(mainThread, readMainThreadBudgets(budgetsFile), false)
    : [];
  const verdicts = [
    ...checkBudgets(oursResult, budgets),
    ...mainThreadVerdicts,
    ...checkDataPlan(oursResult.dataPlan, readDataPlanBudgets(budgetsFile)),
    ...checkPageJs(oursResult.pageJs, readPageJsBudget(budgetsFile)),
    ...checkPhraseHtml(await measurePhraseHtml(ours.buildDir), readPhraseHtmlBudget(budgetsFile)),
    ...(options.skipBuild ? [] : await benchPhotos()),
    ...(await benchEditor(ours.buildDir)),
    ...(options.skipLighthouse ? [] : await benchEditorLoad(options.runs)),
    // 短い道（issue 67）: 今のコミットのクローンで npm ci から。ビルドを飛ばす実行では測らない。
    ...(options.skipBuild ? [] : await benchContentPath()),
  ];
  const resultsName = options.config
    ? `results-${path.basename(ours.buildDir).replace(/^build-bench-/, '')}.json`
    : 'results.json';
  const table = renderTable(oursResult, stockResult, verdicts);
  const meta = {
    date: new Date().toISOString(),
    runs: options.skipLighthouse ? 0 : options.runs,
    config: options.config ?? 'docusaurus.config.ts',
    compression:
      'node:zlib defaults: gzip level 6, brotli quality 11; server: superstatic with its compression (br quality 4 / gzip level 6)',
    lighthouse: 'mobile preset, simulated throttling',
    routeMap: stockRoutes,
  };
  writeFileSync(
    path.join(benchDir, resultsName),
    `${JSON.stringify({meta, budgets, verdicts, ours: oursResult, stock: stockResult, mainThread}, null, 2)}\n`,
  );
  console.log(`\n${table}\n`);
  if (mainThread) {
    const columns = [
      {
        label: 'ours',
        routes: mainThread,
        // LH performance の判定は checkBudgets のもの（同じ figure とルート）をそのまま出す。
        verdicts,
        chunkNames: chunkNames(ours.buildDir),
      },
    ];
    console.log(`メインスレッド（issue 55）\n${renderMainThreadTable(columns)}\n`);
  }
  const over = verdicts.filter((verdict) => verdict.ok === false);
  console.log(
    over.length === 0
      ? '予算はすべて守られています。'
      : `予算超過 ${over.length} 件: ${over.map((v) => `${v.figure}${v.route ? ` ${v.route}` : ''}`).join(', ')}`,
  );
  console.log(`結果: ${path.relative(projectRoot, path.join(benchDir, resultsName))}`);
  return over.length === 0 ? 0 : 1;
}

runBenchMain(main);
