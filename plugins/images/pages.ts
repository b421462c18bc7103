/**
 * ビルドの HTML から、ページごとの写真（幅ごとの AVIF）を読む。オフライン用の保存（plugins/offline/precache.ts）が、
 * 写真ごとに保存する 1 ファイルを選ぶのに使う。
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {listHtmlFiles} from '../../lib/html-files';
import {candidatesOf, offlinePhotoWidth, photoPath} from './shared';

/** 1 枚の写真: 幅ごとの AVIF（狭い順）。 */
export type PagePhoto = {readonly candidates: readonly {url: string; width: number}[]};

/** 画面用の <source type="image/avif">（紙用の media="print" ではないもの）の srcset。 */
function screenSources(html: string): string[] {
  return [...html.matchAll(/<source\b([^>]*)>/g)]
    .map(([, attributes = '']) => attributes)
    .filter((attributes) => /type="?image\/avif/.test(attributes) && !/\bmedia=/.test(attributes))
    .map((attributes) => /srcset="([^"]+)"/.exec(attributes)?.[1] ?? '')
    .filter((srcset) => srcset.startsWith(photoPath));
}

/** build の HTML ファイル（outDir からの相対パス）ごとの写真。写真のないページは入れない。 */
export async function photosByPage(outDir: string): Promise<Map<string, PagePhoto[]>> {
  const pages = new Map<string, PagePhoto[]>();
  for (const file of await listHtmlFiles(outDir)) {
    const html = await readFile(path.join(outDir, file), 'utf8');
    const photos = screenSources(html).map((srcset) => ({
      candidates: candidatesOf(srcset).sort((a, b) => a.width - b.width),
    }));
    if (photos.length > 0) pages.set(file.split(path.sep).join('/'), photos);
  }
  return pages;
}

/** オフライン用に保存する 1 ファイル: offlinePhotoWidth 以上でいちばん狭い幅（元の写真が小さければいちばん広い幅）。 */
export function offlineVariant(photo: PagePhoto): {url: string; width: number} {
  const {candidates} = photo;
  const chosen =
    candidates.find(({width}) => width >= offlinePhotoWidth) ?? candidates[candidates.length - 1];
  if (!chosen) throw new Error('[denki-images] 幅ごとのファイルがない写真があります');
  return chosen;
}
