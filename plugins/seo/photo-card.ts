/**
 * 報告記事（写真のあるブログ記事）の SNS カード: 最初の写真を 1200×630 に切り抜き、題のカードと同じ
 * 配置の題・ロゴを暗い帯に白い字で重ねる。X や LINE で共有したとき、その日の様子が見える。
 */
import sharp from 'sharp';
import {contentKey, fileCache} from '../cache';
import type {FirstPhoto} from '../images/first-photo';
import {CARD_HEIGHT, CARD_WIDTH, renderPhotoOverlay, type CardInput} from './card';

/**
 * 写真の画素は多いので、PNG ではなく JPEG にする（題のカードより小さく、SNS もそのまま読める）。mozjpeg は
 * 使わない: 1 枚 113 ms が 39 ms になり、増えるのは 38 KB → 51 KB（カードを読むのは SNS で、読者の転送ではない）。
 */
const photoCardOptions = {quality: 80} as const;

/**
 * 切り抜いた写真（カードの地）は、写真の変換結果と同じキャッシュに写真の名前で残す。大きい AVIF を読んで
 * 切り抜くのはカード 1 枚の時間の大半（2 コアで約 0.4 秒）なので、カードのキャッシュが消えても（依存の更新）、
 * 題を直しても、写真が同じなら繰り返さない。
 */
const crops = fileCache('denki-photos', 'card.jpg');
const cropOptions = {quality: 92} as const;

async function croppedPhoto(photo: Pick<FirstPhoto, 'name' | 'file'>): Promise<Buffer> {
  const key = contentKey({photo: photo.name, CARD_WIDTH, CARD_HEIGHT, cropOptions});
  const hit = crops.read(key);
  if (hit) return hit;
  // 切り抜きは目を引く所（sharp の attention: 色の濃さ・肌の色・明暗の強い所）を残す。
  const crop = await sharp(photo.file)
    .resize(CARD_WIDTH, CARD_HEIGHT, {fit: 'cover', position: sharp.strategy.attention})
    .jpeg(cropOptions)
    .toBuffer();
  crops.write(key, crop);
  return crop;
}

/**
 * photo.file（向きを当てた、メタデータのない写真）から描く。書き出す JPEG にはメタデータを入れない
 * （sharp の既定）。
 */
export async function renderPhotoCard(
  input: CardInput,
  photo: Pick<FirstPhoto, 'name' | 'file'>,
): Promise<Buffer> {
  const [crop, overlay] = await Promise.all([croppedPhoto(photo), renderPhotoOverlay(input)]);
  return sharp(crop).composite([overlay]).jpeg(photoCardOptions).toBuffer();
}
