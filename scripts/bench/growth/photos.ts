/**
 * 成長の計測で報告の記事に載せる写真（1600×1200 の JPEG）を、計測のたびにその場で作る（リポジトリーには
 * 置かない）。1 枚ごとにランダムな色の広がりを作り、センサーのような粒子（sharp のノイズ、全部の写真で共通）を
 * 重ねる。中身は 1 枚ごとに違うので、写真の変換は写真の枚数だけ働く。
 */
import sharp from 'sharp';

export const growthPhotoSize = {width: 1600, height: 1200} as const;

const raw = {...growthPhotoSize, channels: 3} as const;

let grain: Promise<Buffer> | undefined;

/** 粒子は 1 度だけ作る（写真ごとに作ると、写真を書くだけで何分もかかる）。 */
function grainOnce(): Promise<Buffer> {
  grain ??= sharp({
    create: {
      ...raw,
      background: '#808080',
      noise: {type: 'gaussian', mean: 128, sigma: 24},
    },
  })
    .raw()
    .toBuffer();
  return grain;
}

export async function growthPhoto(): Promise<Buffer> {
  const colours = Buffer.from(
    Array.from({length: 4 * 3 * 3}, () => Math.floor(Math.random() * 256)),
  );
  const field = await sharp(colours, {raw: {width: 4, height: 3, channels: 3}})
    .resize(raw.width, raw.height, {kernel: 'linear'})
    .raw()
    .toBuffer();
  return sharp(field, {raw})
    .composite([{input: await grainOnce(), raw, blend: 'soft-light'}])
    .jpeg({quality: 85})
    .toBuffer();
}
