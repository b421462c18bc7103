/**
 * エディターが写真をコミットする前に整える（issue 46、client/photos/prepare.ts）: 本物の Chromium で、
 * 390 px の画面の <input type="file" multiple> に写真と使えないファイルをまとめて選び、出力を sharp で調べる。
 * 向きは画素に当たり、長い辺は 2,880 px まで、JPEG で 1.5 MB まで、メタデータは 1 つも残らない。使えない
 * ファイルは、名前と直し方を述べる日本語で断る。サイトのビルドは使わない（prepare.ts を esbuild で組む。
 * ただし playwright.config.ts の webServer が build/ を配るので、ビルドがなければ BUILD_DIR に index.html
 * だけのフォルダーを渡す）。
 * 細かい模様の写真（画質を探す道）は、別のテストで 1 枚だけ整える（写真を作るのに約 3 秒、整えるのに約 2 秒）。
 * かかる時間: ワーカーで 5〜8 秒（2 コアで、ほかのテストと重なると 20 秒ほど）。そのうち写真を作るのに約 4 秒、
 * Chromium で 3 枚を整えるのに 1〜3 秒。
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {expect, test} from './fixture';
import {build} from 'esbuild';
import sharp from 'sharp';
import type * as Prepare from '../client/photos/prepare';
import {
  fittedSize,
  maxLongSide,
  maxOutputBytes,
  sniffImage,
  withoutMetadata,
  type PhotoProblem,
} from '../client/photos/prepare';
import {metadataSegments} from '../../../lib/jpeg-segments';
import {photoJpeg, twelveMegapixels} from '../../../lib/photos';
import {cameraJpeg, writePhotoFiles, type PhotoFiles} from './photo-files';

declare global {
  interface Window {
    /** テストのページに組み込んだ prepare.ts。 */
    photoPrepare: typeof Prepare;
  }
}

/** 写真を整えるページの場所（page.route が返す。ループバックの外には出ない）。 */
const origin = 'http://127.0.0.1:9';
const pageHtml = `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>写真の準備</title>
<script type="module" src="/prepare.js"></script>
</head>
<body><input type="file" id="photos" multiple accept="image/*"></body>
</html>`;

/** prepare.ts を、ページの window.photoPrepare に置く 1 つの ES モジュールに組む。 */
async function preparedScript(): Promise<string> {
  const result = await build({
    stdin: {
      contents: "import * as prepare from './prepare'; window.photoPrepare = prepare;",
      resolveDir: path.join(__dirname, '../client/photos'),
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    target: ['es2022', 'safari16.4'],
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

async function openPreparePage(page: Page): Promise<void> {
  const script = await preparedScript();
  await page.route(`${origin}/**`, (route) => {
    const {pathname} = new URL(route.request().url());
    if (pathname === '/') return route.fulfill({contentType: 'text/html', body: pageHtml});
    if (pathname === '/prepare.js')
      return route.fulfill({contentType: 'text/javascript', body: script});
    return route.fulfill({status: 404});
  });
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => 'photoPrepare' in window);
}

/** ページから返す 1 枚の結果（出力の JPEG は base64）。 */
type PageOutcome =
  | {
      readonly source: string;
      readonly name: string;
      readonly type: string;
      readonly width: number;
      readonly height: number;
      readonly base64: string;
    }
  | {
      readonly source: string;
      readonly errorName: string;
      readonly problem: PhotoProblem;
      readonly fileName: string;
      readonly message: string;
    };

/** 選ばれたファイルを、ページの中で preparePhotos で順に整える。 */
function prepareSelected(page: Page): Promise<PageOutcome[]> {
  return page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>('#photos');
    const files = Array.from(input?.files ?? []);
    const base64 = (file: File): Promise<string> =>
      new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(file);
      });
    const {preparePhotos} = window.photoPrepare;
    const outcomes = await preparePhotos(files, (_, index) => `photo-${index + 1}.jpg`);
    return Promise.all(
      outcomes.map(async (outcome) =>
        'photo' in outcome
          ? {
              source: outcome.source.name,
              name: outcome.photo.file.name,
              type: outcome.photo.file.type,
              width: outcome.photo.width,
              height: outcome.photo.height,
              base64: await base64(outcome.photo.file),
            }
          : {
              source: outcome.source.name,
              errorName: outcome.error.name,
              problem: outcome.error.problem,
              fileName: outcome.error.fileName,
              message: outcome.error.message,
            },
      ),
    );
  });
}

type Output = {readonly bytes: Buffer; readonly width: number; readonly height: number};

/** 整えた写真の JPEG（PhotoError なら、その知らせでテストを止める）。 */
function outputOf(outcomes: readonly PageOutcome[], file: string): Output {
  const outcome = outcomes.find(({source}) => source === path.basename(file));
  if (!outcome || !('base64' in outcome))
    throw new Error(`${file} が整いませんでした: ${JSON.stringify(outcome)}`);
  expect(outcome.type).toBe('image/jpeg');
  return {...outcome, bytes: Buffer.from(outcome.base64, 'base64')};
}

type Refusal = Extract<PageOutcome, {readonly message: string}>;

/** 使えないファイルの知らせ。 */
function errorOf(outcomes: readonly PageOutcome[], file: string): Refusal {
  const outcome = outcomes.find(({source}) => source === path.basename(file));
  if (!outcome || !('message' in outcome))
    throw new Error(`${file} が断られませんでした: ${JSON.stringify(outcome)}`);
  expect(outcome.errorName).toBe('PhotoError');
  expect(outcome.fileName).toBe(path.basename(file));
  expect(outcome.message).toContain(`「${path.basename(file)}」`);
  return outcome;
}

/** メタデータがなく、向きの印もなく、上限に収まる JPEG であること。 */
async function expectCleanJpeg({bytes, width, height}: Output): Promise<void> {
  const meta = await sharp(bytes).metadata();
  expect({
    format: meta.format,
    width: meta.width,
    height: meta.height,
    exif: meta.exif,
    xmp: meta.xmp,
    iptc: meta.iptc,
    icc: meta.icc,
    orientation: meta.orientation,
  }).toEqual({format: 'jpeg', width, height});
  expect(Math.max(width, height)).toBeLessThanOrEqual(maxLongSide);
  expect(bytes.length).toBeLessThanOrEqual(maxOutputBytes);
  // 機種・撮影日時・EXIF を運ぶ区切り（APP1〜APP15、COM）が 1 つも無い。
  expect(metadataSegments(bytes)).toEqual([]);
}

/** 2 枚の画像を 48×48 に縮めた、画素の差の平均（0〜255）。 */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const small = (image: Buffer) =>
    sharp(image).rotate().resize(48, 48, {fit: 'fill'}).removeAlpha().raw().toBuffer();
  const [x, y] = await Promise.all([small(a), small(b)]);
  return x.reduce((sum, value, index) => sum + Math.abs(value - y[index]), 0) / x.length;
}

test.use({viewport: {width: 390, height: 844}});

test('選んだ写真は向きを画素に当て、2,880 px・1.5 MB までの、メタデータのない JPEG になる。使えないファイルは日本語で断る', async ({
  page,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'denki-editor-photos-'));
  try {
    const [files] = await Promise.all([writePhotoFiles(dir), openPreparePage(page)]);
    const selected: (keyof PhotoFiles)[] = [
      'twelveMegapixel',
      'sideways',
      'png',
      'heic',
      'htmlAsJpeg',
      'oversized',
    ];
    await page.locator('#photos').setInputFiles(selected.map((key) => files[key]));
    const outcomes = await prepareSelected(page);
    expect(outcomes.map(({source}) => source)).toEqual(
      selected.map((key) => path.basename(files[key])),
    );
    // 出力の名前は、選んだ順に preparePhotos へ渡した名前（使えないファイルの番号も飛ばさない）。
    expect(outcomes.map((outcome) => ('name' in outcome ? outcome.name : undefined))).toEqual([
      'photo-1.jpg',
      'photo-2.jpg',
      'photo-3.jpg',
      undefined,
      undefined,
      undefined,
    ]);

    await test.step('12 メガピクセルの写真は 2880×2160 になり、GPS・機種・撮影日時が消える', async () => {
      const output = outputOf(outcomes, files.twelveMegapixel);
      expect(output).toMatchObject({width: 2880, height: 2160});
      await expectCleanJpeg(output);
      expect(await meanDifference(output.bytes, readFileSync(files.twelveMegapixel))).toBeLessThan(
        8,
      );
    });

    await test.step('横倒しに保存した写真（Orientation 6）は、画素が縦長の 2160×2880 になる', async () => {
      const output = outputOf(outcomes, files.sideways);
      expect(output).toMatchObject({width: 2160, height: 2880});
      await expectCleanJpeg(output);
      // sharp が EXIF の向きどおりに回した元の写真と同じ絵（逆に回すと大きく違う）。
      const original = readFileSync(files.sideways);
      expect(await meanDifference(output.bytes, original)).toBeLessThan(8);
      const turnedTheOtherWay = await sharp(original).rotate(270).toBuffer();
      expect(await meanDifference(output.bytes, turnedTheOtherWay)).toBeGreaterThan(20);
    });

    await test.step('透明な部分のある PNG は白の上に載り、大きさは変わらない', async () => {
      const output = outputOf(outcomes, files.png);
      expect(output).toMatchObject({width: 1600, height: 1200});
      await expectCleanJpeg(output);
      const {data} = await sharp(output.bytes)
        .extract({left: 100, top: 100, width: 1, height: 1})
        .raw()
        .toBuffer({resolveWithObject: true});
      expect(
        [...data].every((value) => value >= 250),
        `左上の色 ${[...data]}`,
      ).toBe(true);
    });

    await test.step('HEIC は読めないと述べ、JPEG にする手順を示す', () => {
      const {problem, message} = errorOf(outcomes, files.heic);
      expect(problem).toBe('heic');
      for (const phrase of ['HEIC', '「互換性優先」', '「プレビュー」', '「フォト」', 'JPEG'])
        expect(message).toContain(phrase);
    });

    await test.step('名前だけ .jpg の HTML は、写真ではないと述べる', () => {
      const {problem, message} = errorOf(outcomes, files.htmlAsJpeg);
      expect(problem).toBe('not-image');
      expect(message).toContain('写真ではないファイル');
    });

    await test.step('50 MB を超えるファイルは、上限を述べて断る', () => {
      const {problem, message} = errorOf(outcomes, files.oversized);
      expect(problem).toBe('too-large');
      expect(message).toContain('50 MB');
    });
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('細かい模様の写真（画質 0.85 では 1.5 MB を超える）は、2,880 px のまま、上限に収まる画質を探して JPEG にする', async ({
  page,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'denki-editor-fine-'));
  try {
    const file = path.join(dir, 'IMG_0500.jpg');
    const [bytes] = await Promise.all([
      photoJpeg({...twelveMegapixels, seed: 5, detail: 'fine'}),
      openPreparePage(page),
    ]);
    writeFileSync(file, bytes);
    await page.locator('#photos').setInputFiles([file]);
    const output = outputOf(await prepareSelected(page), file);
    expect({width: output.width, height: output.height}).toEqual({width: 2880, height: 2160});
    await expectCleanJpeg(output);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('先頭のバイトで形式を見分け、長い辺を 2,880 px に縮め、JPEG の区切りからメタデータだけを取り除く', async () => {
  expect(fittedSize({width: 4032, height: 3024})).toEqual({width: 2880, height: 2160});
  expect(fittedSize({width: 3024, height: 4032})).toEqual({width: 2160, height: 2880});
  expect(fittedSize({width: 8000, height: 1000})).toEqual({width: 2880, height: 360});
  expect(fittedSize({width: 1600, height: 1200})).toEqual({width: 1600, height: 1200});
  expect(fittedSize({width: 4032, height: 3024}, 2304)).toEqual({width: 2304, height: 1728});

  const ascii = (text: string) => new TextEncoder().encode(text);
  const kinds = {
    jpeg: Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0, 0, 0, 0]),
    png: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    gif: ascii('GIF89a....'),
    webp: ascii('RIFF....WEBPVP8 '),
    heif: ascii('\0\0\0\x18ftypmif1\0\0\0\0mif1heic'),
    avif: ascii('\0\0\0\x1cftypavif\0\0\0\0avifmif1miaf'),
  };
  for (const [kind, bytes] of Object.entries(kinds)) expect(sniffImage(bytes), kind).toBe(kind);
  for (const other of ['<!DOCTYPE html>', '\0\0\0\x18ftypisom\0\0\0\0isomiso2', '', 'BM....'])
    expect(sniffImage(ascii(other)), other).toBeUndefined();

  const camera = await cameraJpeg({width: 320, height: 240, seed: 3, orientation: 6});
  const stripped = Buffer.concat(withoutMetadata(new Uint8Array(camera)));
  const before = await sharp(camera).metadata();
  const after = await sharp(stripped).metadata();
  expect(before).toMatchObject({orientation: 6, exif: expect.any(Buffer)});
  expect(after).toMatchObject({format: 'jpeg', width: 320, height: 240});
  expect({exif: after.exif, orientation: after.orientation}).toEqual({});
  // 画素の符号はそのまま。
  expect(await sharp(stripped).raw().toBuffer()).toEqual(await sharp(camera).raw().toBuffer());
});
