/**
 * エディター（/admin/）が読者と事務局に払わせるもの（issue 46）。bench/budgets.json の editor と比べる:
 * - 読者のバイト数: ビルド（エディターなし）にエディターを組んで、読者のファイルが変わったバイト数（0 のはず）
 * - /admin/ を開いたときに読むファイル（gzip）。読者のページはどれも読まない
 * - 12 メガピクセルの写真 10 枚を、Chromium（CPU を 4 倍遅くした 390 px）で選んでから、説明の欄が 10 個並ぶまで
 *   の秒数と、その間のメインスレッドの最長のタスク（issue 61）。ふつうの写真と細かい模様の写真（JPEG に縮みにくい）を
 *   それぞれ 3 回の中央値。--before=<別のチェックアウト> を渡すと、その版のエディターと交互に測って並べる
 * - コミットされた写真 1 枚のバイト数の最大と、GPS や機種のメタデータが残った写真の数
 * - 写真 10 枚の記事の「保存」で送ったバイト数（整えた 10 枚の写真の合計と並べる）と、保存から保存した記事が
 *   開くまでに受け取ったバイト数のうち、記事の文（index.md）を超える分（issue 54: 写真を送り返させない）
 *   npm run bench:editor（先に npm run build。npm run bench も最後に測る）
 *   比べるとき: git worktree add /tmp/before <commit> && ln -s $PWD/node_modules /tmp/before/node_modules
 *   && npm run bench:editor -- build --before=/tmp/before
 */
import {execFileSync} from 'node:child_process';
import {cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import sharp from 'sharp';
import {createEditorRepo} from '../../lib/editor-repo';
import {metadataSegments} from '../../lib/jpeg-segments';
import {photoJpeg, twelveMegapixels, type FixturePhoto} from '../../lib/photos';
import {startSiteServer} from '../../lib/site-server';
import {bundleEditor} from '../../plugins/editor/bundle';
import {hostingTargets} from '../../src/constants/editor-sign-in';
import {editorDir} from '../../plugins/editor/shared';
import type {Browser} from '@playwright/test';
import {launchBrowser} from './browser';
import {spread} from './stats';
import {KiB, type Verdict} from './types';
import {budgetsFile, projectRoot} from './paths';

const log = (message: string): void => console.log(`[bench:editor] ${message}`);

export type EditorBudgets = {
  readonly readerBytesChangedMax: number;
  readonly tenPhotosMaxSeconds: number;
  readonly photosLongestTaskMaxMs: number;
  readonly committedPhotoMaxMiB: number;
  readonly photosWithMetadataMax: number;
  readonly saveDownloadBeyondTextMaxKiB: number;
};

function readEditorBudgets(file: string): EditorBudgets {
  const editor = (JSON.parse(readFileSync(file, 'utf8')) as {editor?: Partial<EditorBudgets>})
    .editor;
  for (const key of [
    'readerBytesChangedMax',
    'tenPhotosMaxSeconds',
    'photosLongestTaskMaxMs',
    'committedPhotoMaxMiB',
    'photosWithMetadataMax',
    'saveDownloadBeyondTextMaxKiB',
  ] as const) {
    if (typeof editor?.[key] !== 'number')
      throw new Error(`${file}: editor.${key} が数値ではありません`);
  }
  return editor as EditorBudgets;
}

/** フォルダーの中のファイル（エディターを除く）の、相対パス → 中身。 */
function readerFiles(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(dir, relative), {withFileTypes: true})) {
      const file = path.posix.join(relative, entry.name);
      if (file === editorDir) continue;
      if (entry.isDirectory()) walk(file);
      else files.set(file, readFileSync(path.join(dir, file)));
    }
  };
  walk('');
  return files;
}

/** 変わったバイト数（足した・消えたファイルも数える）。 */
function bytesChanged(before: Map<string, Buffer>, after: Map<string, Buffer>): number {
  let changed = 0;
  for (const file of new Set([...before.keys(), ...after.keys()])) {
    const [a, b] = [before.get(file), after.get(file)];
    if (!a || !b || !a.equals(b)) changed += Math.max(a?.length ?? 0, b?.length ?? 0);
  }
  return changed;
}

/** ビルドの複製（エディターなし）。 */
function copyWithoutEditor(buildDir: string): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'denki-bench-editor-'));
  cpSync(buildDir, copy, {
    recursive: true,
    filter: (source) => path.relative(buildDir, source).split(path.sep)[0] !== editorDir,
  });
  return copy;
}

type EditorRun = {
  readonly adminGzipBytes: number;
  readonly largestPhotoBytes: number;
  readonly photosWithMetadata: number;
  /** 「保存」から、保存した記事が開くまでに、decap-server へ送ったバイト数と受け取ったバイト数。 */
  readonly saveUploadBytes: number;
  readonly saveDownloadBytes: number;
  /** コミットされた写真 10 枚と記事の文（index.md）のバイト数。 */
  readonly photoBytes: number;
  readonly textBytes: number;
};

async function hasMetadata(bytes: Buffer): Promise<boolean> {
  const metadata = await sharp(bytes).metadata();
  return (
    metadata.exif !== undefined ||
    metadata.xmp !== undefined ||
    metadata.iptc !== undefined ||
    metadata.orientation !== undefined ||
    metadataSegments(bytes).length > 0
  );
}

/**
 * エディターのサイト（buildDir に組んだもの）の /admin/ を開き、写真 10 枚を選んで保存するまでを、事務局の人の
 * スマートフォンと同じ順に。
 */
async function runEditor(buildDir: string): Promise<EditorRun> {
  const photoDir = mkdtempSync(path.join(tmpdir(), 'denki-bench-editor-photos-'));
  const [repo, server, browser] = await Promise.all([
    createEditorRepo(),
    startSiteServer({target: hostingTargets.editor, buildDir, compression: true}),
    launchBrowser(),
  ]);
  try {
    log('12 メガピクセルの写真 10 枚（GPS つき、1 枚は横倒し）を作ります…');
    const photos = await writeTenPhotos(photoDir, 'ordinary');
    const page = await browser.newPage({viewport: {width: 390, height: 844}});
    const adminBodies = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      const {pathname} = new URL(response.url());
      if (pathname.startsWith(`/${editorDir}`) && response.status() < 300)
        adminBodies.set(response.url(), response.body());
    });
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(repo.editorUrl(server.baseURL, '#/collections/blog/new'));
    await page.getByRole('button', {name: 'ログイン'}).click();
    await page.getByLabel('題', {exact: true}).fill('写真 10 枚の報告');
    const adminGzipBytes = (await Promise.all(adminBodies.values())).reduce(
      (sum, body) => sum + gzipSync(body).length,
      0,
    );
    // 写真を整える時間は photoTimings で測る（ここは保存までの流れと、バイト数）。
    await page.locator('input[type=file]').setInputFiles(photos);
    await page.getByRole('textbox', {name: /^写真 10 の説明/}).waitFor({timeout: 300_000});
    for (let index = 1; index <= 10; index += 1) {
      await page
        .getByRole('textbox', {name: new RegExp(`^写真 ${index} の説明`)})
        .fill(`写真 ${index}`);
    }
    await page.getByLabel('URL の名前', {exact: false}).first().fill('bench-report');
    await page
      .getByLabel('説明', {exact: true})
      .fill('写真 10 枚を選んで保存するまでを測る記事です。');
    await page.getByLabel('書いた人', {exact: true}).click();
    await page.getByRole('option', {name: 'まつり（matsuri）'}).click();
    // 「保存」で、記事のブランチ（cms/…。GitHub ではプルリクエスト）にコミットする。保存した記事が開く
    // （状態の「下書き」が出る）までに、decap-server と送り合ったバイト数を数える。
    let saving = false;
    let saveUploadBytes = 0;
    const downloads: Promise<number>[] = [];
    let inFlight = 0;
    let lastActivity = performance.now();
    const isApi = (url: string): boolean => new URL(url).pathname === '/api/v1';
    page.on('request', (request) => {
      if (!saving || !isApi(request.url())) return;
      inFlight += 1;
      lastActivity = performance.now();
      saveUploadBytes += request.postDataBuffer()?.length ?? 0;
    });
    const settled = (url: string): void => {
      if (!saving || !isApi(url)) return;
      inFlight = Math.max(0, inFlight - 1);
      lastActivity = performance.now();
    };
    page.on('requestfinished', (request) => settled(request.url()));
    page.on('requestfailed', (request) => settled(request.url()));
    page.on('response', (response) => {
      if (saving && new URL(response.url()).pathname === '/api/v1')
        downloads.push(
          response.body().then(
            (body) => body.length,
            () => 0,
          ),
        );
    });
    saving = true;
    await page.getByRole('button', {name: '保存', exact: true}).click();
    await page.getByRole('button', {name: 'ステータス: 下書き'}).waitFor({timeout: 300_000});
    // 記事の画面に移ったあとでも、Decap はもう 1 度読み直す。decap-server との要求が 2 秒とぎれるまで数える。
    while (inFlight > 0 || performance.now() - lastActivity < 2000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    saving = false;
    const saveDownloadBytes = (await Promise.all(downloads)).reduce((sum, size) => sum + size, 0);
    const committed = async (): Promise<string[]> =>
      (await repo.git('log', '--branches=cms/*', '-1', '--name-only', '--format='))
        .split('\n')
        .filter((file) => file.endsWith('.jpg'));
    const deadline = Date.now() + 120_000;
    while ((await committed()).length < 10) {
      if (Date.now() > deadline) throw new Error('写真 10 枚のコミットが 2 分でできませんでした');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // 記事のブランチ cms/blog/<フォルダー>/index の中身（decap-server は保存のあとで main に戻るので、git から読む）。
    const branch = (
      await repo.git('branch', '--list', 'cms/*', '--format=%(refname:short)')
    ).trim();
    const fromBranch = (file: string): Buffer =>
      execFileSync('git', ['-C', repo.copy.dir, 'show', `${branch}:${file}`], {
        maxBuffer: 64 * 1024 * 1024,
      });
    const photosBytes = (await committed()).map(fromBranch);
    const flagged = await Promise.all(photosBytes.map(hasMetadata));
    const sizes = photosBytes.map((bytes) => bytes.length);
    const text = fromBranch(`${branch.replace(/^cms\//, '')}.md`);
    log(
      `保存で送った ${saveUploadBytes} B、受け取った ${saveDownloadBytes} B（記事の文 ${text.length} B、写真 10 枚 ${sizes.reduce((sum, size) => sum + size, 0)} B）`,
    );
    return {
      adminGzipBytes,
      largestPhotoBytes: Math.max(...sizes),
      photosWithMetadata: flagged.filter(Boolean).length,
      saveUploadBytes,
      saveDownloadBytes,
      photoBytes: sizes.reduce((sum, size) => sum + size, 0),
      textBytes: text.length,
    };
  } finally {
    await browser.close();
    await server.stop();
    await repo.remove();
    rmSync(photoDir, {recursive: true, force: true});
  }
}

/** 写真の種類: ふつうの写真と、細かい模様の多い写真（JPEG に縮みにくく、画質を探す）。 */
const photoKinds = ['ordinary', 'fine'] as const;
type PhotoKind = (typeof photoKinds)[number];
const photoKindNames: Record<PhotoKind, string> = {
  ordinary: 'ふつうの写真',
  fine: '細かい模様の写真',
};
/** 同じ組を測る回数（中央値をとる）。 */
const photoRepeats = 3;

type PhotoTiming = {readonly seconds: number; readonly longestTaskMs: number};

/** 12 メガピクセルの写真 10 枚（GPS つき、3 枚目は横倒し）。 */
async function writeTenPhotos(dir: string, detail: FixturePhoto['detail']): Promise<string[]> {
  const files: string[] = [];
  for (let seed = 1; seed <= 10; seed += 1) {
    const file = path.join(dir, `${detail}-IMG_${1000 + seed}.jpg`);
    writeFileSync(
      file,
      await photoJpeg({...twelveMegapixels, seed, detail, orientation: seed === 3 ? 6 : 1}),
    );
    files.push(file);
  }
  return files;
}

declare global {
  interface Window {
    /** ページの長いタスク（PerformanceObserver の longtask。addInitScript が集める）。 */
    denkiLongTasks?: {startTime: number; duration: number}[];
  }
}

/**
 * 新しい記事の画面（新しいコンテキスト。前の回の控えを持ち越さない）で、CPU を 4 倍遅くして写真 10 枚を選び、
 * 説明の欄が 10 個並ぶまでの秒数と、その間に始まったメインスレッドの最長のタスク（ms、遅くした時間のまま）。
 */
async function timeTenPhotos(
  browser: Browser,
  newPostUrl: string,
  photos: readonly string[],
): Promise<PhotoTiming> {
  const context = await browser.newContext({viewport: {width: 390, height: 844}});
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const tasks: {startTime: number; duration: number}[] = [];
      window.denkiLongTasks = tasks;
      new PerformanceObserver((list) => {
        for (const {startTime, duration} of list.getEntries()) tasks.push({startTime, duration});
      }).observe({type: 'longtask', buffered: true});
    });
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(newPostUrl);
    await page.getByRole('button', {name: 'ログイン'}).click();
    await page.getByLabel('題', {exact: true}).fill('写真 10 枚の報告');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
    const pickedAt = await page.evaluate(() => performance.now());
    const started = performance.now();
    await page.locator('input[type=file]').setInputFiles([...photos]);
    // 10 枚目の写真の行（説明の欄）が出るまで。役割と名前で探すと、Playwright がページの中で名前を計算する仕事が
    // メインスレッドの長いタスクに混ざるので、class で探す（前の版にも同じ class がある）。
    await page.locator('.denki-photos__item').nth(9).waitFor({timeout: 600_000});
    const seconds = (performance.now() - started) / 1000;
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: 1});
    const longestTaskMs = await page.evaluate(
      (since) =>
        Math.max(
          0,
          ...(window.denkiLongTasks ?? [])
            .filter((task) => task.startTime >= since)
            .map((task) => task.duration),
        ),
      pickedAt,
    );
    return {seconds, longestTaskMs};
  } finally {
    await context.close();
  }
}

const median = (values: readonly number[]): number => spread(values).median;

/** 版の名前 → 写真の種類 → 回ごとの計測。 */
type PhotoTimings = Map<string, Record<PhotoKind, PhotoTiming[]>>;

/**
 * 組んだエディターのサイト（sites: 版の名前 → フォルダー）ごとに、ふつうの写真と細かい模様の写真を photoRepeats 回
 * ずつ測る。版は 1 回ごとに交互に測る（機械の混み具合が片方にだけ偏らない）。
 */
async function photoTimings(sites: ReadonlyMap<string, string>): Promise<PhotoTimings> {
  const photoDir = mkdtempSync(path.join(tmpdir(), 'denki-bench-editor-photos-'));
  const repo = await createEditorRepo();
  const servers = await Promise.all(
    [...sites].map(async ([label, buildDir]) => ({
      label,
      server: await startSiteServer({target: hostingTargets.editor, buildDir, compression: true}),
    })),
  );
  const browser = await launchBrowser();
  try {
    log('写真を作ります（ふつうの写真 10 枚と、細かい模様の写真 10 枚）…');
    const photos: Record<PhotoKind, string[]> = {
      ordinary: await writeTenPhotos(photoDir, 'ordinary'),
      fine: await writeTenPhotos(photoDir, 'fine'),
    };
    const timings: PhotoTimings = new Map(
      servers.map(({label}) => [label, {ordinary: [], fine: []}]),
    );
    for (let round = 1; round <= photoRepeats; round += 1) {
      for (const kind of photoKinds) {
        for (const {label, server} of servers) {
          const url = repo.editorUrl(server.baseURL, '#/collections/blog/new');
          const timing = await timeTenPhotos(browser, url, photos[kind]);
          timings.get(label)?.[kind].push(timing);
          log(
            `${round} 回目 ${label} ${photoKindNames[kind]}: ${timing.seconds.toFixed(1)} s、最長のタスク ${Math.round(timing.longestTaskMs)} ms`,
          );
        }
      }
    }
    return timings;
  } finally {
    await browser.close();
    await Promise.all(servers.map(({server}) => server.stop()));
    await repo.remove();
    rmSync(photoDir, {recursive: true, force: true});
  }
}

/** 別のチェックアウト（--before=）のエディターを、その版の bundleEditor で組む。 */
async function bundleOtherEditor(checkout: string, outDir: string): Promise<void> {
  const other = (await import(path.join(checkout, 'plugins/editor/bundle.ts'))) as {
    bundleEditor: typeof bundleEditor;
  };
  await other.bundleEditor(checkout, outDir);
}

export async function benchEditor(buildDir: string, before?: string): Promise<Verdict[]> {
  const budgets = readEditorBudgets(budgetsFile);
  log('エディターを（別のサイトのフォルダーに）組んで、読者のファイルが変わらないかを比べます…');
  const site = copyWithoutEditor(buildDir);
  const editorSite = mkdtempSync(path.join(tmpdir(), 'denki-bench-editor-site-'));
  const beforeSite = before ? mkdtempSync(path.join(tmpdir(), 'denki-bench-editor-before-')) : '';
  let changed: number;
  let run: EditorRun;
  let timings: PhotoTimings;
  try {
    const readerBefore = readerFiles(site);
    await bundleEditor(projectRoot, editorSite);
    changed = bytesChanged(readerBefore, readerFiles(site));
    log('エディターで写真 10 枚の記事を保存します…');
    run = await runEditor(editorSite);
    const sites = new Map([['後', editorSite]]);
    if (before) {
      log(`比べる版（${before}）のエディターを組みます…`);
      await bundleOtherEditor(before, beforeSite);
      sites.set('前', beforeSite);
    }
    log('写真 10 枚を整える時間を測ります（CPU 4 倍遅く、3 回ずつ）…');
    timings = await photoTimings(new Map([...sites].reverse()));
  } finally {
    rmSync(site, {recursive: true, force: true});
    rmSync(editorSite, {recursive: true, force: true});
    if (beforeSite) rmSync(beforeSite, {recursive: true, force: true});
  }
  if (before) {
    for (const [label, byKind] of [...timings].reverse()) {
      for (const kind of photoKinds) {
        const runs = byKind[kind];
        log(
          `${label}: ${photoKindNames[kind]} 10 枚 中央値 ${median(runs.map((each) => each.seconds)).toFixed(1)} s（${runs.map((each) => each.seconds.toFixed(1)).join(' / ')}）、最長のタスク 中央値 ${Math.round(median(runs.map((each) => each.longestTaskMs)))} ms（${runs.map((each) => Math.round(each.longestTaskMs)).join(' / ')}）`,
        );
      }
    }
  }
  const after = timings.get('後');
  if (!after) throw new Error('写真の計測がありません');
  const row = (figure: string, value: number, max: number | null, unit: string): Verdict => ({
    figure,
    route: `/${editorDir}/`,
    value,
    budget: max === null ? '（報告のみ）' : `≤ ${max}${unit}`,
    ok: max === null ? null : value <= max,
  });
  return [
    row('エディターで変わる読者のバイト数', changed, budgets.readerBytesChangedMax, ' B'),
    row(
      '/admin/ の初回読み込み（gzip, KiB）',
      Math.round((run.adminGzipBytes / KiB) * 10) / 10,
      null,
      '',
    ),
    ...photoKinds.flatMap((kind) => [
      row(
        `写真 10 枚の準備（${photoKindNames[kind]}、CPU 4 倍遅く、${photoRepeats} 回の中央値, s）`,
        Math.round(median(after[kind].map((each) => each.seconds)) * 10) / 10,
        budgets.tenPhotosMaxSeconds,
        ' s',
      ),
      row(
        `写真 10 枚の準備中のメインスレッドの最長のタスク（${photoKindNames[kind]}、中央値, ms）`,
        Math.round(median(after[kind].map((each) => each.longestTaskMs))),
        budgets.photosLongestTaskMaxMs,
        ' ms',
      ),
    ]),
    row(
      'コミットした写真 1 枚の最大（MiB）',
      Math.round((run.largestPhotoBytes / (1024 * 1024)) * 100) / 100,
      budgets.committedPhotoMaxMiB,
      ' MiB',
    ),
    row('メタデータの残った写真', run.photosWithMetadata, budgets.photosWithMetadataMax, ' 枚'),
    row(
      '写真 10 枚の保存で送ったバイト数（KiB。整えた写真 10 枚の合計と並べる）',
      Math.round(run.saveUploadBytes / KiB),
      null,
      '',
    ),
    row('整えた写真 10 枚の合計（KiB）', Math.round(run.photoBytes / KiB), null, ''),
    row(
      '写真 10 枚の保存で受け取ったバイト数のうち記事の文を超える分（KiB）',
      Math.round(Math.max(0, run.saveDownloadBytes - run.textBytes) / KiB),
      budgets.saveDownloadBeyondTextMaxKiB,
      ' KiB',
    ),
  ];
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const before = args.find((arg) => arg.startsWith('--before='))?.slice('--before='.length);
  const dirArg = args.find((arg) => !arg.startsWith('--'));
  const buildDir = path.resolve(dirArg ?? process.env.BUILD_DIR ?? 'build');
  benchEditor(buildDir, before && path.resolve(before)).then(
    (verdicts) => {
      for (const v of verdicts) {
        const mark = v.ok === null ? '－' : v.ok ? '✓' : '✗';
        console.log(`${mark} ${v.figure}: ${v.value} ${v.budget}`);
      }
      process.exit(verdicts.some((v) => v.ok === false) ? 1 : 0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
