/**
 * ブログのアーカイブ（/blog/archive）が 390 px の読者に払わせるもの（issue 27）: 開いたときの転送バイト数と、
 * そこから最下部までスクロールしたときに足される転送バイト数（見えたリンクの先読みを含む）。
 * 回線は通常（先読みする）。Service Worker は止める（プリキャッシュは別の行で測る）。
 * スクロールは 1 画面ずつ、毎回止まって（先読みが決まるまで）待つ: 先読みにとっていちばん重い読み方。
 */
import type {Browser, Request} from '@playwright/test';
import {connections, fakeConnection} from '../../../lib/connection';
import {routes} from '../../../src/constants/site';
import {transferOf} from '../data-plan';

export type ArchiveFigures = {
  /** 開いて落ち着くまで（load と networkidle）の転送バイト数。 */
  readonly open: number;
  /** そこから最下部までスクロールして落ち着くまでに足された転送バイト数。 */
  readonly scroll: number;
  /** 最下部までに止まった画面の数。 */
  readonly screens: number;
};

/** 1 画面スクロールしたあとに待つ時間。先読みが「止まった」と決めるまで（client/bounded-prefetch.ts の 200 ms）より長く。 */
const pauseMs = 400;
const maxScreens = 2000;

export async function measureArchive(browser: Browser, baseURL: string): Promise<ArchiveFigures> {
  const context = await browser.newContext({
    baseURL,
    locale: 'ja-JP',
    viewport: {width: 390, height: 844},
    serviceWorkers: 'block',
  });
  try {
    await context.addInitScript(fakeConnection, connections.fast);
    const finished: {request: Request; scrolling: boolean}[] = [];
    let scrolling = false;
    context.on('requestfinished', (request) => finished.push({request, scrolling}));
    const page = await context.newPage();
    await page.goto(routes.blogArchive, {waitUntil: 'load', timeout: 60_000});
    await page.waitForLoadState('networkidle', {timeout: 30_000}).catch(() => undefined);
    scrolling = true;
    let screens = 0;
    for (; screens < maxScreens; screens++) {
      const atEnd = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight * 0.9);
        return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 1;
      });
      await page.waitForTimeout(pauseMs);
      if (atEnd) break;
    }
    await page.waitForLoadState('networkidle', {timeout: 30_000}).catch(() => undefined);
    const sized = await Promise.all(
      finished.map(async (row) => ({
        bytes: await transferOf(row.request),
        scrolling: row.scrolling,
      })),
    );
    const sum = (phase: boolean): number =>
      sized.filter((row) => row.scrolling === phase).reduce((total, row) => total + row.bytes, 0);
    return {open: sum(false), scroll: sum(true), screens: screens + 1};
  } finally {
    await context.close();
  }
}
