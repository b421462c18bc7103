/**
 * 写真の報告記事をオフライン用に保存する（issue 25 の 5）。保存ボタンは写真を含むかとその量を示し、
 * 写真も保存すればオフラインでもスマートフォンの幅の写真が見え、文だけなら写真の枠にぼかした下絵が見える
 * （壊れた画像の印は出ない）。裏のプリキャッシュには写真を入れない。Chromium、写真の記事の複製で確かめる。
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test, type BrowserContext, type Page} from '@playwright/test';
import {photosFor, saveListFile, type SaveList} from '../../offline/shared';
import {offlinePhotoWidth} from '../shared';
import {photoReportRoute} from '../../../lib/photos';
import {waitForHydration} from '../../../lib/page-ready';
import {reportPhotos, scrollThroughPhotos, reportSiteForSpec, shownRatio} from './report-site';
import {registersServiceWorker} from '../../../tests/support/service-worker';

test.use(registersServiceWorker);

test.describe.configure({mode: 'default', timeout: 120_000});

const report = reportSiteForSpec();
let saveList: SaveList;

test.beforeAll(() => {
  saveList = JSON.parse(
    readFileSync(path.join(report.site.copy.outDir, saveListFile), 'utf8'),
  ) as SaveList;
});

const megabytes = (bytes: number): string => `約 ${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const offer = (scope: 'docs' | 'all') => saveList.offers.find((item) => item.id === scope);

/** 390 px・DPR 3 の端末で記事を開き、Service Worker が制御するのを待ってから、保存ボタンで「すべて」を選ぶ。 */
async function chooseEverything(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${report.site.baseURL}${photoReportRoute}`);
  await waitForHydration(page);
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await page.getByRole('button', {name: 'オフラインで読めるように保存'}).click();
  await page.getByRole('radio', {name: /^すべて/}).check();
  return page;
}

const phone = {viewport: {width: 390, height: 844}, deviceScaleFactor: 3} as const;

type Served = {
  readonly type: string;
  /** 届いた画像の本当の画素の幅（SVG は 0）。 */
  readonly pixels: number;
  readonly ratio: number;
  readonly placeholder: string;
};

/** 各写真について、ページ（Service Worker）が返したものと、枠の見た目。 */
function servedPhotos(page: Page): Promise<Served[]> {
  return page.locator('.denki-photo img').evaluateAll((imgs: HTMLImageElement[]) =>
    Promise.all(
      imgs.map(async (img) => {
        const response = await fetch(img.currentSrc);
        const type = response.headers.get('content-type') ?? '';
        const blob = await response.blob();
        const pixels = type.includes('svg') ? 0 : (await createImageBitmap(blob)).width;
        const box = img.getBoundingClientRect();
        const frame = img.closest<HTMLElement>('.denki-photo');
        return {
          type,
          pixels,
          ratio: box.width / box.height,
          placeholder: frame ? getComputedStyle(frame).backgroundImage : '',
        };
      }),
    ),
  );
}

/**
 * オフラインにして新しいタブで記事を開き、check する。終われば回線を戻す。ブラウザーの HTTP キャッシュは
 * 先に空にする（保存の前に見た写真がそこから届くと、保存したものを確かめられない）。
 */
async function openReportOffline(
  context: BrowserContext,
  check: (page: Page) => Promise<void>,
): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await context.setOffline(true);
  try {
    await page.goto(`${report.site.baseURL}${photoReportRoute}`);
    await waitForHydration(page);
    await expect(
      page.getByText('オフラインです。保存してある内容を表示しています。'),
    ).toBeVisible();
    await check(page);
  } finally {
    await context.setOffline(false);
  }
}

/** 裏のプリキャッシュ（Workbox）に入っている写真の URL。 */
const precachedPhotos = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('workbox-precache')) continue;
      const keys = await (await caches.open(name)).keys();
      found.push(...keys.map((request) => request.url).filter((url) => url.includes('/photos/')));
    }
    return found;
  });

test('the save list offers each photo once, at the width a phone picks, apart from the text', () => {
  const photos = photosFor(saveList, 'all');
  expect(photos).toHaveLength(reportPhotos.length);
  expect(photosFor(saveList, 'docs')).toHaveLength(0);
  expect(offer('all')?.photos).toEqual({
    count: reportPhotos.length,
    bytes: photos.reduce((sum, photo) => sum + photo.bytes, 0),
  });
  expect(saveList.files.some((file) => file.url.includes('/assets/photos/'))).toBe(false);
  for (const photo of photos) {
    expect(photo.url).toMatch(/^\/assets\/photos\/[0-9a-f]{32}\.avif$/);
    expect(photo.variants.length).toBeGreaterThan(0);
    expect(photo.variants).not.toContain(photo.url);
  }
});

test('with photos chosen, the saved report shows every photo offline at phone width, also where the page asks for another width', async ({
  browser,
}) => {
  const context = await browser.newContext(phone);
  const page = await chooseEverything(context);
  const all = offer('all');
  if (!all) throw new Error('offline-save.json に「すべて」がありません');
  const photosBox = page.getByRole('checkbox', {name: /^写真も保存する/});
  // 写真は選ぶまで入らない。入るかどうかと量を、選ぶ前から示す。
  await expect(photosBox).not.toBeChecked();
  await expect(
    page.getByText(`写真も保存する（${reportPhotos.length} 枚、${megabytes(all.photos.bytes)}）`),
  ).toBeVisible();
  await expect(
    page.getByRole('button', {name: `保存を始める（${megabytes(all.bytes)}・写真なし）`}),
  ).toBeVisible();
  await photosBox.check();
  await page
    .getByRole('button', {
      name: `保存を始める（${megabytes(all.bytes + all.photos.bytes)}・写真 ${reportPhotos.length} 枚を含む）`,
    })
    .click();
  await expect(
    page.getByRole('status').filter({hasText: /保存が終わりました。.*写真を含む/}),
  ).toBeVisible({timeout: 60_000});
  expect(await precachedPhotos(page)).toEqual([]);

  await openReportOffline(context, async (offline) => {
    await scrollThroughPhotos(offline);
    const served = await servedPhotos(offline);
    served.forEach((photo, index) => {
      expect(photo.type).toBe('image/avif');
      expect(photo.pixels).toBe(offlinePhotoWidth);
      expect(photo.ratio).toBeCloseTo(
        shownRatio(reportPhotos[index] as (typeof reportPhotos)[number]),
        1,
      );
    });
    // 広い画面ではページが別の幅（1440 px）を選ぶ。保存した同じ写真がその代わりに届く。
    await offline.setViewportSize({width: 1280, height: 800});
    await offline.reload();
    await waitForHydration(offline);
    await scrollThroughPhotos(offline);
    for (const photo of await servedPhotos(offline)) {
      expect(photo.type).toBe('image/avif');
      expect(photo.pixels).toBe(offlinePhotoWidth);
    }
  });
  await context.close();
});

test('text only: offline the report shows each photo frame with its blurred placeholder, never a broken image; photos can be added later', async ({
  browser,
}) => {
  const context = await browser.newContext(phone);
  const page = await chooseEverything(context);
  await page.getByRole('button', {name: /^保存を始める（.*・写真なし）$/}).click();
  const saved = page
    .getByRole('status')
    .filter({hasText: `写真（${reportPhotos.length} 枚）は保存していない`});
  await expect(saved).toBeVisible({timeout: 60_000});
  expect(await precachedPhotos(page)).toEqual([]);
  expect(
    await page.evaluate(async () =>
      (await (await caches.open('denki-offline-save')).keys())
        .map((request) => request.url)
        .filter((url) => url.includes('/assets/photos/')),
    ),
  ).toEqual([]);

  await openReportOffline(context, async (offline) => {
    await scrollThroughPhotos(offline);
    const served = await servedPhotos(offline);
    served.forEach((photo, index) => {
      expect(photo.type).toBe('image/svg+xml');
      expect(photo.placeholder).toMatch(/^url\("data:image\/webp;base64,/);
      // 写真の枠は HTML の幅と高さの比のまま（本文はずれない）。
      expect(photo.ratio).toBeCloseTo(
        shownRatio(reportPhotos[index] as (typeof reportPhotos)[number]),
        1,
      );
    });
  });

  // あとから写真だけを足す（文はもう保存してあるので取りに行かない）。
  await page.getByRole('button', {name: '写真も保存する'}).click();
  await expect(page.getByRole('checkbox', {name: /^写真も保存する/})).toBeChecked();
  await page.getByRole('button', {name: /^保存を始める（.*写真 \d+ 枚を含む）$/}).click();
  await expect(
    page.getByRole('status').filter({hasText: /保存が終わりました。.*写真を含む/}),
  ).toBeVisible({timeout: 60_000});
  await openReportOffline(context, async (offline) => {
    await scrollThroughPhotos(offline);
    for (const photo of await servedPhotos(offline)) expect(photo.type).toBe('image/avif');
  });
  await context.close();
});
