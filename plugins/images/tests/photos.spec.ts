/**
 * 写真の報告記事（issue 25）を、写真を足したサイトの複製で確かめる（Chromium）。
 * どの写真も表示の向きの比で見え、送る画像にはメタデータがなく、幅に合った AVIF が選ばれる。
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import sharp from 'sharp';
import {connections, fakeConnection} from '../../../lib/connection';
import {photoReportRoute} from '../../../lib/photos';
import {waitForHydration} from '../../../lib/page-ready';
import {checkHtmlFiles, formatNuError} from '../../../tests/support/nu-checker';
import {reportPhotos, scrollThroughPhotos, reportSiteForSpec, shownRatio} from './report-site';

test.describe.configure({mode: 'default'});

const report = reportSiteForSpec();

type Shown = {
  readonly alt: string;
  readonly naturalWidth: number;
  readonly naturalHeight: number;
  readonly width: number;
  readonly height: number;
  readonly currentSrc: string;
  /** 選ばれた AVIF の幅（srcset の w）。 */
  readonly chosenWidth: number;
  readonly loading: string;
  readonly fetchPriority: string;
};

/** 記事の写真を 1 枚ずつ画面に入れ、読み込み終わるのを待ってから、表示の様子を読む。 */
async function showAll(page: Page): Promise<Shown[]> {
  await scrollThroughPhotos(page);
  return page.locator('.denki-photo img').evaluateAll((imgs: HTMLImageElement[]) =>
    imgs.map((img) => ({
      alt: img.alt,
      naturalWidth: img.naturalWidth,
      naturalHeight: img.naturalHeight,
      width: img.getBoundingClientRect().width,
      height: img.getBoundingClientRect().height,
      currentSrc: img.currentSrc,
      chosenWidth: Number(
        (img.parentElement?.querySelector<HTMLSourceElement>('source:not([media])')?.srcset ?? '')
          .split(', ')
          .find((candidate) => img.currentSrc.endsWith(candidate.split(' ')[0] as string))
          ?.split(' ')[1]
          ?.replace('w', ''),
      ),
      loading: img.loading,
      fetchPriority: img.fetchPriority,
    })),
  );
}

for (const {width, height, deviceScaleFactor, chosen} of [
  {width: 390, height: 844, deviceScaleFactor: 3, chosen: 1080},
  {width: 1280, height: 800, deviceScaleFactor: 1, chosen: 720},
]) {
  test(`${width} px・DPR ${deviceScaleFactor}: どの写真も表示の向きの比で見え、列に合う幅の AVIF を取る`, async ({
    browser,
  }) => {
    const context = await browser.newContext({viewport: {width, height}, deviceScaleFactor});
    const page = await context.newPage();
    await page.goto(`${report.site.baseURL}${photoReportRoute}`);
    await waitForHydration(page);
    const shown = await showAll(page);
    shown.forEach((photo, index) => {
      const expected = shownRatio(reportPhotos[index] as (typeof reportPhotos)[number]);
      expect(photo.alt).toBe(`参加者の様子 ${index + 1}`);
      expect(photo.naturalWidth).toBeGreaterThan(0);
      expect(photo.naturalWidth / photo.naturalHeight).toBeCloseTo(expected, 2);
      expect(photo.width / photo.height).toBeCloseTo(expected, 2);
      expect(photo.currentSrc).toMatch(/\/assets\/photos\/[0-9a-f]{32}\.avif$/);
      // 列の幅 × DPR を満たす、いちばん小さい幅（sizes が本当の列の幅と合っていること）。
      expect(photo.chosenWidth).toBe(chosen);
      expect(photo.chosenWidth).toBeGreaterThanOrEqual(photo.width * deviceScaleFactor);
      // 最初の 1 枚は遅延せず優先して取る（HTML では lazy、<head> のスクリプトが eager にする）。
      expect(photo.loading).toBe(index === 0 ? 'eager' : 'lazy');
      expect(photo.fetchPriority).toBe(index === 0 ? 'high' : 'auto');
    });
    await context.close();
  });
}

test('最初の写真は、サイトの JS を待たずに <head> のスクリプトが eager にする（データセーバーでは lazy のまま）', async ({
  browser,
}) => {
  for (const saveData of [false, true]) {
    const context = await browser.newContext({viewport: {width: 390, height: 844}});
    if (saveData) await context.addInitScript(fakeConnection, connections.saveData);
    // サイトの JS（React）は動かさない。動くのは HTML の中のスクリプト（CSP のハッシュで許したもの）だけ。
    await context.route('**/assets/js/**', (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${report.site.baseURL}${photoReportRoute}`);
    const photos = page.locator('.denki-photo img');
    await expect(photos).toHaveCount(reportPhotos.length);
    const loading = await photos.evaluateAll((imgs: HTMLImageElement[]) =>
      imgs.map((img) => img.loading),
    );
    expect(loading).toEqual(
      reportPhotos.map((_, index) => (index === 0 && !saveData ? 'eager' : 'lazy')),
    );
    await context.close();
  }
});

test('送る写真には EXIF・XMP・IPTC がなく、HTML の幅と高さは表示の向き', async () => {
  const dir = path.join(report.site.copy.outDir, 'assets/photos');
  const files = readdirSync(dir);
  expect(files.length).toBeGreaterThan(reportPhotos.length);
  for (const file of files) {
    const meta = await sharp(readFileSync(path.join(dir, file))).metadata();
    expect({file, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, icc: meta.icc}).toEqual({file});
    expect(meta.width).toBeLessThanOrEqual(1440);
  }
  const html = readFileSync(
    path.join(report.site.copy.outDir, `${photoReportRoute.slice(1)}.html`),
    'utf8',
  );
  const sizes = [...html.matchAll(/<img [^>]*width=(\d+) height=(\d+)[^>]*loading/g)].map(
    ([, w, h]) => Number(w) / Number(h),
  );
  expect(sizes).toHaveLength(reportPhotos.length);
  sizes.forEach((ratio, index) =>
    expect(ratio).toBeCloseTo(shownRatio(reportPhotos[index] as (typeof reportPhotos)[number]), 2),
  );
  // 写真を載せたのに、元の写真（EXIF つきの JPEG）はビルドに出ない。
  expect(html).not.toContain('photo-1.jpg');
});

const photoRequest = /\/assets\/photos\/[0-9a-f]{32}\.(avif|jpg)$/;

test('データセーバー: 下絵と「写真を表示（約 N KB）」だけを見せ、押すまで写真を取らず、押すと示した大きさのファイルだけを取る', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: {width: 390, height: 844},
    deviceScaleFactor: 3,
  });
  await context.addInitScript(fakeConnection, connections.saveData);
  const page = await context.newPage();
  const fetched: {url: string; bytes: Promise<number>}[] = [];
  page.on('response', (response) => {
    if (photoRequest.test(response.url())) {
      fetched.push({url: response.url(), bytes: response.body().then((body) => body.length)});
    }
  });
  await page.goto(`${report.site.baseURL}${photoReportRoute}`);
  await waitForHydration(page);
  const buttons = page.getByRole('button', {name: /^写真を表示（約 \d+ KB）$/});
  await expect(buttons).toHaveCount(reportPhotos.length);
  // 記事の終わりまで読んでも、写真はどれも取らない。
  for (const button of await buttons.all()) await button.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);
  await expect(page.locator('.denki-photo img').first()).toBeHidden();
  // データセーバーでは、最初の写真も遅延読み込みのまま（描かない写真は取られない）。
  await expect(page.locator('.denki-photo img').first()).toHaveAttribute('loading', 'lazy');

  const first = buttons.first();
  await first.scrollIntoViewIfNeeded();
  const shownKb = Number(/約 (\d+) KB/.exec((await first.textContent()) ?? '')?.[1]);
  await first.click();
  const photo = page.locator('.denki-photo img').first();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  expect(fetched).toHaveLength(1);
  expect(
    Math.max(1, Math.round((await (fetched[0] as (typeof fetched)[number]).bytes) / 1024)),
  ).toBe(shownKb);
  await expect(buttons).toHaveCount(reportPhotos.length - 1);
  await context.close();
});

test('写真を押すと <dialog> で大きく表示し、Esc と「閉じる」で閉じて、押した写真に戻る（大きいファイルはそのときに取る）', async ({
  browser,
}) => {
  const context = await browser.newContext({viewport: {width: 1280, height: 800}});
  const page = await context.newPage();
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (photoRequest.test(request.url())) fetched.push(request.url());
  });
  await page.goto(`${report.site.baseURL}${photoReportRoute}`);
  await waitForHydration(page);
  const opener = page.locator('.denki-photo__open').first();
  await opener.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      opener.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  const before = fetched.length;

  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', {name: '参加者の様子 1'});
  await expect(dialog).toBeVisible();
  const large = dialog.locator('img');
  await expect
    .poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // 列の 720 px より大きいファイルを、開いたときに初めて取る。
  expect(fetched.length).toBeGreaterThan(before);
  expect(await large.evaluate((img: HTMLImageElement) => img.currentSrc)).not.toBe(
    await opener.locator('img').evaluate((img: HTMLImageElement) => img.currentSrc),
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const close = dialog.getByRole('button', {name: '閉じる'});
  await expect(close).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await context.close();
});

test('写真の記事の HTML は Nu Html Checker でエラー 0 件（picture の source、ボタン、データセーバーの印）', async () => {
  const file = path.join(report.site.copy.outDir, `${photoReportRoute.slice(1)}.html`);
  const errors = await checkHtmlFiles([file]);
  expect(errors.map(formatNuError)).toEqual([]);
});
