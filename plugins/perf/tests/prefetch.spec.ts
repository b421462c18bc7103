/**
 * issue 27: 先読みに上限がある。画面に入ったリンクは、スクロールが止まった画面ごとに数本（maxPerView）、
 * 1 つのページで maxPerPage 本まで。
 * 読者の意図（ポインター、タッチ、キーボードのフォーカス）では、そのリンクの行き先を読み込む。
 * window.docusaurus の prefetch と preload の呼び出し（ルートのパス）を記録して確かめる。
 */
import {expect, test, type Page} from '@playwright/test';
import {routes} from '../../../src/constants/site';
import {connections, fakeConnection} from '../../../lib/connection';
import {waitForHydration} from '../../../lib/page-ready';
import {maxPerPage, maxPerView} from '../client/bounded-prefetch';

type RouteLoads = {prefetch: string[]; preload: string[]};

/** clientEntry が window.docusaurus を置くときに包み、呼ばれたパスを window.routeLoads に残す。 */
function recordRouteLoads(): void {
  type Docusaurus = {prefetch: (path: string) => unknown; preload: (path: string) => unknown};
  const loads: RouteLoads = {prefetch: [], preload: []};
  let wrapped: Docusaurus | undefined;
  Object.defineProperty(window, 'routeLoads', {value: loads});
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    get: () => wrapped,
    set(real: Docusaurus) {
      wrapped = {
        prefetch: (path) => (loads.prefetch.push(path), real.prefetch(path)),
        preload: (path) => (loads.preload.push(path), real.preload(path)),
      };
    },
  });
}

const routeLoads = (page: Page): Promise<RouteLoads> =>
  page.evaluate(() => (window as unknown as {routeLoads: RouteLoads}).routeLoads);

/** 画面の中に見えている、このサイトの中へのリンクの行き先（重複なし）。 */
const visibleInternalLinks = (page: Page): Promise<string[]> =>
  page.locator('a[href^="/"]').evaluateAll((links) => [
    ...new Set(
      links
        .filter((link) => {
          const box = link.getBoundingClientRect();
          return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
        })
        .map((link) => new URL((link as HTMLAnchorElement).href).pathname),
    ),
  ]);

test.beforeEach(async ({page}) => {
  await page.addInitScript(fakeConnection, connections.fast);
  await page.addInitScript(recordRouteLoads);
});

test('画面に入ったリンクは、止まった画面ごとに数本だけ先読みする', async ({page}) => {
  await page.goto(routes.intro);
  await waitForHydration(page);
  const firstView = await visibleInternalLinks(page);
  expect(firstView.length, '最初の画面のリンクが上限より多い').toBeGreaterThan(maxPerView + 1);
  // 1 つの画面の先読みは、まとめて 1 回で頼む。1 本でも頼まれたら、その画面のぶんは出そろっている。
  await expect.poll(async () => (await routeLoads(page)).prefetch.length).toBeGreaterThan(0);
  const first = (await routeLoads(page)).prefetch;
  expect(first.length).toBeLessThanOrEqual(maxPerView);
  for (const path of first) expect(firstView).toContain(path);
  // 画面が動かなければ、ほかの見えているリンクは先読みしない。
  await page.waitForLoadState('networkidle');
  expect((await routeLoads(page)).prefetch).toEqual(first);

  // ページの終わりまで移ると、新しく見えたリンクから、また数本まで。
  await page.locator('footer').scrollIntoViewIfNeeded();
  await expect
    .poll(async () => (await routeLoads(page)).prefetch.length)
    .toBeGreaterThan(first.length);
  const second = (await routeLoads(page)).prefetch.slice(first.length);
  expect(second.length).toBeLessThanOrEqual(maxPerView);
  expect(second.filter((path) => first.includes(path))).toEqual([]);

  // 同じページをさらに読み進めても、ページごとの上限を超えない（止まった画面ごとに数本でも、長い一覧では積もる）。
  const steps = await page.evaluate(() => Math.ceil(document.body.scrollHeight / 200));
  for (let step = 0; step <= steps; step++) {
    await page.evaluate((y) => window.scrollTo(0, y), step * 200);
    await page.waitForLoadState('networkidle');
  }
  expect((await routeLoads(page)).prefetch.length).toBeLessThanOrEqual(maxPerPage);
});

test('キーボードでリンクにフォーカスすると、その行き先を読み込む', async ({page}) => {
  await page.goto(routes.intro);
  await waitForHydration(page);
  const link = page.locator('footer').getByRole('link', {name: 'ブログ', exact: true});
  await link.focus();
  await expect.poll(async () => (await routeLoads(page)).preload).toContain(routes.blog);
});
