/**
 * 写真の報告記事（issue 25）を WebKit と Gecko でも確かめる: どの写真も表示の向きの比で見える。
 * 写真を足したサイトの複製を 1 度ビルドし、エンジンごとにブラウザーを 1 つ開いて使う。
 */
import {expect, test} from '@playwright/test';
import {photoReportRoute} from '../../lib/photos';
import {reportPhotos, reportSiteForSpec, shownRatio} from '../../plugins/images/tests/report-site';
import type {EngineName, EngineSession} from './driver';
import {launchEngine} from './engines';
import {openPage, waitUntil} from './page';

type Shown = {
  readonly naturalWidth: number;
  readonly naturalHeight: number;
  readonly width: number;
  readonly height: number;
};

/** 記事の index 番目の写真を画面に入れる。 */
function scrollToPhoto(index: number): boolean {
  document.querySelectorAll('.denki-photo img')[index]?.scrollIntoView({block: 'center'});
  return true;
}

function photoLoaded(index: number): boolean {
  const img = document.querySelectorAll<HTMLImageElement>('.denki-photo img')[index];
  return Boolean(img?.complete && img.naturalWidth > 0);
}

function shownPhotos(): Shown[] {
  return Array.from(document.querySelectorAll<HTMLImageElement>('.denki-photo img'), (img) => ({
    naturalWidth: img.naturalWidth,
    naturalHeight: img.naturalHeight,
    width: img.getBoundingClientRect().width,
    height: img.getBoundingClientRect().height,
  }));
}

const report = reportSiteForSpec();

for (const engine of ['webkit', 'gecko'] as const satisfies readonly EngineName[]) {
  test(`${engine}: 写真の報告記事の写真が、390 px と 1280 px でどれも表示の向きの比で見える`, async () => {
    test.setTimeout(180_000);
    const session: EngineSession = await launchEngine(engine, report.site.baseURL);
    try {
      for (const width of [390, 1280]) {
        await session.setViewport({width, height: 800});
        await openPage(session, photoReportRoute);
        for (const index of reportPhotos.keys()) {
          await session.evaluate(scrollToPhoto, index);
          await waitUntil(session, `${width}px の ${index + 1} 枚目の写真`, photoLoaded, index);
        }
        const shown = await session.evaluate(shownPhotos);
        expect(shown).toHaveLength(reportPhotos.length);
        shown.forEach((photo, index) => {
          const ratio = shownRatio(reportPhotos[index] as (typeof reportPhotos)[number]);
          expect(photo.naturalWidth).toBeGreaterThan(0);
          // WebKit は srcset の密度で割った幅と高さをそれぞれ整数に丸めるので、丸めの 1 px ずつは比の誤差にしない。
          const where = `${width}px の ${index + 1} 枚目`;
          expect(
            Math.abs(photo.naturalWidth - photo.naturalHeight * ratio),
            where,
          ).toBeLessThanOrEqual(1 + ratio);
          expect(Math.abs(photo.width - photo.height * ratio), where).toBeLessThanOrEqual(
            1 + ratio,
          );
        });
      }
      expect(await session.takeErrors()).toEqual([]);
    } finally {
      await session.close();
    }
  });
}
