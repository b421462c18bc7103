/**
 * 写真の符号化の設定を選ぶための計測（plugins/images/encode.ts の avifOptions）。12 メガピクセルの写真を
 * 作り、候補ごとに本文の列の幅すべて（photoWidths）を符号化して、合計のバイト数と秒数を表に出す。
 *   npx tsx scripts/bench/photo-encoders.ts [写真の枚数（既定 2）]
 */
import sharp, {type Sharp} from 'sharp';
import {photoJpeg, twelveMegapixels} from '../../lib/photos';
import {photoWidths} from '../../plugins/images/encode';

type Candidate = {readonly label: string; readonly encode: (image: Sharp) => Sharp};

const candidates: readonly Candidate[] = [
  ...[2, 3, 4, 6].map((effort) => ({
    label: `AVIF q50 effort ${effort}`,
    encode: (image: Sharp) => image.avif({quality: 50, effort}),
  })),
  ...[2, 3].map((effort) => ({
    label: `AVIF q40 effort ${effort}`,
    encode: (image: Sharp) => image.avif({quality: 40, effort}),
  })),
  {label: 'AVIF q60 effort 3', encode: (image) => image.avif({quality: 60, effort: 3})},
  ...[4, 6].map((effort) => ({
    label: `WebP q75 effort ${effort}`,
    encode: (image: Sharp) => image.webp({quality: 75, effort}),
  })),
  {label: 'JPEG q76 mozjpeg', encode: (image) => image.jpeg({quality: 76, mozjpeg: true})},
];

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 2);
  const sources = await Promise.all(
    Array.from({length: count}, (_, index) => photoJpeg({...twelveMegapixels, seed: index + 1})),
  );
  const pixels = await Promise.all(
    sources.map((jpeg) =>
      sharp(jpeg)
        .resize({width: photoWidths.at(-1)})
        .raw()
        .toBuffer({resolveWithObject: true}),
    ),
  );
  console.log(`| 設定 | 1 枚の全幅の KiB | 1 枚の秒数 | 1080 px の KiB |`);
  console.log(`|---|---|---|---|`);
  for (const {label, encode} of candidates) {
    let bytes = 0;
    let phone = 0;
    const start = performance.now();
    for (const {data, info} of pixels) {
      for (const width of photoWidths) {
        const raw = sharp(data, {
          raw: {width: info.width, height: info.height, channels: info.channels},
        });
        const out = await encode(raw.resize({width})).toBuffer();
        bytes += out.length;
        if (width === 1080) phone += out.length;
      }
    }
    const seconds = (performance.now() - start) / 1000 / count;
    console.log(
      `| ${label} | ${(bytes / count / 1024).toFixed(0)} | ${seconds.toFixed(2)} | ${(phone / count / 1024).toFixed(0)} |`,
    );
  }
}

void main();
