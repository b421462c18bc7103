/**
 * 報告記事（写真のあるブログ記事）の SNS カード: 最初の写真を 1200×630 に切り抜き、題のカードと同じ
 * 配置の題・ロゴを暗い帯に白い字で重ねる。X や LINE で共有したとき、その日の様子が見える。
 */
import sharp from 'sharp';
import {CARD_HEIGHT, CARD_WIDTH, renderPhotoOverlay, type CardInput} from './card';

/** 写真の画素は多いので、PNG ではなく JPEG にする（題のカードより小さく、SNS もそのまま読める）。 */
export const photoCardOptions = {quality: 80, mozjpeg: true} as const;

/**
 * photoFile（向きを当てた、メタデータのない写真）から描く。切り抜きは目を引く所（sharp の attention:
 * 色の濃さ・肌の色・明暗の強い所）を残す。書き出す JPEG にはメタデータを入れない（sharp の既定）。
 */
export async function renderPhotoCard(input: CardInput, photoFile: string): Promise<Buffer> {
  // sharp は切り抜いて縮めたあとに重ねる（composite は処理の最後）。
  return sharp(photoFile)
    .resize(CARD_WIDTH, CARD_HEIGHT, {fit: 'cover', position: sharp.strategy.attention})
    .composite([{input: await renderPhotoOverlay(input)}])
    .jpeg(photoCardOptions)
    .toBuffer();
}
