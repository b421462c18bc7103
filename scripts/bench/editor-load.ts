/**
 * エディター（/admin/）を開くときに事務局の人のスマートフォンが払うもの（issue 61）。bench/budgets.json の editorLoad
 * と比べる:
 * - /admin/（ログインの画面）の Lighthouse（モバイルの既定の設定）: performance、FCP、TBT、accessibility の中央値と、
 *   読み込んだ JS のうちその画面が使わなかった部分（unused-javascript）
 * - ログインのボタンが押せるようになるまでに読んだ JS（gzip）
 * - 手元のバックエンド（decap-server、lib/editor-repo.ts）でログインし、新しい記事の欄が出るまでに読んだ JS（gzip）
 * - そのあとで（同じブラウザーのキャッシュのまま）もう一度 /admin/ を開いたときに、エディターのサイトから受け取った
 *   バイト数（転送。ヘッダーも含む）
 *
 *   npm run bench:editor-load -- [--build-dir <エディターのサイト> …] [--runs 3]
 *
 * --build-dir はエディターのサイトのフォルダー（admin/ を持つもの。既定は build-editor）。2 つ以上なら、1 回ごとに
 * 順に交互に（A, B, A, B …）測り、並べた表を出す（変更の前後を比べる。README のエディターの表）。結果は
 * .bench/editor-load-<日時>.json。どれかのフォルダーが予算を破ると終了コード 1。npm run bench も、いまのエディター
 * を組んで測る。
 */
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import type {Browser, Page, Response} from '@playwright/test';
import {createEditorRepo, type EditorRepo} from '../../lib/editor-repo';
import {startSiteServer, type SiteServer} from '../../lib/site-server';
import {bundleEditor} from '../../plugins/editor/bundle';
import {editorDir, localBackendParam} from '../../plugins/editor/shared';
import {editorPath, hostingTargets} from '../../src/constants/editor-sign-in';
import {launchBrowser} from './browser';
import {runLighthouseRetrying} from './lighthouse';
import {benchDir, budgetsFile, projectRoot} from './paths';
import {onCleanup, runBenchMain} from './processes';
import {spread} from './stats';
import {KiB, type Verdict} from './types';

const log = (message: string): void => console.log(`[bench:editor-load] ${message}`);

export type EditorLoadBudgets = {
  readonly lighthousePerformanceMin: number;
  readonly fcpMaxMs: number;
  readonly tbtMaxMs: number;
  readonly accessibilityMin: number;
  readonly signInScriptMaxKiB: number;
  readonly newPostScriptMaxKiB: number;
  readonly signInUnusedScriptMaxKiB: number;
  readonly secondVisitMaxKiB: number;
};

const budgetKeys = [
  'lighthousePerformanceMin',
  'fcpMaxMs',
  'tbtMaxMs',
  'accessibilityMin',
  'signInScriptMaxKiB',
  'newPostScriptMaxKiB',
  'signInUnusedScriptMaxKiB',
  'secondVisitMaxKiB',
] as const satisfies readonly (keyof EditorLoadBudgets)[];

function readEditorLoadBudgets(file: string): EditorLoadBudgets {
  const budgets = (
    JSON.parse(readFileSync(file, 'utf8')) as {editorLoad?: Partial<EditorLoadBudgets>}
  ).editorLoad;
  for (const key of budgetKeys) {
    if (typeof budgets?.[key] !== 'number')
      throw new Error(`${file}: editorLoad.${key} が数値ではありません`);
  }
  return budgets as EditorLoadBudgets;
}

/** 1 回の計測（1 つのフォルダー）。Lighthouse が失敗した回は、その値が null。 */
type EditorLoadRun = {
  readonly performance: number | null;
  readonly fcpMs: number | null;
  readonly lcpMs: number | null;
  readonly tbtMs: number | null;
  readonly accessibility: number | null;
  readonly unusedScriptBytes: number | null;
  readonly signInScriptGzip: number;
  readonly newPostScriptGzip: number;
  readonly secondVisitBytes: number;
};

type Figure = {
  readonly key: keyof EditorLoadRun;
  readonly label: string;
  /** 表に出す値（中央値）の換算。 */
  readonly scale: number;
  readonly digits: number;
  readonly budget: (budgets: EditorLoadBudgets) => {readonly limit: number; readonly min: boolean};
  readonly unit: string;
};

const figures: readonly Figure[] = [
  {
    key: 'performance',
    label: 'Lighthouse performance',
    scale: 1,
    digits: 0,
    budget: (b) => ({limit: b.lighthousePerformanceMin, min: true}),
    unit: '',
  },
  {
    key: 'fcpMs',
    label: 'first contentful paint（s）',
    scale: 1 / 1000,
    digits: 2,
    budget: (b) => ({limit: b.fcpMaxMs / 1000, min: false}),
    unit: ' s',
  },
  {
    key: 'lcpMs',
    label: 'largest contentful paint（s、報告のみ）',
    scale: 1 / 1000,
    digits: 2,
    budget: () => ({limit: Number.POSITIVE_INFINITY, min: false}),
    unit: ' s',
  },
  {
    key: 'tbtMs',
    label: 'total blocking time（ms）',
    scale: 1,
    digits: 0,
    budget: (b) => ({limit: b.tbtMaxMs, min: false}),
    unit: ' ms',
  },
  {
    key: 'accessibility',
    label: 'Lighthouse accessibility',
    scale: 1,
    digits: 0,
    budget: (b) => ({limit: b.accessibilityMin, min: true}),
    unit: '',
  },
  {
    key: 'signInScriptGzip',
    label: 'ログインのボタンが押せるまでの JS（gzip, KiB）',
    scale: 1 / KiB,
    digits: 1,
    budget: (b) => ({limit: b.signInScriptMaxKiB, min: false}),
    unit: ' KiB',
  },
  {
    key: 'unusedScriptBytes',
    label: 'ログインの画面で使わない JS（KiB）',
    scale: 1 / KiB,
    digits: 1,
    budget: (b) => ({limit: b.signInUnusedScriptMaxKiB, min: false}),
    unit: ' KiB',
  },
  {
    key: 'newPostScriptGzip',
    label: '新しい記事の欄までの JS（gzip, KiB）',
    scale: 1 / KiB,
    digits: 1,
    budget: (b) => ({limit: b.newPostScriptMaxKiB, min: false}),
    unit: ' KiB',
  },
  {
    key: 'secondVisitBytes',
    label: '2 度目の /admin/ で受け取るバイト数（KiB）',
    scale: 1 / KiB,
    digits: 1,
    budget: (b) => ({limit: b.secondVisitMaxKiB, min: false}),
    unit: ' KiB',
  },
];

/** ready が済むまでにエディターのサイトから受け取った JS の、gzip（node:zlib の既定）にしたバイト数。 */
async function scriptGzipUntil(page: Page, origin: string, ready: () => Promise<void>) {
  const bodies = new Map<string, Promise<number>>();
  const onResponse = (response: Response): void => {
    const url = new URL(response.url());
    if (url.origin !== origin || !url.pathname.endsWith('.js') || !response.ok()) return;
    bodies.set(
      url.href,
      response.body().then(
        (body) => gzipSync(body).length,
        () => 0,
      ),
    );
  };
  page.on('response', onResponse);
  await ready();
  page.off('response', onResponse);
  return (await Promise.all(bodies.values())).reduce((sum, size) => sum + size, 0);
}

/** ブラウザーが（キャッシュからではなく）エディターのサイトから受け取ったバイト数（DevTools Protocol の転送量）。 */
async function transferredDuring(page: Page, origin: string, action: () => Promise<void>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  let bytes = 0;
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
  cdp.on('Network.loadingFinished', (event) => {
    const url = urls.get(event.requestId);
    if (url && new URL(url).origin === origin) bytes += event.encodedDataLength;
  });
  await action();
  await cdp.detach();
  return bytes;
}

/** 1 つのフォルダーを 1 回測る。 */
async function measureOnce(
  buildDir: string,
  browser: Browser,
  repo: EditorRepo,
): Promise<EditorLoadRun> {
  const server: SiteServer = await startSiteServer({
    target: hostingTargets.editor,
    buildDir,
    compression: true,
  });
  try {
    const origin = server.baseURL;
    // 手元の decap-server を探す先は、このサーバー自身（見つからないので、公開したエディターと同じ GitHub の画面）。
    const signInUrl = `${origin}${editorPath}?${localBackendParam}=${new URL(origin).port}`;
    const {run: lighthouse} = await runLighthouseRetrying(signInUrl, `${buildDir} ${editorPath}`);

    const context = await browser.newContext({viewport: {width: 390, height: 844}});
    try {
      const page = await context.newPage();
      const signInScriptGzip = await scriptGzipUntil(page, origin, async () => {
        await page.goto(signInUrl);
        // 変更の前（Decap の画面）と後（最初の画面）のどちらのボタンでも。
        await page.waitForFunction(
          () =>
            Array.from(document.querySelectorAll('button')).some(
              (button) => button.textContent?.includes('GitHub でログインする') && !button.disabled,
            ),
          undefined,
          {timeout: 120_000},
        );
      });
      await page.close();

      // 新しい記事: 手元のバックエンドに「ログイン」で入り、題の欄が出るまで（同じブラウザーの続き）。
      const newPage = await context.newPage();
      const newPostScriptGzip = await scriptGzipUntil(newPage, origin, async () => {
        await newPage.goto(repo.editorUrl(origin, '#/collections/blog/new'));
        await newPage.getByRole('button', {name: 'ログイン', exact: true}).click();
        await newPage.getByLabel('題', {exact: true}).waitFor({timeout: 120_000});
      });
      // 2 度目: ログインしたまま、同じキャッシュで /admin/ を開き直し、記事の一覧が出て通信が止むまで。
      const secondVisitBytes = await transferredDuring(newPage, origin, async () => {
        await newPage.goto(repo.editorUrl(origin));
        await newPage
          .locator('a[href*="/collections/blog/entries/"]')
          .first()
          .waitFor({timeout: 120_000});
        await newPage.waitForLoadState('networkidle');
      });
      return {
        performance: lighthouse?.performance ?? null,
        fcpMs: lighthouse?.fcpMs ?? null,
        lcpMs: lighthouse?.lcpMs ?? null,
        tbtMs: lighthouse?.tbtMs ?? null,
        accessibility: lighthouse?.accessibility ?? null,
        unusedScriptBytes: lighthouse?.unusedJavaScriptBytes ?? null,
        signInScriptGzip,
        newPostScriptGzip,
        secondVisitBytes,
      };
    } finally {
      await context.close();
    }
  } finally {
    await server.stop();
  }
}

type Column = {readonly label: string; readonly runs: readonly EditorLoadRun[]};

function median(runs: readonly EditorLoadRun[], key: keyof EditorLoadRun): number | null {
  const values = runs.map((run) => run[key]).filter((value): value is number => value !== null);
  return values.length === 0 ? null : spread(values).median;
}

function budgetText(figure: Figure, budgets: EditorLoadBudgets): string {
  const {limit, min} = figure.budget(budgets);
  return Number.isFinite(limit) ? `${min ? '≥' : '≤'} ${limit}${figure.unit}` : '（報告のみ）';
}

function verdictOf(figure: Figure, column: Column, budgets: EditorLoadBudgets): Verdict {
  const raw = median(column.runs, figure.key);
  const value = raw === null ? null : Number((raw * figure.scale).toFixed(figure.digits));
  const {limit, min} = figure.budget(budgets);
  return {
    figure: `エディター: ${figure.label}`,
    route: `/${editorDir}/`,
    value,
    budget: budgetText(figure, budgets),
    ok: !Number.isFinite(limit) || value === null ? null : min ? value >= limit : value <= limit,
  };
}

function verdictsOf(column: Column, budgets: EditorLoadBudgets): Verdict[] {
  return figures.map((figure) => verdictOf(figure, column, budgets));
}

/** フォルダーごとの中央値を並べた表（Markdown。README にそのまま貼れる）。 */
function renderTable(columns: readonly Column[], budgets: EditorLoadBudgets): string {
  const header = `| | ${columns.map((column) => column.label).join(' | ')} | 予算 |`;
  const rule = `|---|${columns.map(() => '---:|').join('')}---|`;
  const rows = figures.map((figure) => {
    const cells = columns.map((column) => {
      const verdict = verdictOf(figure, column, budgets);
      const mark = verdict.ok === null ? '' : verdict.ok ? ' ✓' : ' ✗';
      return `${verdict.value ?? 'n/a'}${mark}`;
    });
    return `| ${figure.label} | ${cells.join(' | ')} | ${budgetText(figure, budgets)} |`;
  });
  return [header, rule, ...rows].join('\n');
}

/** フォルダーを順に交互に runs 回ずつ測る。 */
async function measureAll(buildDirs: readonly string[], runs: number): Promise<Column[]> {
  const [repo, browser] = await Promise.all([createEditorRepo(), launchBrowser()]);
  const unregister = onCleanup(async () => {
    await browser.close();
    await repo.remove();
  });
  try {
    const columns = buildDirs.map((dir) => ({
      label: path.basename(dir),
      dir,
      runs: [] as EditorLoadRun[],
    }));
    for (let round = 1; round <= runs; round++) {
      for (const column of columns) {
        log(`${round}/${runs} 回目: ${column.dir}`);
        column.runs.push(await measureOnce(column.dir, browser, repo));
      }
    }
    return columns;
  } finally {
    await browser.close();
    await repo.remove();
    unregister();
  }
}

/** npm run bench から: いまのエディターを一時フォルダーに組んで測る。 */
export async function benchEditorLoad(runs: number): Promise<Verdict[]> {
  const budgets = readEditorLoadBudgets(budgetsFile);
  const site = mkdtempSync(path.join(tmpdir(), 'denki-bench-editor-load-'));
  try {
    await bundleEditor(projectRoot, site);
    return (await measureAll([site], runs)).flatMap((column) => verdictsOf(column, budgets));
  } finally {
    rmSync(site, {recursive: true, force: true});
  }
}

const usage =
  'usage: npm run bench:editor-load -- [--build-dir <エディターのサイト> …] [--runs 3]（既定は build-editor）';

function parseOptions(argv: readonly string[]): {buildDirs: string[]; runs: number} {
  const buildDirs: string[] = [];
  let runs = 3;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = argv[++i];
    if (next === undefined) throw new Error(`${arg} の値がありません\n${usage}`);
    if (arg === '--build-dir') buildDirs.push(path.resolve(next));
    else if (arg === '--runs' && Number.isInteger(Number(next)) && Number(next) >= 1)
      runs = Number(next);
    else throw new Error(`不明なオプションか値: ${arg} ${next}\n${usage}`);
  }
  if (buildDirs.length === 0) buildDirs.push(path.join(projectRoot, 'build-editor'));
  for (const dir of buildDirs) {
    if (!existsSync(path.join(dir, editorDir, 'index.html')))
      throw new Error(`${dir} にエディターがありません（${editorDir}/index.html がない）`);
  }
  return {buildDirs, runs};
}

async function main(): Promise<number> {
  const {buildDirs, runs} = parseOptions(process.argv.slice(2));
  const budgets = readEditorLoadBudgets(budgetsFile);
  const columns = await measureAll(buildDirs, runs);
  const table = renderTable(columns, budgets);
  mkdirSync(benchDir, {recursive: true});
  const file = path.join(
    benchDir,
    `editor-load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  writeFileSync(
    file,
    `${JSON.stringify({date: new Date().toISOString(), runs, budgets, columns}, null, 2)}\n`,
  );
  const measured = buildDirs.join('、');
  console.log(
    `\n${runs} 回の中央値（${buildDirs.length > 1 ? `交互に測ったもの: ${measured}` : measured}）\n\n${table}\n`,
  );
  console.log(`結果: ${path.relative(projectRoot, file)}`);
  const over = columns
    .flatMap((column) => verdictsOf(column, budgets).map((verdict) => ({column, verdict})))
    .filter(({verdict}) => verdict.ok === false);
  for (const {column, verdict} of over)
    console.log(
      `予算超過（${column.label}）: ${verdict.figure} ${verdict.value} ${verdict.budget}`,
    );
  return over.length === 0 ? 0 : 1;
}

if (require.main === module) runBenchMain(main);
