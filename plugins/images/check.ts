/**
 * 写真のファイルを読む前の確かめ。拡張子どおりの画像でないもの、iPhone の HEIC、大きすぎるものは、
 * ファイルの名前と直し方を日本語で述べてビルドを止める（PhotoError）。
 */
import path from 'node:path';
import sharp, {type Metadata} from 'sharp';

export class PhotoError extends Error {}

/**
 * これより大きい画像は読まない（メモリーを守る）。それより小さければ、50 MP を超える写真も
 * 読むときに縮めて（JPEG の縮小読み込み）使う。
 */
export const maxInputPixels = 200_000_000;

/** 拡張子と、sharp がその中身を読んだときの形式。 */
const formatOfExtension: Readonly<Record<string, string>> = {
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.png': 'png',
  '.webp': 'webp',
  '.avif': 'heif',
  '.gif': 'gif',
};

/** 写真として載せられる拡張子（SVG は図なので、そのまま通す）。 */
export const rasterExtensions: readonly string[] = [
  ...Object.keys(formatOfExtension),
  '.heic',
  '.heif',
];

const heicBrands = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis'];

/** ISO BMFF の ftyp の銘柄（主銘柄と互換銘柄）。 */
function ftypBrands(bytes: Buffer): string[] {
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return [];
  const size = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [bytes.toString('latin1', 8, 12)];
  for (let offset = 16; offset + 4 <= size; offset += 4)
    brands.push(bytes.toString('latin1', offset, offset + 4));
  return brands;
}

const heicAdvice =
  'iPhone の HEIC はブラウザーによっては表示できません。写真アプリで JPEG として書き出してください';

export async function checkPhoto(file: string, bytes: Buffer): Promise<Metadata> {
  const extension = path.extname(file).toLowerCase();
  if (
    ftypBrands(bytes).some((brand) => heicBrands.includes(brand)) ||
    extension === '.heic' ||
    extension === '.heif'
  ) {
    throw new PhotoError(
      `${file}: HEIC の写真です。${heicAdvice}（拡張子を .jpg に変えるだけでは直りません）。`,
    );
  }
  const expected = formatOfExtension[extension];
  if (!expected) {
    throw new PhotoError(
      `${file}: ${extension} の画像は載せられません。JPEG（.jpg）か PNG で保存し直してください。`,
    );
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes, {limitInputPixels: false}).metadata();
  } catch {
    throw new PhotoError(
      `${file}: 拡張子は ${extension} ですが、画像ではありません（Web ページなどを写真の名前で保存したものかもしれません）。元の写真のファイルを置き直してください。`,
    );
  }
  if (meta.format !== expected) {
    throw new PhotoError(
      `${file}: 拡張子は ${extension} ですが、中身は ${meta.format.toUpperCase()} の画像です。拡張子を中身に合わせるか、JPEG として書き出し直してください。`,
    );
  }
  const pixels = meta.autoOrient.width * meta.autoOrient.height;
  if (pixels > maxInputPixels) {
    throw new PhotoError(
      `${file}: ${Math.round(pixels / 1e6)} メガピクセルは大きすぎます（2 億画素まで）。長い辺を 8000 px ほどに縮めてから置いてください。`,
    );
  }
  return meta;
}
