/**
 * テストと計測の写真を、その場で作る（リポジトリーに写真を置かない）。スマートフォンが書き出す
 * JPEG と同じく、撮った場所（GPS）と機種の EXIF を持ち、横倒しに保存した写真は Orientation 6 を持つ。
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export type FixturePhoto = {
  /** 保存された画素の幅と高さ（Orientation 6 なら、見える向きは縦横が入れ替わる）。 */
  readonly width: number;
  readonly height: number;
  /** 同じ seed なら同じ写真。 */
  readonly seed: number;
  /** 6 = 時計回りに 90° 回して見る（iPhone を縦に持って撮った写真）。 */
  readonly orientation?: 1 | 6;
  /**
   * 'fine' = 細かい模様の多い写真（砂利や木の葉を撮ったような、画素ごとのノイズ。JPEG に縮みにくく、2,880 px・
   * 画質 0.85 では 1.5 MB を超える）。既定の 'ordinary' はノイズを半分の幅で重ねて引き伸ばす。
   */
  readonly detail?: 'ordinary' | 'fine';
};

/** 12 メガピクセル（iPhone の書き出しと同じ 4032×3024）。 */
export const twelveMegapixels = {width: 4032, height: 3024} as const;

/** 決まった並びの疑似乱数（mulberry32）。 */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 色の広がり（16×12 の色を引き伸ばしたもの）に、センサーのような細かいノイズを重ねた写真。
 * 色とノイズは幅 2016 px で重ね、それを写真の大きさに引き伸ばす（大きな写真の画素ごとに重ねるより数倍速い）。
 * detail が 'fine' なら、写真の大きさのまま画素ごとに重ねる（1 枚に約 3 秒）。
 */
export async function photoJpeg({
  width,
  height,
  seed,
  orientation = 1,
  detail = 'ordinary',
}: FixturePhoto): Promise<Buffer> {
  const next = random(seed);
  const grainWidth = detail === 'fine' ? width : Math.min(width, 2016);
  const grainHeight = Math.round((height * grainWidth) / width);
  const field = Buffer.from(Array.from({length: 16 * 12 * 3}, () => Math.floor(next() * 256)));
  const base = await sharp(field, {raw: {width: 16, height: 12, channels: 3}})
    .resize(grainWidth, grainHeight, {kernel: 'linear'})
    .raw()
    .toBuffer();
  // 灰色のノイズ（3 つのチャンネルに同じ値）。
  const noise = Buffer.alloc(grainWidth * grainHeight * 3);
  for (let pixel = 0; pixel < noise.length; pixel += 3)
    noise.fill((next() * 256) | 0, pixel, pixel + 3);
  const small = {width: grainWidth, height: grainHeight, channels: 3} as const;
  const mixed = await sharp(base, {raw: small})
    .composite([{input: noise, raw: small, blend: 'soft-light'}])
    .removeAlpha()
    .raw()
    .toBuffer();
  return sharp(mixed, {raw: small})
    .resize(width, height, {kernel: 'linear'})
    .jpeg({quality: 90})
    .withExif({
      IFD0: {Make: 'Apple', Model: 'iPhone 15', DateTime: '2026:11:20 14:03:11'},
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '35/1 40/1 52/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '139/1 46/1 1/1',
      },
    })
    .withMetadata({orientation})
    .toBuffer();
}

/** 写真の報告記事（ブログ）の置き場。記事のフォルダーに index.md（CommonMark）と写真を並べる。 */
export const photoReportDir = 'blog/2026-11-20-photo-report';
export const photoReportRoute = '/blog/2026/11/20/photo-report';

/** 報告記事の本文。写真は段落ごとに 1 枚、あいだに文を挟む。 */
export function photoReportMarkdown(photos: readonly string[]): string {
  const body = photos
    .map(
      (file, index) =>
        `${index + 1} 枚目の写真です。駅の改札の前で、参加者が次の行き先を相談しています。\n\n![参加者の様子 ${index + 1}](./${file})`,
    )
    .join('\n\n');
  return `---
title: 秋の電鬼 写真の報告
authors: [matsuri]
tags: [announcement]
date: 2026-11-20
description: 秋の電鬼の当日の様子を、写真で振り返ります。
---

秋の電鬼の当日の様子を写真で振り返ります。

<!-- truncate -->

${body}
`;
}

/** 報告記事に載せる写真の組。 */
export type ReportPhoto = FixturePhoto & {readonly file: string};

/** 複製したサイト（dir）に、写真を作って報告記事を書く。 */
export async function writePhotoReport(dir: string, photos: readonly ReportPhoto[]): Promise<void> {
  const folder = path.join(dir, photoReportDir);
  mkdirSync(folder, {recursive: true});
  for (const photo of photos) writeFileSync(path.join(folder, photo.file), await photoJpeg(photo));
  writeFileSync(path.join(folder, 'index.md'), photoReportMarkdown(photos.map(({file}) => file)));
}

/** 撮ったままの 12 メガピクセルの写真 count 枚。sideways 番目（0 から）だけ横倒しに保存する。 */
export const twelveMegapixelReport = (count: number, sideways: number): ReportPhoto[] =>
  Array.from({length: count}, (_, index) => ({
    ...twelveMegapixels,
    seed: index + 1,
    orientation: index === sideways ? 6 : 1,
    file: `photo-${index + 1}.jpg`,
  }));
