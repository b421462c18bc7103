/**
 * ページのチャンクを読めないとき（issue 53）: 先読みの失敗は黙っていて、あとでそのページを開けば読み直す。
 * デプロイで消えたチャンク（404）を求めた古いページは、1 度だけ読み直して新しい版になり、読み直しを繰り返さない
 * （同じ読み込みで 2 本のチャンクが 404 でも、読み直しは 1 度だけ。issue 60）。
 * 本番ビルドを配信し、チャンクへの要求を Playwright の route で落とす・404 にする（route を使うと HTTP の
 * キャッシュも使われない）。所要: 合わせて約 12 秒。
 */
import {expect, test, type Page, type Request, type Route} from '@playwright/test';
import {routes} from '../../../src/constants/site';
import {waitForHydration} from '../../../lib/page-ready';
import {contentChunkOf, sectionLayoutChunkOf} from '../../../tests/support/route-chunks';
import {reloadMarkerKey, retryDelaysMs} from '../client/chunk-loading';

const mainHeading = (page: Page) => page.locator('main h1, article h1, header h1').first();

/** ページの例外（uncaught、unhandledrejection）を集める。 */
function recordPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
  return errors;
}

/** このページ（タブ）が読み込んだ文書の数（最初の読み込みと読み直し）。 */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  return () => loads;
}

/** 配信から消えたファイルの答え（Firebase Hosting と同じく 404）。 */
const gone = (route: Route): Promise<void> =>
  route.fulfill({status: 404, contentType: 'text/html; charset=utf-8', body: 'Not Found'});

test('リンクに触れたときの読み込みが途切れてもページのエラーにならず、そのリンクを押せば読み直さずに開く', async ({
  page,
}) => {
  const chunk = contentChunkOf(routes.eventExamples);
  const errors = recordPageErrors(page);
  // 触れたときの読み込みは、読み直しも含めてすべて途切れる（トンネルの中）。
  let offline = true;
  let failedScripts = 0;
  let probes = 0;
  await page.route(`**${chunk}`, async (route) => {
    const request = route.request();
    if (request.method() === 'HEAD') {
      probes += 1;
      await route.continue();
    } else if (offline) {
      if (request.resourceType() === 'script') failedScripts += 1;
      await route.abort('connectionreset');
    } else {
      await route.continue();
    }
  });
  await page.goto(routes.intro);
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as {denkiSamePage: boolean}).denkiSamePage = true;
  });
  const link = page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: '開催事例'});
  await link.hover();
  // 1 回目と読み直しのすべてが途切れ、そのたびに配信にファイルがあるか（404 でないか）を確かめ終えるまで待つ。
  const attempts = retryDelaysMs.length + 1;
  await expect
    .poll(() => ({failedScripts, probes}))
    .toEqual({
      failedScripts: attempts,
      probes: attempts,
    });
  expect(errors, '触れただけの読み込みの失敗').toEqual([]);

  offline = false;
  await link.click();
  await expect(mainHeading(page)).toHaveText('開催事例');
  await expect(page.locator('.theme-doc-markdown')).toContainText('流山おおたかの森駅');
  expect(
    await page.evaluate(() => (window as unknown as {denkiSamePage?: boolean}).denkiSamePage),
    '読み直さずに移る',
  ).toBe(true);
  expect(errors).toEqual([]);
});

test('デプロイで消えたチャンク（404）を求めた古いページは、1 度だけ読み直して新しい版で開く', async ({
  page,
}) => {
  const chunk = contentChunkOf(routes.eventExamples);
  const errors = recordPageErrors(page);
  const documentLoads = countDocumentLoads(page);
  // 最初の読み込み（古い版の HTML）の間だけ、チャンクは配信に無い。読み直すと新しい版の配信になる。
  await page.route(`**${chunk}`, (route) => (documentLoads() < 2 ? gone(route) : route.continue()));
  await page.goto(routes.eventExamples);
  await expect(mainHeading(page)).toHaveText('開催事例');
  await waitForHydration(page);
  await expect(page.locator('.theme-doc-markdown')).toContainText('流山おおたかの森駅');
  expect(documentLoads(), '読み込んだ文書の数（最初と 1 度の読み直し）').toBe(2);
  // 読み直しの印は、読み直したあとの読み込みが読んで消す（次に人が開く読み込みは、また 1 度読み直せる）。
  expect(await page.evaluate((key) => sessionStorage.getItem(key), reloadMarkerKey)).toBeNull();
  expect(errors).toEqual([]);
});

test('同じ読み込みで 2 本のチャンクが 404 でも、読み直しは 1 度だけで、日本語のエラーと「再読み込み」を出す', async ({
  page,
}) => {
  // 本文のチャンクと、ドキュメントの区画の枠のチャンク（別々のルートの部品なので、別々に失敗を知らせる）。
  const chunks = [contentChunkOf(routes.eventExamples), sectionLayoutChunkOf(routes.docs)];
  const documentLoads = countDocumentLoads(page);
  // いまの読み込みで、ページが配信に無いことを確かめ終えたチャンク（HEAD の答えを受け取ったもの）。
  const probed = new Set<string>();
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) probed.clear();
  });
  page.on('requestfinished', (request) => {
    if (request.method() === 'HEAD') probed.add(new URL(request.url()).pathname);
  });
  for (const chunk of chunks) await page.route(`**${chunk}`, gone);
  await page.goto(routes.eventExamples);
  const alert = page.getByRole('alert').filter({hasText: 'ページの読み込みに失敗しました。'});
  await expect(alert.first()).toBeVisible();
  await expect(alert.first().getByRole('button', {name: '再読み込み'})).toBeVisible();
  // 2 本とも、この読み込みで 404 と確かめ終えた（どちらの失敗も、もう読み直しに使われた）。
  await expect.poll(() => [...probed].sort()).toEqual([...chunks].sort());
  expect(documentLoads(), '読み込んだ文書の数（最初と 1 度の読み直し）').toBe(2);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), reloadMarkerKey)).toBeNull();
});

test('読み直してもチャンクが 404 のままなら、読み直しを繰り返さず、日本語のエラーと「再読み込み」を出す', async ({
  page,
}) => {
  const chunk = contentChunkOf(routes.eventExamples);
  const documentLoads = countDocumentLoads(page);
  await page.route(`**${chunk}`, gone);
  await page.goto(routes.eventExamples);
  const alert = page.getByRole('alert').filter({hasText: 'ページの読み込みに失敗しました。'});
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('サイトが更新された');
  await expect(alert.getByRole('button', {name: '再読み込み'})).toBeVisible();
  expect(documentLoads(), '読み込んだ文書の数（最初と 1 度の読み直し）').toBe(2);
});

test('sessionStorage が使えなければ、消えたチャンクでも読み直さず（繰り返しを止められない）、日本語のエラーを出す', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'sessionStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  const chunk = contentChunkOf(routes.eventExamples);
  const documentLoads = countDocumentLoads(page);
  await page.route(`**${chunk}`, gone);
  await page.goto(routes.eventExamples);
  await expect(
    page.getByRole('alert').filter({hasText: 'ページの読み込みに失敗しました。'}),
  ).toBeVisible();
  expect(documentLoads()).toBe(1);
});
