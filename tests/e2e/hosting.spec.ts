/**
 * firebase.json どおりに配信した本番ビルドを確かめる: ハッシュ付きの資産は immutable、HTML は no-cache、
 * 未知のパスは 404、すべての応答にセキュリティヘッダーが付き、検索も CSP の下で動く。全ルートを開いて
 * CSP 違反・コンソールエラー・読んだすべての URL のヘッダーを調べるのは、ページ監査（page-audit.spec.ts）。
 */
import {expect, test} from '@playwright/test';
import {routes} from '../../src/constants/site';
import {waitForPageReady} from '../../lib/page-ready';
import {immutable, securityHeaders} from '../support/page-audit/checks';
import {cspViolations, observe} from '../support/page-audit/watch';
import {notFound} from '../support/routes';
import {registersServiceWorker} from '../support/service-worker';

test.use(registersServiceWorker);

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
