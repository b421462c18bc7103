/**
 * エディターに選ばせる写真のファイルを、テストのたびに作る（リポジトリーに写真を置かない）。スマートフォンの
 * 写真と同じく撮った場所（GPS）・機種・撮影日時の EXIF を持つ JPEG、横倒しに保存した JPEG（Orientation 6）、
 * 透明な部分のある PNG と、使えないファイル（HEIC、名前だけ .jpg の HTML、50 MB を超えるファイル）。
 * どの関数も、dir にファイルを書いてその場所を返す。
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {photoJpeg, twelveMegapixels, type FixturePhoto} from '../../../lib/photos';

/** 写真の EXIF の撮影日時（lib/photos.ts の DateTime と同じ時刻）。 */
export const takenAt = '2026:11:20 14:03:11';

/** 50 MB を超えるファイルの大きさ（エディターの上限 50 MB より 1 MB 大きい）。 */
export const oversizedBytes = 51 * 1024 * 1024;

/**
 * スマートフォンが書き出す JPEG: lib/photos.ts の写真（GPS・機種の EXIF つき）に、撮影日時
 * （DateTimeOriginal）を足したもの。orientation 6 なら、保存された画素は横倒し。
 */
export async function cameraJpeg(photo: FixturePhoto): Promise<Buffer> {
  return sharp(await photoJpeg(photo))
    .keepExif()
    .withExifMerge({IFD2: {DateTimeOriginal: takenAt, DateTimeDigitized: takenAt}})
    .jpeg({quality: 90})
    .toBuffer();
}

const written = (dir: string, name: string, bytes: Buffer | string): string => {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
};

/** 撮ったままの 12 メガピクセル（4032×3024）の写真。 */
export async function writeTwelveMegapixelPhoto(
  dir: string,
  seed = 1,
  name = `IMG_${String(seed).padStart(4, '0')}.jpg`,
): Promise<string> {
  return written(dir, name, await cameraJpeg({...twelveMegapixels, seed}));
}

/** 縦に持って撮った 12 メガピクセルの写真: 画素は 4032×3024 の横倒しで、Orientation 6（正立は縦長）。 */
export async function writeSidewaysPhoto(dir: string, name = 'IMG_0101.jpg'): Promise<string> {
  return written(dir, name, await cameraJpeg({...twelveMegapixels, seed: 101, orientation: 6}));
}

/** 透明な部分のある PNG の大きさと、透明にした左上の四角（幅と高さの半分）。 */
export const transparentPng = {width: 1600, height: 1200} as const;

/** 左上の 4 分の 1 が透明な PNG（画面の写しや図のような画像）。 */
export async function writeTransparentPng(dir: string, name = 'map.png'): Promise<string> {
  const {width, height} = transparentPng;
  const rgb = await sharp(await photoJpeg({width, height, seed: 7}))
    .raw()
    .toBuffer();
  const rgba = Buffer.alloc(width * height * 4);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const x = pixel % width;
    const y = Math.floor(pixel / width);
    rgb.copy(rgba, pixel * 4, pixel * 3, pixel * 3 + 3);
    rgba[pixel * 4 + 3] = x < width / 2 && y < height / 2 ? 0 : 255;
  }
  return written(
    dir,
    name,
    await sharp(rgba, {raw: {width, height, channels: 4}})
      .png()
      .toBuffer(),
  );
}

/**
 * iPhone が書き出すのと同じ、本物の HEIC（HEVC で符号化した HEIF。主銘柄 heic）。Debian の ImageMagick が
 * libheif で書く（plugins/images/tests/bad-input.spec.ts と同じ）。sharp の配布版は HEVC を書けない。
 */
export async function writeHeic(dir: string, name = 'IMG_0201.HEIC'): Promise<string> {
  const work = mkdtempSync(path.join(tmpdir(), 'denki-heic-'));
  try {
    const png = path.join(work, 'photo.png');
    const heic = path.join(work, 'photo.heic');
    await sharp(await photoJpeg({width: 640, height: 480, seed: 201}))
      .png()
      .toFile(png);
    execFileSync('convert', [png, heic], {stdio: 'pipe'});
    const bytes = readFileSync(heic);
    if (bytes.toString('latin1', 4, 12) !== 'ftypheic')
      throw new Error(`ImageMagick の HEIC の銘柄が heic ではありません: ${heic}`);
    return written(dir, name, bytes);
  } finally {
    rmSync(work, {recursive: true, force: true});
  }
}

/** 名前は .jpg でも、中身は保存したウェブページ（HTML）。 */
export function writeHtmlNamedJpeg(dir: string, name = 'station.jpg'): string {
  return written(dir, name, '<!DOCTYPE html><html><body>保存したページ</body></html>\n');
}

/**
 * 50 MB を超える JPEG（先頭は JPEG の印、残りは 0。穴あきのファイルなので、すぐ書けてディスクも使わない）。
 * エディターは大きさで断るので、中身は読まない。
 */
export function writeOversizedPhoto(dir: string, name = 'IMG_0301.jpg'): string {
  const file = written(dir, name, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]));
  truncateSync(file, oversizedBytes);
  return file;
}

/** 整えられる写真と、使えないファイルの組。 */
export type PhotoFiles = {
  readonly twelveMegapixel: string;
  readonly sideways: string;
  readonly png: string;
  readonly heic: string;
  readonly htmlAsJpeg: string;
  readonly oversized: string;
};

/** PhotoFiles のファイルをすべて dir に書く。 */
export async function writePhotoFiles(dir: string): Promise<PhotoFiles> {
  const [twelveMegapixel, sideways, png, heic] = await Promise.all([
    writeTwelveMegapixelPhoto(dir),
    writeSidewaysPhoto(dir),
    writeTransparentPng(dir),
    writeHeic(dir),
  ]);
  return {
    twelveMegapixel,
    sideways,
    png,
    heic,
    htmlAsJpeg: writeHtmlNamedJpeg(dir),
    oversized: writeOversizedPhoto(dir),
  };
}

/** 12 メガピクセルの写真 count 枚（IMG_0001.jpg から。事務局がまとめて選ぶ枚数を測るとき）。 */
export async function writeTwelveMegapixelPhotos(dir: string, count: number): Promise<string[]> {
  const files: string[] = [];
  for (let seed = 1; seed <= count; seed += 1)
    files.push(await writeTwelveMegapixelPhoto(dir, seed));
  return files;
}
