/**
 * 写真の報告記事が読者とビルドに払わせるもの（issue 25）。サイトの複製に 12 メガピクセルの写真 10 枚
 * （GPS と機種の EXIF つき、1 枚は横倒し）の記事を足し、次を測って bench/budgets.json の photos と比べる:
 * 開いたとき・最後までスクロールしたときの画像のバイト数（390 px DPR 3、1280 px DPR 1）、データセーバー、
 * スクロール中の CLS、メタデータの残った画像の数、写真を足したコールドビルドと、文章を直したあとのビルド。
 *   npm run bench:photos（npm run bench も最後に測る）
 */
import {readdirSync, readFileSync, writeFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import type {Browser} from '@playwright/test';
import sharp from 'sharp';
import {connections, fakeConnection} from '../../lib/connection';
import {
  photoReportDir,
  photoReportRoute,
  twelveMegapixelReport,
  writePhotoReport,
} from '../../lib/photos';
import {buildSiteCopy, createSiteCopy, type SiteCopy} from '../../lib/site-copy';
import {startSiteServer} from '../../lib/site-server';
import {launchBrowser} from './browser';
import {KiB, type Verdict} from './types';

const projectRoot = path.resolve(__dirname, '../..');
const buildTimeoutMs = 900_000;
const log = (message: string): void => console.log(`[bench:photos] ${message}`);

export type PhotoBudgets = {
  readonly openingPhoneMaxKiB: number;
  readonly scrolledPhoneMaxKiB: number;
  readonly scrolledDesktopMaxKiB: number;
  readonly saveDataOpeningMaxKiB: number;
  readonly clsMax: number;
  readonly imagesWithMetadataMax: number;
  readonly coldBuildAddedMaxSeconds: number;
  readonly warmBuildAddedMaxSeconds: number;
};

type Visit = {
  readonly width: number;
  readonly dpr: number;
  readonly saveData: boolean;
  readonly scroll: boolean;
};

/** 記事を開き（scroll なら 1 枚ずつ画面に入れて最後まで読み）、取った画像のバイト数と CLS。 */
async function visit(browser: Browser, baseURL: string, {width, dpr, saveData, scroll}: Visit) {
  const context = await browser.newContext({
    viewport: {width, height: width < 600 ? 844 : 800},
    deviceScaleFactor: dpr,
    isMobile: width < 600,
    serviceWorkers: 'block',
    ...(saveData ? {extraHTTPHeaders: {'Save-Data': 'on'}} : {}),
  });
  try {
    await context.addInitScript(fakeConnection, saveData ? connections.saveData : connections.fast);
    await context.addInitScript(() => {
      const state = window as unknown as {denkiCls: number};
      state.denkiCls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) state.denkiCls += entry.value;
        }
      }).observe({type: 'layout-shift', buffered: true});
    });
    const images: Promise<number>[] = [];
    context.on('requestfinished', (request) => {
      if (request.resourceType() === 'image' && !request.url().startsWith('data:')) {
        images.push(request.sizes().then((sizes) => Math.max(0, sizes.responseBodySize)));
      }
    });
    const page = await context.newPage();
    await page.goto(`${baseURL}${photoReportRoute}`, {waitUntil: 'load'});
    await page.waitForLoadState('networkidle');
    if (scroll) {
      const photos = page.locator('.denki-photo');
      for (const photo of await photos.all()) {
        await photo.scrollIntoViewIfNeeded();
        if (!saveData) {
          await photo.locator('img').evaluate(
            (img: HTMLImageElement) =>
              new Promise<void>((resolve) => {
                if (img.complete) resolve();
                else img.addEventListener('load', () => resolve(), {once: true});
              }),
          );
        }
      }
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForLoadState('networkidle');
    }
    const cls = await page.evaluate(() => (window as unknown as {denkiCls: number}).denkiCls);
    const bytes = (await Promise.all(images)).reduce((sum, size) => sum + size, 0);
    return {kib: bytes / KiB, requests: images.length, cls};
  } finally {
    await context.close();
  }
}

/** ビルドのどの画像にも EXIF・XMP・IPTC が残っていないか（残っている数）。 */
async function imagesWithMetadata(
  outDir: string,
): Promise<{checked: number; withMetadata: number}> {
  const walk = (dir: string): string[] =>
    readdirSync(dir, {withFileTypes: true}).flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  const files = walk(outDir).filter((file) => /\.(jpe?g|png|webp|avif|gif|heic)$/i.test(file));
  let withMetadata = 0;
  for (const file of files) {
    const meta = await sharp(readFileSync(file)).metadata();
    if (meta.exif || meta.xmp || meta.iptc) withMetadata += 1;
  }
  return {checked: files.length, withMetadata};
}

/** コールドビルド（キャッシュなし）と、記事の文を 1 行直したあとのビルドの秒数。 */
async function coldAndWarm(
  copy: SiteCopy,
  editFile: string,
): Promise<{cold: number; warm: number}> {
  const cold = await buildSiteCopy(copy, buildTimeoutMs);
  if (cold.exitCode !== 0) throw new Error(`ビルドに失敗しました\n${cold.output}`);
  const file = path.join(copy.dir, editFile);
  writeFileSync(
    file,
    readFileSync(file, 'utf8').replace('振り返ります。', '振り返ります。文を直しました。'),
  );
  const warm = await buildSiteCopy(copy, buildTimeoutMs);
  if (warm.exitCode !== 0) throw new Error(`ビルドに失敗しました\n${warm.output}`);
  return {cold: cold.ms / 1000, warm: warm.ms / 1000};
}

export function readPhotoBudgets(file: string): PhotoBudgets {
  const parsed = (JSON.parse(readFileSync(file, 'utf8')) as {photos?: PhotoBudgets}).photos;
  if (!parsed) throw new Error(`${file}: photos の予算がありません`);
  return parsed;
}

export async function benchPhotos(): Promise<Verdict[]> {
  const budgets = readPhotoBudgets(path.join(projectRoot, 'bench/budgets.json'));
  // 比べる 2 つの複製: 写真のない同じ記事と、写真 10 枚の記事。どちらもキャッシュなしから。
  const plain = createSiteCopy('photos-plain', {shareCaches: false});
  const withPhotos = createSiteCopy('photos-ten', {shareCaches: false});
  try {
    plain.write(
      `${photoReportDir}/index.md`,
      '---\ntitle: 秋の電鬼 写真の報告\nauthors: [matsuri]\ntags: [announcement]\ndate: 2026-11-20\ndescription: 秋の電鬼の当日の様子を、写真で振り返ります。\n---\n\n秋の電鬼の当日の様子を写真で振り返ります。\n\n<!-- truncate -->\n\n本文です。\n',
    );
    log('写真 10 枚（12 メガピクセル、GPS つき、1 枚は横倒し）を作ります…');
    await writePhotoReport(withPhotos.dir, twelveMegapixelReport(10, 3));
    log('写真のない記事のサイトをビルドします（コールド → 文を直してもう一度）…');
    const base = await coldAndWarm(plain, `${photoReportDir}/index.md`);
    log(`写真なし: cold ${base.cold.toFixed(1)} s, warm ${base.warm.toFixed(1)} s`);
    log('写真 10 枚の記事のサイトをビルドします…');
    const photos = await coldAndWarm(withPhotos, `${photoReportDir}/index.md`);
    log(`写真あり: cold ${photos.cold.toFixed(1)} s, warm ${photos.warm.toFixed(1)} s`);
    const metadata = await imagesWithMetadata(withPhotos.outDir);
    const server = await startSiteServer({buildDir: withPhotos.outDir, compression: true});
    const browser = await launchBrowser();
    try {
      const phone = {width: 390, dpr: 3, saveData: false};
      const opening = await visit(browser, server.baseURL, {...phone, scroll: false});
      const scrolled = await visit(browser, server.baseURL, {...phone, scroll: true});
      const desktop = await visit(browser, server.baseURL, {
        width: 1280,
        dpr: 1,
        saveData: false,
        scroll: true,
      });
      const saveData = await visit(browser, server.baseURL, {
        ...phone,
        saveData: true,
        scroll: false,
      });
      const row = (figure: string, value: number, max: number, unit: string): Verdict => ({
        figure,
        route: photoReportRoute,
        value,
        budget: `≤ ${max}${unit}`,
        ok: value <= max,
      });
      const verdicts = [
        row(
          'photos: images on opening, 390 px DPR 3 (KiB)',
          opening.kib,
          budgets.openingPhoneMaxKiB,
          ' KiB',
        ),
        row(
          'photos: images after scrolling, 390 px DPR 3 (KiB)',
          scrolled.kib,
          budgets.scrolledPhoneMaxKiB,
          ' KiB',
        ),
        row(
          'photos: images after scrolling, 1280 px DPR 1 (KiB)',
          desktop.kib,
          budgets.scrolledDesktopMaxKiB,
          ' KiB',
        ),
        row(
          'photos: Save-Data, images on opening (KiB)',
          saveData.kib,
          budgets.saveDataOpeningMaxKiB,
          ' KiB',
        ),
        row(
          'photos: CLS while scrolling (390 / 1280)',
          Math.max(scrolled.cls, desktop.cls),
          budgets.clsMax,
          '',
        ),
        row(
          'photos: shipped images with EXIF/XMP/IPTC',
          metadata.withMetadata,
          budgets.imagesWithMetadataMax,
          '',
        ),
        row(
          'photos: cold build, +10 photos (s)',
          photos.cold - base.cold,
          budgets.coldBuildAddedMaxSeconds,
          ' s',
        ),
        row(
          'photos: warm rebuild after a text edit, +10 photos (s)',
          photos.warm - base.warm,
          budgets.warmBuildAddedMaxSeconds,
          ' s',
        ),
      ];
      const figures = {base, photos, metadata, opening, scrolled, desktop, saveData};
      mkdirSync(path.join(projectRoot, '.bench'), {recursive: true});
      writeFileSync(
        path.join(projectRoot, '.bench/photos.json'),
        `${JSON.stringify({figures, verdicts}, null, 2)}\n`,
      );
      console.log(JSON.stringify(figures, null, 2));
      return verdicts;
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    plain.remove();
    withPhotos.remove();
  }
}

if (require.main === module) {
  void benchPhotos().then((verdicts) => {
    console.log('\n| measure | value | budget | ok |\n|---|---|---|---|');
    for (const {figure, value, budget, ok} of verdicts) {
      console.log(
        `| ${figure} | ${value === null ? 'n/a' : value.toFixed(value < 10 ? 3 : 1)} | ${budget} | ${ok ? 'yes' : 'NO'} |`,
      );
    }
    process.exitCode = verdicts.every((verdict) => verdict.ok !== false) ? 0 : 1;
  });
}
