/**
 * JPEG の画像データより前にある区切り（マーカー）の名前。メタデータは APP1〜APP15（EXIF、XMP、ICC、
 * Photoshop の IPTC …）とコメント（COM）に入るので、整えた写真にこれが無いことをテストと計測が確かめる。
 * 画像データの中のバイトの並び（たまたま "GPS" になる並び）は見ない。
 */
export function jpegHeaderSegments(bytes: Buffer): string[] {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('JPEG ではありません（SOI がない）');
  const names: string[] = [];
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff)
      throw new Error(`JPEG の区切りが壊れています（${offset} バイト目）`);
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // SOS（画像データの始まり）より後は見ない。
    if (marker === 0xda) break;
    const length = bytes.readUInt16BE(offset + 2);
    names.push(
      marker >= 0xe0 && marker <= 0xef
        ? `APP${marker - 0xe0}`
        : marker === 0xfe
          ? 'COM'
          : `0x${marker.toString(16)}`,
    );
    offset += 2 + length;
  }
  return names;
}

/** メタデータを運ぶ区切り（APP0 の JFIF のほかの APPn と COM）。 */
export const metadataSegments = (bytes: Buffer): string[] =>
  jpegHeaderSegments(bytes).filter((name) => /^APP([1-9]|1[0-5])$|^COM$/.test(name));
