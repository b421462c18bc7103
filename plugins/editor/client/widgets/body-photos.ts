/** 本文の中の写真（![説明](./photo-1.jpg)）を数え、説明を書き換え、足す。 */
import {photoMarkdownPattern} from '../../shared';

export type BodyPhoto = {
  /** 本文の中での順番（0 から）。 */
  readonly index: number;
  readonly alt: string;
  /** ./photo-1.jpg */
  readonly src: string;
};

export function photosIn(body: string): BodyPhoto[] {
  return [...body.matchAll(photoMarkdownPattern)].map((match, index) => ({
    index,
    alt: match[1] ?? '',
    src: match[2] ?? '',
  }));
}

/** 説明は 1 行。] は Markdown の終わりと読まれるので全角にする。 */
export const cleanAlt = (alt: string): string =>
  alt.replace(/\s+/g, ' ').replace(/\[/g, '［').replace(/\]/g, '］');

export function withAlt(body: string, index: number, alt: string): string {
  let seen = -1;
  return body.replace(photoMarkdownPattern, (whole, _alt: string, src: string) => {
    seen += 1;
    return seen === index ? `![${cleanAlt(alt)}](${src})` : whole;
  });
}

/** 写真を、選んだ順に 1 枚ずつ段落にして、カーソルの位置（無ければ末尾）に入れる。 */
export function withPhotos(
  body: string,
  files: readonly string[],
  at: number = body.length,
): string {
  const before = body.slice(0, at).replace(/\s*$/, '');
  const after = body.slice(at).replace(/^\s*/, '');
  const photos = files.map((file) => `![](./${file})`).join('\n\n');
  return [before, photos, after].filter(Boolean).join('\n\n') + (after ? '' : '\n');
}

/** 次の写真の番号（本文と記事のフォルダーにある photo-N.jpg のいちばん大きい N の次）。 */
export function nextPhotoNumber(names: readonly string[]): number {
  const numbers = names.map((name) => /photo-(\d+)\.jpe?g$/.exec(name)?.[1]).filter(Boolean);
  return Math.max(0, ...numbers.map(Number)) + 1;
}

/** 説明が空の写真の数。 */
export const photosWithoutAlt = (body: string): number =>
  photosIn(body).filter((photo) => photo.alt.trim() === '').length;

/**
 * index 番目の写真を本文から外す（その写真だけの段落なら段落ごと。前後の空行は 1 つにする）。保存すると、
 * 使われなくなった写真のファイルも記事のブランチから消える（../takedown.ts の removedPhotos）。
 */
export function withoutPhoto(body: string, index: number): string {
  let seen = -1;
  const marked = body.replace(photoMarkdownPattern, (whole) => {
    seen += 1;
    return seen === index ? '\uE000' : whole;
  });
  return marked
    .replace(/(^|\n)[ \t]*\uE000[ \t]*(?=\n|$)/, '$1')
    .replace('\uE000', '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+/, '');
}
