/**
 * 開発サーバー（npm start = docusaurus start）も写真を配る: 写真の記事の複製で起こし、Chromium で記事を開いて、
 * 写真が表示される（naturalWidth > 0）ことと、AVIF が image/avif として届くことを確かめる。
 * 写真のファイルは postBuild ではなく、開発サーバーがキャッシュのフォルダーから配る（plugins/images/index.ts）。
 */
import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {createSiteCopy, type SiteCopy} from '../../../lib/site-copy';
import {freePort, killGroup, waitForUrl} from '../../../lib/site-server';
import {photoReportRoute, writePhotoReport} from '../../../lib/photos';
import {photoPath} from '../shared';

/** 開発サーバーが全ページを組み立てるまで（共有の 2 コアでは 1 分を超えることがある）。 */
const startTimeoutMs = 180_000;

test.describe.configure({timeout: startTimeoutMs + 60_000});

let site: SiteCopy | undefined;
let server: ChildProcess | undefined;
let baseURL = '';

test.beforeAll(async () => {
  test.setTimeout(startTimeoutMs + 60_000);
  site = createSiteCopy('photo-dev');
  await writePhotoReport(site.dir, [{width: 800, height: 600, seed: 21, file: 'photo-1.jpg'}]);
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = spawn(
    path.join(site.dir, 'node_modules', '.bin', 'docusaurus'),
    ['start', '--host', '127.0.0.1', '--port', String(port), '--no-open'],
    {cwd: site.dir, detached: true, stdio: 'ignore', env: {...process.env, BROWSER: 'none'}},
  );
  await waitForUrl(`${baseURL}${photoReportRoute}`, server, 'docusaurus start', startTimeoutMs);
});

test.afterAll(() => {
  if (server) killGroup(server);
  site?.remove();
});

test('npm start serves the report’s photo', async ({page}) => {
  await page.goto(`${baseURL}${photoReportRoute}`);
  const photo = page.locator('.denki-photo img');
  await expect(photo).toHaveCount(1);
  await photo.scrollIntoViewIfNeeded();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const source = await photo.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(new URL(source).pathname).toMatch(new RegExp(`^${photoPath}[0-9a-f]{32}\\.avif$`));
  const response = await page.request.get(source);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/avif');
});
