/**
 * Playwright（Debian の Chromium）で実際に読み込んで数える: 初回表示の画像と JS、
 * 最初の検索で落ちてくる Pagefind のファイル。Service Worker は止めて、プリキャッシュを混ぜない。
 */
import {brotliCompressSync, constants as zlibConstants, gzipSync} from 'node:zlib';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from '@playwright/test';
import {chromiumLaunchOptions} from '../../lib/chromium';
import type {ImageResource, SearchBytes} from './types';

export type LoadProbe = {
  readonly largestImage: ImageResource | null;
  /** 読み込み完了までに取得された JS の URL パス（HTML が直接読むもの以外も含む）。 */
  readonly scripts: readonly string[];
};

/** Lighthouse のモバイル設定と同じ画面（Moto G Power 相当）。 */
const mobile = {
  viewport: {width: 412, height: 823},
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
} as const;

/**
 * 計測用の Chromium。ループバック以外の名前は引けないようにする（計測はネットに出ない）。
 * Playwright の route() で止めると HTTP キャッシュまで切れ、Service Worker のプリキャッシュが、
 * ページが今読んだばかりのファイルをもう一度落とすように見えてしまう（読者のブラウザーでは起きない）。
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    ...chromiumLaunchOptions,
    args: [
      ...(chromiumLaunchOptions.args ?? []),
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
    timeout: 30_000,
  });
}

async function newContext(
  browser: Browser,
  baseURL: string,
  device = true,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...(device ? mobile : {viewport: {width: 1280, height: 800}}),
    baseURL,
    locale: 'ja-JP',
    serviceWorkers: 'block',
  });
  context.setDefaultTimeout(15_000);
  return context;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', {timeout: 15_000}).catch(() => undefined);
}

export async function probeLoad(
  browser: Browser,
  baseURL: string,
  route: string,
): Promise<LoadProbe> {
  const context = await newContext(browser, baseURL);
  try {
    const page = await context.newPage();
    const images: ImageResource[] = [];
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const url = new URL(response.url());
      if (type === 'script') scripts.add(url.pathname);
      if (type === 'image') {
        response
          .body()
          .then((body) => images.push({url: url.pathname, bytes: body.length}))
          .catch(() => undefined);
      }
    });
    await page.goto(route, {waitUntil: 'load', timeout: 30_000});
    await settle(page);
    const largestImage = images.reduce<ImageResource | null>(
      (largest, image) => (largest === null || image.bytes > largest.bytes ? image : largest),
      null,
    );
    return {largestImage, scripts: [...scripts]};
  } finally {
    await context.close();
  }
}

/** 検索欄を開いて入力する。見つからなければ例外（検索 UI がまだない場合など）。 */
async function typeQuery(page: Page, query: string): Promise<void> {
  const input = page.locator('input[type="search"], [role="searchbox"], [role="combobox"] input');
  if (!(await input.first().isVisible())) {
    await page.getByRole('button', {name: /検索/}).first().click({timeout: 5_000});
  }
  const visible = input.locator('visible=true').first();
  await visible.waitFor({state: 'visible', timeout: 5_000});
  await visible.click();
  await visible.pressSequentially(query, {delay: 50});
}

/** superstatic の圧縮（brotli 品質 4、gzip レベル 6）で送ったときの本文の大きさ。 */
function encodedSize(content: Buffer, encoding: string | null): number {
  if (encoding === 'br') {
    return brotliCompressSync(content, {params: {[zlibConstants.BROTLI_PARAM_QUALITY]: 4}}).length;
  }
  if (encoding === 'gzip') return gzipSync(content, {level: 6}).length;
  return content.length;
}

export async function probeSearch(
  browser: Browser,
  baseURL: string,
  query: string,
): Promise<SearchBytes | null> {
  const context = await newContext(browser, baseURL, false);
  try {
    const page = await context.newPage();
    const finished: Request[] = [];
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname.startsWith('/pagefind/')) finished.push(request);
    });
    await page.goto('/', {waitUntil: 'load', timeout: 30_000});
    await settle(page);
    await typeQuery(page, query);
    await settle(page);
    await page.waitForTimeout(1_000);
    await settle(page);
    if (finished.length === 0) return null;
    const requests = await Promise.all(
      finished.map(async (request) => {
        const sizes = await request.sizes();
        const response = await request.response();
        const content = response ? await response.body() : Buffer.alloc(0);
        // Worker が取ったファイルなどは転送量が 0 と報告されることがある。そのときは、サーバーが付けた
        // Content-Encoding と同じ圧縮（superstatic と同じ強さ）で本文を縮めた大きさで数える。
        const encoding = response ? await response.headerValue('content-encoding') : null;
        const transfer =
          sizes.responseBodySize > 0 ? sizes.responseBodySize : encodedSize(content, encoding);
        return {url: new URL(request.url()).pathname, transfer, body: content.length};
      }),
    );
    return {
      query,
      transfer: requests.reduce((sum, request) => sum + request.transfer, 0),
      body: requests.reduce((sum, request) => sum + request.body, 0),
      requests: requests.map(({url, transfer}) => ({url, transfer})),
    };
  } finally {
    await context.close();
  }
}
