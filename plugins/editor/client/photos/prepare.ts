/**
 * 選んだ写真を、コミットする前にブラウザーの中で整える（issue 46）: 向き（EXIF の Orientation）を画素に
 * 当て、長い辺を 2,880 px までに縮め、JPEG に符号化し直す。canvas で符号化し、その JPEG からも画素の
 * ほかの区切りを取り除くので、撮った場所（GPS）、機種、日時、縮小画像、ICC プロファイルなどのメタデータは
 * 1 つも残らない。
 * Chromium と WebKit（iPhone の Safari 16.4 以降）で動く。スマートフォンの記憶を使い切らないよう、写真は
 * 1 枚ずつ整え、使い終えた画像はすぐ閉じる。エディターはこれを Worker（worker.ts）の中で動かし、Worker で
 * OffscreenCanvas を使えないブラウザーだけ、ページの中（<canvas>）で動かす（off-thread.ts）。
 */
import {photoMessages, type PhotoProblem} from './messages';

export type {PhotoProblem} from './messages';

/** これより大きいファイルは受け取らない。 */
export const maxPhotoBytes = 50 * 1024 * 1024;
/** 出力の長い辺（px）。 */
export const maxLongSide = 2880;
/** 出力の JPEG の上限。超えたら、上限に収まるいちばん高い画質を探す。 */
export const maxOutputBytes = 1.5 * 1024 * 1024;
/** JPEG の画質の上限と下限。 */
export const jpegQuality = {max: 0.85, min: 0.5} as const;
/** 上限と下限のあいだを二分して探す回数（画質の差は 0.35 / 2² ≈ 0.09 まで詰まる）。 */
const qualitySearchSteps = 2;
/** どの画質でも上限を超えるとき、長い辺に掛けて縮め直す割合（順に）。 */
const shrinkSteps = [1, 0.8, 0.64, 0.5] as const;

export type PreparedPhoto = {
  /** image/jpeg、名前は preparePhoto に渡した name。メタデータを持たない。 */
  readonly file: File;
  /** 見える向き（正立）の幅と高さ（px）。 */
  readonly width: number;
  readonly height: number;
};

/** 使えない写真。message は選んだ人に見せる日本語（ファイルの名前と、どうすればよいか）。 */
export class PhotoError extends Error {
  /** 選んだファイルの名前。 */
  readonly fileName: string;
  readonly problem: PhotoProblem;

  constructor(problem: PhotoProblem, fileName: string, options?: ErrorOptions) {
    super(photoMessages[problem](fileName, maxPhotoBytes), options);
    this.name = 'PhotoError';
    this.fileName = fileName;
    this.problem = problem;
  }
}

/** 先頭のバイトからわかる画像の形式。 */
export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif' | 'avif';

/** 形式を見分けるのに読む先頭のバイト数（ISO BMFF の ftyp の銘柄の並びを含む）。 */
const sniffLength = 64;

const heifBrands = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const heifImageBrands = new Set(['mif1', 'msf1']);
const avifBrands = new Set(['avif', 'avis']);

const ascii = (bytes: Uint8Array, start: number, end: number): string =>
  String.fromCharCode(...bytes.subarray(start, end));

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean =>
  signature.every((byte, index) => bytes[index] === byte);

/** ftyp の主銘柄と互換銘柄。 */
function ftypBrands(bytes: Uint8Array): string[] {
  const boxEnd = Math.min(new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxEnd; offset += 4)
    brands.push(ascii(bytes, offset, offset + 4));
  return brands;
}

function isoMediaKind(bytes: Uint8Array): ImageKind | undefined {
  const brands = ftypBrands(bytes);
  if (brands.some((brand) => avifBrands.has(brand))) return 'avif';
  if (brands.some((brand) => heifBrands.has(brand) || heifImageBrands.has(brand))) return 'heif';
  return undefined;
}

/** ファイルの先頭のバイトから画像の形式を見分ける（画像でなければ undefined）。拡張子は見ない。 */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6))) return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') return isoMediaKind(bytes);
  return undefined;
}

/** 読めなかったときの理由: HEIC なら JPEG にする手順を、ほかは形式か壊れていることを伝える。 */
const undecodable = (kind: ImageKind): PhotoProblem =>
  kind === 'heif' ? 'heic' : kind === 'avif' ? 'unsupported' : 'broken';

/** 写真を読み、EXIF の向きを画素に当てる。 */
async function decode(file: File, kind: ImageKind): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, {imageOrientation: 'from-image'});
  } catch (error) {
    throw new PhotoError(undecodable(kind), file.name, {cause: error});
  }
}

type Size = {readonly width: number; readonly height: number};

/** 縦横比を保ち、長い辺を longSide 以下にした大きさ（大きくはしない）。 */
export function fittedSize({width, height}: Size, longSide: number = maxLongSide): Size {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** 描いて JPEG にする場所。OffscreenCanvas があればそれを、なければ <canvas> を使う。 */
type Surface = {
  readonly context: Context2D;
  /** 画質 quality の JPEG（符号化できなければ reject）。 */
  encode(quality: number): Promise<Blob>;
  /** 画素の記憶をすぐ手放す（iPhone の Safari は canvas の記憶の合計に上限がある）。 */
  release(): void;
};

function offscreenSurface({width, height}: Size): Surface | undefined {
  if (typeof OffscreenCanvas !== 'function') return undefined;
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', {alpha: false});
  if (!context) return undefined;
  return {
    context,
    encode: (quality) => canvas.convertToBlob({type: 'image/jpeg', quality}),
    release: () => {
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}

function elementSurface({width, height}: Size): Surface {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', {alpha: false});
  if (!context) throw new Error('canvas の 2D の描画を使えません');
  return {
    context,
    encode: (quality) =>
      new Promise((resolve, reject) =>
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('canvas を JPEG にできません'))),
          'image/jpeg',
          quality,
        ),
      ),
    release: () => {
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}

/**
 * ブラウザーが縮めた画像（createImageBitmap の resizeWidth / resizeHeight、resizeQuality 'high'）。対応して
 * いないブラウザーは大きさの指定を無視するので、できた大きさで確かめる。縮められなければ undefined（canvas に
 * 描くときに縮める）。Chromium では、どちらで縮めても出力は 1 バイトも同じで、CPU の時間も測って差が
 * なかった（12 メガピクセル 10 枚で 5〜6 秒）。
 */
async function resized(bitmap: ImageBitmap, size: Size): Promise<ImageBitmap | undefined> {
  if (bitmap.width === size.width && bitmap.height === size.height) return undefined;
  try {
    const smaller = await createImageBitmap(bitmap, {
      resizeWidth: size.width,
      resizeHeight: size.height,
      resizeQuality: 'high',
    });
    if (smaller.width === size.width && smaller.height === size.height) return smaller;
    smaller.close();
  } catch {
    // 縮める指定を受け付けないブラウザー。canvas で縮める。
  }
  return undefined;
}

/** 白の上に、写真を size の大きさで描く（透明な部分のある PNG は白の上に載る）。 */
async function drawn(bitmap: ImageBitmap, size: Size): Promise<Surface> {
  const surface = offscreenSurface(size) ?? elementSurface(size);
  const {context} = surface;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  const smaller = await resized(bitmap, size);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(smaller ?? bitmap, 0, 0, size.width, size.height);
  smaller?.close();
  return surface;
}

type Encoded = {readonly blob: Blob; readonly size: Size};

async function jpeg(surface: Surface, quality: number): Promise<Blob> {
  const blob = await surface.encode(quality);
  if (blob.type !== 'image/jpeg') throw new Error(`JPEG に符号化できません（${blob.type}）`);
  return blob;
}

const fits = (blob: Blob): boolean => blob.size <= maxOutputBytes;

/**
 * 上限に収まる、なるべく高い画質の JPEG（下限の画質でも収まらなければ、その JPEG）。ふつうの写真は上限の画質で
 * 1 度だけ符号化する。収まらない写真（細かい模様の多い写真）は下限で確かめてから、あいだを二分して探す
 * （符号化は多くて 2 + qualitySearchSteps 回）。
 */
async function encodeWithinLimit(surface: Surface): Promise<Blob> {
  const best = await jpeg(surface, jpegQuality.max);
  if (fits(best)) return best;
  let fitting = await jpeg(surface, jpegQuality.min);
  if (!fits(fitting)) return fitting;
  let [low, high]: number[] = [jpegQuality.min, jpegQuality.max];
  for (let step = 0; step < qualitySearchSteps; step += 1) {
    const middle = (low + high) / 2;
    const blob = await jpeg(surface, middle);
    if (fits(blob)) [fitting, low] = [blob, middle];
    else high = middle;
  }
  return fitting;
}

/** 上限に収まる JPEG。どの画質でも収まらなければ、写真を縮め直す（最後は収まらなくても返す）。 */
async function jpegWithinLimit(bitmap: ImageBitmap): Promise<Encoded> {
  const longSide = Math.min(maxLongSide, Math.max(bitmap.width, bitmap.height));
  let encoded: Encoded | undefined;
  for (const step of shrinkSteps) {
    const size = fittedSize(bitmap, Math.round(longSide * step));
    const surface = await drawn(bitmap, size);
    try {
      encoded = {blob: await encodeWithinLimit(surface), size};
    } finally {
      surface.release();
    }
    if (encoded.blob.size <= maxOutputBytes) break;
  }
  if (!encoded) throw new Error('縮める段がありません');
  return encoded;
}

/**
 * 画素に要らない JPEG の区切り: APP1〜APP15（EXIF、XMP、ICC プロファイル、IPTC、MPF の縮小画像など）と
 * コメント。canvas は sRGB で描くので、ICC プロファイルのない JPEG も同じ色に見える（sRGB として読まれる）。
 */
const isMetadataMarker = (marker: number): boolean =>
  marker === 0xfe || (marker >= 0xe1 && marker <= 0xef);

/**
 * JPEG からメタデータの区切りを取り除いたもの（画素の符号は 1 バイトも変えない）。canvas の符号化は
 * EXIF を書かないが、ブラウザーによって ICC プロファイルなどを書くので、どのブラウザーでも同じにする。
 * JFIF（APP0）と、画素の符号の区切り（量子化表、ハフマン表、SOF、SOS 以降）だけが残る。
 */
export function withoutMetadata(jpeg: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>[] {
  const kept = [jpeg.subarray(0, 2)];
  let offset = 2;
  // SOS（0xDA）より後は画素の符号。
  while (offset + 4 <= jpeg.length && jpeg[offset] === 0xff && jpeg[offset + 1] !== 0xda) {
    const marker = jpeg[offset + 1];
    const end = offset + 2 + ((jpeg[offset + 2] << 8) | jpeg[offset + 3]);
    if (!isMetadataMarker(marker)) kept.push(jpeg.subarray(offset, end));
    offset = end;
  }
  kept.push(jpeg.subarray(offset));
  return kept;
}

async function jpegFile(blob: Blob, name: string): Promise<File> {
  const parts = withoutMetadata(new Uint8Array(await blob.arrayBuffer()));
  return new File(parts, name, {type: 'image/jpeg'});
}

/** 読めた写真を、上限に収まる JPEG にする。 */
async function reencoded(bitmap: ImageBitmap, name: string): Promise<PreparedPhoto> {
  const {blob, size} = await jpegWithinLimit(bitmap);
  return {file: await jpegFile(blob, name), ...size};
}

/**
 * 写真 file を読み、EXIF の向きを画素に当て、長い辺を maxLongSide までに縮め、メタデータのない JPEG
 * （名前は name）にする。使えない写真は、日本語の知らせを持つ PhotoError で断る（file は変えない）。
 */
export async function preparePhoto(file: File, name: string): Promise<PreparedPhoto> {
  if (file.size > maxPhotoBytes) throw new PhotoError('too-large', file.name);
  const kind = sniffImage(new Uint8Array(await file.slice(0, sniffLength).arrayBuffer()));
  if (!kind) throw new PhotoError('not-image', file.name);
  const bitmap = await decode(file, kind);
  try {
    return await reencoded(bitmap, name);
  } catch (error) {
    throw new PhotoError('encode-failed', file.name, {cause: error});
  } finally {
    bitmap.close();
  }
}

/** 1 枚の結果: 整えた写真か、使えない理由。 */
export type PhotoOutcome =
  | {readonly source: File; readonly photo: PreparedPhoto}
  | {readonly source: File; readonly error: PhotoError};

/**
 * 選んだ写真を 1 枚ずつ順に整える（同時に読むと、スマートフォンの記憶が足りなくなる）。使えない写真が
 * あっても、ほかの写真は続けて整える。nameOf は出力の名前、onProgress は 1 枚終えるごとに呼ぶ。
 */
export async function preparePhotos(
  files: readonly File[],
  nameOf: (file: File, index: number) => string,
  onProgress?: (done: number, total: number) => void,
): Promise<PhotoOutcome[]> {
  const outcomes: PhotoOutcome[] = [];
  for (const [index, source] of files.entries()) {
    try {
      outcomes.push({source, photo: await preparePhoto(source, nameOf(source, index))});
    } catch (error) {
      const photoError =
        error instanceof PhotoError
          ? error
          : new PhotoError('encode-failed', source.name, {cause: error});
      outcomes.push({source, error: photoError});
    }
    onProgress?.(index + 1, files.length);
  }
  return outcomes;
}
