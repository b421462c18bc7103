/** エディターが書いたものの確かめ（Chromium と WebKit のスペックが使う）。 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect} from '@playwright/test';
import sharp from 'sharp';
import {parse} from 'yaml';
import type {EditorRepo} from '../../../lib/editor-repo';
import {metadataSegments} from '../../../lib/jpeg-segments';
import {maxLongSide} from '../client/photos/prepare';

/** いまの記事（blog/<フォルダー>/index.md）のフォルダーと題。 */
export function existingPosts(): {dir: string; title: string}[] {
  return readdirSync('blog', {withFileTypes: true})
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const source = readFileSync(path.join('blog', entry.name, 'index.md'), 'utf8');
      const frontMatter = parse(/^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '') as {title: string};
      return {dir: entry.name, title: frontMatter.title};
    });
}

/** 保存した写真に、撮った場所・機種・日時のメタデータが何も残っていないこと（sharp と、JPEG の区切り）。 */
export async function expectClean(file: string): Promise<{width: number; height: number}> {
  const bytes = readFileSync(file);
  const metadata = await sharp(bytes).metadata();
  expect(metadata.format, file).toBe('jpeg');
  expect(metadata.exif, `${file} に EXIF が残っている`).toBeUndefined();
  expect(metadata.xmp, `${file} に XMP が残っている`).toBeUndefined();
  expect(metadata.iptc, `${file} に IPTC が残っている`).toBeUndefined();
  expect(metadata.orientation ?? 1, file).toBe(1);
  expect(metadataSegments(bytes), `${file} のメタデータの区切り`).toEqual([]);
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  expect(Math.max(width, height), file).toBeLessThanOrEqual(maxLongSide);
  return {width, height};
}

export type Report = {
  readonly postDir: string;
  readonly title: string;
  /** 本文に 1 度だけあるはずの文。 */
  readonly body: string;
  readonly alts: readonly string[];
};

/**
 * 最後のコミットが、記事と写真 3 枚（12 メガピクセル、横倒し、PNG の順に選んだもの）だけを足し、題と本文は
 * 1 度ずつ、写真は選んだ順に説明つきで、どの写真もメタデータがなく、横倒しの 1 枚は縦長であること。
 */
export async function expectCommittedReport(repo: EditorRepo, report: Report): Promise<string> {
  const {postDir, title, body, alts} = report;
  const files = (await repo.git('show', '--name-only', '--format=', 'HEAD')).trim().split('\n');
  expect(files.sort()).toEqual(
    ['index.md', 'photo-1.jpg', 'photo-2.jpg', 'photo-3.jpg'].map((file) => `${postDir}/${file}`),
  );
  const source = readFileSync(path.join(repo.copy.dir, postDir, 'index.md'), 'utf8');
  expect(source.split(title).length, '題は 1 度だけ').toBe(2);
  expect(source.split(body).length, '本文は 1 度だけ').toBe(2);
  expect(source).toContain(
    `title: ${title}\nauthors: [matsuri]\ntags: [announcement, update]\ndate: 2026-11-27\n`,
  );
  const images = [...source.matchAll(/!\[([^\]]*)\]\(\.\/(photo-\d)\.jpg\)/g)];
  expect(images.map(([, alt, name]) => [alt, name])).toEqual(
    alts.map((alt, index) => [alt, `photo-${index + 1}`]),
  );
  const sizes = [];
  for (const index of [1, 2, 3]) {
    sizes.push(await expectClean(path.join(repo.copy.dir, postDir, `photo-${index}.jpg`)));
  }
  // 12 メガピクセルは長い辺が 2,880 px に。横倒しに保存した 1 枚は、縦長の画素になる。
  expect(sizes[0]).toEqual({width: maxLongSide, height: 2160});
  expect(sizes[1]?.height ?? 0).toBeGreaterThan(sizes[1]?.width ?? 0);
  return source;
}
