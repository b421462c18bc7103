/**
 * firebase.json どおりに配信した本番ビルドを、ブラウザで開いて確かめる:
 * CSP 違反とコンソールエラーが 0、ハッシュ付きの資産は immutable、HTML は no-cache、
 * 未知のパスは 404、そしてすべての応答にセキュリティヘッダーが付く。
 */
import {expect, test, type Page, type Response} from '@playwright/test';
import {routes} from '../../src/constants/site';
import {waitForPageReady} from '../../lib/page-ready';
import {notFound} from '../support/routes';
import {builtRoutes, missingPath} from '../support/sitemap';

const immutable = 'public, max-age=31536000, immutable';

/** どの応答にも付くべきヘッダー（値の細部は tests/node/csp.spec.ts と hosting.spec.ts で見る）。 */
const securityHeaders = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
] as const;

type Observed = {
  readonly responses: Response[];
  readonly consoleErrors: string[];
  readonly pageErrors: string[];
};

/** CSP 違反をページ内で記録し、応答・コンソールエラー・例外を集める。 */
async function observe(page: Page): Promise<Observed> {
  await page.addInitScript(() => {
    const store: string[] = [];
    Object.defineProperty(window, '__cspViolations', {value: store});
    document.addEventListener('securitypolicyviolation', (event) => {
      store.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const observed: Observed = {responses: [], consoleErrors: [], pageErrors: []};
  page.on('response', (response) => observed.responses.push(response));
  page.on('console', (message) => {
    if (message.type() === 'error') observed.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => observed.pageErrors.push(error.message));
  return observed;
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as {__cspViolations: string[]}).__cspViolations);
}

/**
 * ブラウザの HTTP キャッシュから出た応答は Strict-Transport-Security を落とすので、
 * ページが読んだ URL をもう一度サーバーに直接たずね、その生のヘッダーを調べる。
 */
async function serverHeaders(page: Page, url: string): Promise<Record<string, string>> {
  const response = await page.request.get(url, {maxRedirects: 0});
  return response.headers();
}

async function expectSecurityHeaders(page: Page, url: string): Promise<void> {
  const headers = await serverHeaders(page, url);
  const missing = securityHeaders.filter((name) => !headers[name]);
  expect(missing, `${url} に無いヘッダー`).toEqual([]);
}

const pages = [...builtRoutes(), missingPath];

/** 404 の文書そのものについてブラウザが必ず出す 1 行（サイトの不具合ではない）。 */
const documentNotFound =
  'Failed to load resource: the server responded with a status of 404 (Not Found)';

test.describe('every route over the network', () => {
  for (const path of pages) {
    test(`hosting: ${path} loads with no CSP violation, no console error and all headers`, async ({
      page,
    }) => {
      const observed = await observe(page);
      const response = await page.goto(path);
      await waitForPageReady(page);
      expect(response?.status()).toBe(path === missingPath ? 404 : 200);
      expect(response?.headers()['cache-control']).toBe('no-cache');
      expect(await cspViolations(page)).toEqual([]);
      const expectedConsole = path === missingPath ? [documentNotFound] : [];
      expect(observed.consoleErrors).toEqual(expectedConsole);
      expect(observed.pageErrors).toEqual([]);

      const local = observed.responses.filter(
        (r) => new URL(r.url()).host === new URL(page.url()).host,
      );
      const urls = [...new Set(local.map((r) => r.url()))];
      for (const url of urls) await expectSecurityHeaders(page, url);
      const assets = urls.filter((url) => new URL(url).pathname.startsWith('/assets/'));
      expect(assets.length).toBeGreaterThan(0);
      for (const asset of assets) {
        expect((await serverHeaders(page, asset))['cache-control'], asset).toBe(immutable);
      }
      const foreign = observed.responses.filter(
        (r) => new URL(r.url()).host !== new URL(page.url()).host,
      );
      expect(foreign.map((r) => r.url())).toEqual([]);
    });
  }
});

test('unknown paths get the 404 page with status 404 and the security headers', async ({page}) => {
  for (const path of ['/no-such-page', '/docs/no-such-doc', '/assets/js/no-such-chunk.js']) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text()).toContain(notFound.heading);
    const headers = response.headers();
    for (const name of securityHeaders) expect(headers[name], `${path} ${name}`).toBeTruthy();
    // Firebase と同じくヘッダーはパスで決まる。/assets/ の外の 404 は再検証させる。
    if (!path.startsWith('/assets/')) expect(headers['cache-control'], path).toBe('no-cache');
  }
});

test('HTML, the service worker and the manifest are revalidated; hashed assets are immutable', async ({
  page,
}) => {
  for (const path of [routes.home, routes.intro, '/sw.js', '/manifest.json', '/sitemap.xml']) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toBe('no-cache');
  }
  const html = await (await page.request.get(routes.home)).text();
  const assets = [...html.matchAll(/(?:src|href)="?(\/assets\/[^"\s>]+)/g)].map(
    ([, url]) => url ?? '',
  );
  expect(assets.length).toBeGreaterThan(1);
  for (const asset of assets) {
    expect(asset).toMatch(/[.~][0-9a-f]{8}\.(js|css)$/);
    const response = await page.request.get(asset);
    expect(response.status(), asset).toBe(200);
    expect(response.headers()['cache-control'], asset).toBe(immutable);
  }
});

test('the page cannot be framed by another origin', async ({page}) => {
  const response = await page.request.get(routes.home);
  expect(response.headers()['x-frame-options']).toBe('DENY');
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});

test('search works under the Content-Security-Policy', async ({page}) => {
  const observed = await observe(page);
  await page.goto(routes.intro);
  await waitForPageReady(page);
  await page.locator('nav.navbar').getByRole('button', {name: '検索'}).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('searchbox').or(dialog.getByRole('textbox')).first().fill('鬼ごっこ');
  await expect(dialog.getByRole('link').first()).toBeVisible();
  expect(await cspViolations(page)).toEqual([]);
  expect(observed.consoleErrors).toEqual([]);
  expect(observed.pageErrors).toEqual([]);
});
