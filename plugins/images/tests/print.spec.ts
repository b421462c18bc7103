/**
 * 写真の報告記事（issue 25）を A4 に印刷する（Chromium の本体。playwright.config.ts の chromium-print）。
 * 画面を持たない版の page.pdf は、<picture> の印刷用の source を選ばないことがあるので、読者と同じ本体で確かめる。
 */
import {execFileSync} from 'node:child_process';
import {expect, test} from '@playwright/test';
import {photoReportRoute} from '../../../lib/photos';
import {waitForHydration} from '../../../lib/page-ready';
import {reportPhotos, reportSiteForSpec, shownRatio} from './report-site';

const report = reportSiteForSpec();

/** A4 に印刷した写真に要る解像度（紙の上の 1 インチあたりの画素）。 */
const printPpi = 150;

test(`印刷: 開いただけの記事を A4 に印刷しても、どの写真も ${printPpi} ppi 以上で紙に載る（遅延読み込みの下絵でも、画面の幅の写真でもない）`, async ({
  browser,
}, testInfo) => {
  const page = await browser.newPage();
  await page.goto(`${report.site.baseURL}${photoReportRoute}`);
  await waitForHydration(page);
  const file = testInfo.outputPath('report.pdf');
  await page.pdf({path: file, format: 'A4'});
  // pdfimages -list: page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
  const images = execFileSync('pdfimages', ['-list', file], {encoding: 'utf8'})
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns.length > 13 && columns[2] === 'image')
    .map((columns) => ({
      width: Number(columns[3]),
      height: Number(columns[4]),
      ppi: Number(columns[12]),
    }));
  const photos = images.filter(({width}) => width >= 320);
  expect(photos, JSON.stringify(images)).toHaveLength(reportPhotos.length);
  photos.forEach((photo, index) => {
    // 1280 px の画面で選ぶ 720 px の写真では、本文の幅（約 180 mm）で約 100 ppi にしかならない。
    expect(photo.ppi, JSON.stringify(images)).toBeGreaterThanOrEqual(printPpi);
    expect(photo.width / photo.height).toBeCloseTo(
      shownRatio(reportPhotos[index] as (typeof reportPhotos)[number]),
      2,
    );
  });
  await page.close();
});
