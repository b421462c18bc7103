/**
 * 写真を整えている間も本文を書ける（issue 61）: 390 px の Chromium で 12 メガピクセルの写真 4 枚を選び、整えて
 * いる間に本文を打つ。写真はページの外（Worker）で整え、打った文字はすべて本文に入り、「写真を用意しています
 * （n / 4 枚）」の進み具合が出て、最後に 4 枚とも本文に入る。写真を整えるコード（off-thread のチャンク）は、
 * 写真を選んだときに初めて読み込む。そのチャンクの応答を止めておき、準備の途中で打つ順序を時間ではなく状態で作る。
 * かかる時間: テストが約 7 秒（エディターを開き、写真 4 枚を整える）、その前の複製と写真 1 枚の用意が約 5 秒。
 */
import {copyFileSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Route} from '@playwright/test';
import {expect, test} from './fixture';
import {createEditorRepo, type EditorRepo} from '../../../lib/editor-repo';
import {altField, phone, signIn} from './editor-page';
import {writeTwelveMegapixelPhoto} from './photo-files';

test.use({viewport: phone, serviceWorkers: 'block'});

let repo: EditorRepo;
let photoDir: string;
let photos: string[];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  photoDir = mkdtempSync(path.join(tmpdir(), 'denki-editor-typing-'));
  const first = path.join(photoDir, 'IMG_0001.jpg');
  [repo] = await Promise.all([createEditorRepo(), writeTwelveMegapixelPhoto(photoDir, 1)]);
  photos = [1, 2, 3, 4].map((index) => path.join(photoDir, `IMG_000${index}.jpg`));
  for (const photo of photos.slice(1)) copyFileSync(first, photo);
});

test.afterAll(async () => {
  await repo?.remove();
  rmSync(photoDir, {recursive: true, force: true});
});

test('写真 4 枚を整えている間に本文を打つと、打った文字はすべて入り、進み具合が出て、写真も 4 枚入る', async ({
  page,
}) => {
  test.setTimeout(120_000);
  page.on('dialog', (dialog) => void dialog.accept());
  // 写真を整えるコードのチャンクを、放すまで返さない。
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held: Route | undefined;
  await page.route(/\/admin\/assets\/off-thread-[^/]+\.js$/u, async (route) => {
    held = route;
    await released;
    await route.continue();
  });
  await signIn(page, repo.editorUrl('', '#/collections/blog/new'));
  const body = page.getByLabel('本文', {exact: true});
  const progress = page.getByText(/^写真を用意しています（\d+ \/ 4 枚）…$/u);
  const worker = page.waitForEvent('worker');

  await page.locator('input[type=file]').setInputFiles(photos);
  await expect(page.getByText('写真を用意しています（0 / 4 枚）…')).toBeVisible();
  await expect
    .poll(() => held, {message: '写真を選ぶと、写真を整えるコードを読み込む'})
    .toBeDefined();
  await body.click();
  await page.keyboard.type('集合は渋谷駅。');
  release();
  // 1 枚目ができてから（残りの 3 枚を整えている間に）、続きを打つ。
  await expect(page.getByText(/^写真を用意しています（[123] \/ 4 枚）…$/u)).toBeVisible();
  expect((await worker).url()).toMatch(/\/admin\/assets\/photo-worker-[^/]+\.js$/u);
  await page.keyboard.type('解散は17時。');
  await expect(body).toHaveValue(/集合は渋谷駅。解散は17時。/u);

  await expect(progress).toHaveCount(0, {timeout: 60_000});
  for (let index = 1; index <= 4; index += 1) await expect(altField(page, index)).toBeVisible();
  const value = await body.inputValue();
  expect(value).toContain('集合は渋谷駅。解散は17時。');
  expect(value.match(/!\[\]\(\.\/photo-\d\.jpg\)/gu)).toHaveLength(4);
});
