/**
 * 写真の報告記事を足したサイトの複製をビルドして配信する（本物のサイトには写真を置かない）。
 * 写真はその場で作る: 12 メガピクセル（GPS と機種の EXIF つき）、横倒しに保存したもの、
 * 50 メガピクセルを超える大きなもの。
 */
import {expect, test, type Page} from '@playwright/test';
import {buildSiteCopy, createSiteCopy} from '../../../lib/site-copy';
import {startSiteServer, type SiteServer} from '../../../lib/site-server';
import {sharedBuild, type SharedBuild} from '../../../tests/support/shared-build';
import {twelveMegapixels, writePhotoReport, type ReportPhoto} from '../../../lib/photos';

export const reportPhotos: readonly ReportPhoto[] = [
  {...twelveMegapixels, seed: 1, file: 'photo-1.jpg'},
  {...twelveMegapixels, seed: 2, orientation: 6, file: 'photo-2.jpg'},
  {width: 1600, height: 1200, seed: 3, file: 'photo-3.jpg'},
  // 60 メガピクセル（50 を超えるものは縮めて使う）。
  {width: 10_000, height: 6_000, seed: 4, file: 'photo-4.jpg'},
];

/** 表示する向きの幅 ÷ 高さ（Orientation 6 は縦横が入れ替わる）。 */
export const shownRatio = ({width, height, orientation}: ReportPhoto): number =>
  orientation === 6 ? height / width : width / height;

export type ReportSite = SiteServer & {readonly copy: SharedBuild};

export const buildTimeoutMs = 400_000;

/** 写真の記事の複製を、この実行で 1 度だけビルドし（Chromium と WebKit・Gecko のテストで共有）、配信する。 */
async function serveReportSite(): Promise<ReportSite> {
  const copy = await sharedBuild(
    'photo-report',
    async () => {
      const site = createSiteCopy('photo-report');
      try {
        await writePhotoReport(site.dir, reportPhotos);
        const result = await buildSiteCopy(site, buildTimeoutMs);
        if (result.exitCode !== 0)
          throw new Error(`写真の記事のビルドに失敗しました\n${result.output}`);
        return {dir: site.dir, outDir: site.outDir};
      } catch (error) {
        site.remove();
        throw error;
      }
    },
    buildTimeoutMs,
  );
  const server = await startSiteServer({buildDir: copy.outDir});
  return {...server, copy};
}

/** spec の間、写真の記事の複製を配信する（beforeAll でビルドを待って配信し、afterAll で止める）。 */
export function reportSiteForSpec(): {readonly site: ReportSite} {
  let site: ReportSite | undefined;
  test.beforeAll(async () => {
    test.setTimeout(buildTimeoutMs + 60_000);
    site = await serveReportSite();
  });
  test.afterAll(async () => {
    await site?.stop();
  });
  return {
    get site(): ReportSite {
      if (!site) throw new Error('写真の記事の複製はまだ配信されていません（beforeAll の前）');
      return site;
    },
  };
}

/** 記事の写真を 1 枚ずつ画面に入れ、読み込みが終わるまで待つ（壊れた画像なら naturalWidth は 0 のまま）。 */
export async function scrollThroughPhotos(page: Page): Promise<void> {
  const photos = page.locator('.denki-photo img');
  await expect(photos).toHaveCount(reportPhotos.length);
  for (const photo of await photos.all()) {
    await photo.scrollIntoViewIfNeeded();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
}
