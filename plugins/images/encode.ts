/**
 * 写真 1 枚を、読者に送る形（幅ごとの AVIF と、予備の JPEG）にする。EXIF の向きを画素に当て、
 * メタデータ（EXIF・XMP・IPTC・ICC）はどれも書き出さない。結果は中身のハッシュで
 * node_modules/.cache/denki-photos に残し、同じ写真は次のビルドから作り直さない。
 */
import {createHash} from 'node:crypto';
import {existsSync} from 'node:fs';
import sharp, {type OutputInfo, type Sharp} from 'sharp';
import {contentKey, fileCache} from '../cache';
import {checkPhoto, maxInputPixels, PhotoError} from './check';
import type {PhotoFormat} from './shared';

/** 作り方を変えたら上げる（キャッシュの鍵に入る）。 */
const encoderVersion = 1;

/**
 * 本文の列の幅（320〜1280 px の画面、DPR 1〜3）に合う幅。390 px・DPR 3 の列（約 358 px）なら 1080、
 * 1280 px・DPR 1（約 650 px）なら 720 を選ぶ。1440 は 1280 px・DPR 2 と、大きく表示するとき。
 */
export const photoWidths = [360, 540, 720, 1080, 1440] as const;
/** 予備の JPEG の幅（AVIF を表示できない古いブラウザーだけが取る）。 */
export const jpegWidths = [720, 1080] as const;

/**
 * scripts/bench/photo-encoders.ts で 12 メガピクセルの写真を測って選んだ設定。effort を 2 から 6 に上げても
 * バイト数はほぼ同じで時間だけが何倍にもなる。q50 の 1080 px は約 110 KiB で、スマートフォンで記事を開いた
 * だけで（画面の下の写真も先読みされ）400 KiB を超えるので、q40（約 53 KiB）にする。
 */
export const avifOptions = {quality: 40, effort: 2} as const;
export const jpegOptions = {quality: 76, mozjpeg: true} as const;

export type Variant = {
  readonly format: PhotoFormat;
  readonly width: number;
  /** ビルドの出力での名前（photoPath の下）。キャッシュの鍵でもある。 */
  readonly name: string;
  readonly bytes: number;
};

export type EncodedPhoto = {
  readonly width: number;
  readonly height: number;
  readonly placeholder: string;
  readonly variants: readonly Variant[];
};

const variantCache = {
  avif: fileCache('denki-photos', 'avif'),
  jpg: fileCache('denki-photos', 'jpg'),
};
const recordCache = fileCache('denki-photos', 'json');

export const variantFileCache = variantCache;

/** 1 つのプロセスで同じ写真を 2 度作らない（クライアントとサーバーのバンドルが同じ MDX を読む）。 */
const inFlight = new Map<string, Promise<EncodedPhoto>>();

function input(source: Buffer | {data: Buffer; info: OutputInfo}): Sharp {
  if (Buffer.isBuffer(source))
    return sharp(source, {limitInputPixels: maxInputPixels, failOn: 'error'});
  const {width, height, channels} = source.info;
  return sharp(source.data, {raw: {width, height, channels: channels as 3 | 4}});
}

async function placeholderOf(pixels: {data: Buffer; info: OutputInfo}): Promise<string> {
  const webp = await input(pixels).resize({width: 16}).blur(0.6).webp({quality: 40}).toBuffer();
  return `data:image/webp;base64,${webp.toString('base64')}`;
}

async function encode(file: string, bytes: Buffer, key: string): Promise<EncodedPhoto> {
  const meta = await checkPhoto(file, bytes);
  const oriented = meta.autoOrient;
  const widest = Math.min(oriented.width, photoWidths.at(-1) as number);
  // 大きな写真を一度だけ読み、いちばん大きい幅の画素から各幅を作る（JPEG は読むときに縮める）。
  const pixels = await input(bytes)
    .rotate()
    .resize({width: widest, withoutEnlargement: true})
    .removeAlpha()
    .raw()
    .toBuffer({resolveWithObject: true});
  const widthsOf = (list: readonly number[]): number[] => {
    const fitting = list.filter((w) => w < pixels.info.width);
    return [...fitting, ...(list.some((w) => w >= pixels.info.width) ? [pixels.info.width] : [])];
  };
  const jobs = [
    ...widthsOf(photoWidths).map((width) => ({format: 'avif' as const, width})),
    ...widthsOf(jpegWidths).map((width) => ({format: 'jpg' as const, width})),
  ];
  const variants: Variant[] = [];
  for (const {format, width} of jobs) {
    const name = contentKey({key, format, width}).slice(0, 32);
    let data = variantCache[format].read(name);
    if (!data) {
      const resized = input(pixels).resize({width});
      const encoded = format === 'avif' ? resized.avif(avifOptions) : resized.jpeg(jpegOptions);
      data = await encoded.toBuffer();
      variantCache[format].write(name, data);
    }
    variants.push({format, width, name, bytes: data.length});
  }
  return {
    width: pixels.info.width,
    height: pixels.info.height,
    placeholder: await placeholderOf(pixels),
    variants,
  };
}

/** 写真を読者に送る形にする。読めない・向かないファイルは PhotoError（日本語の理由と直し方）。 */
export function encodePhoto(file: string, bytes: Buffer): Promise<EncodedPhoto> {
  const source = createHash('sha256').update(bytes).digest('hex');
  const key = contentKey({
    encoderVersion,
    source,
    photoWidths,
    jpegWidths,
    avifOptions,
    jpegOptions,
  });
  const cached = recordCache.read(key);
  if (cached) {
    const record = JSON.parse(cached.toString('utf8')) as EncodedPhoto;
    if (record.variants.every(({format, name}) => existsSync(variantCache[format].file(name)))) {
      return Promise.resolve(record);
    }
  }
  let pending = inFlight.get(key);
  if (!pending) {
    pending = encode(file, bytes, key).then((record) => {
      recordCache.write(key, JSON.stringify(record));
      return record;
    });
    pending.catch(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

export {PhotoError};
