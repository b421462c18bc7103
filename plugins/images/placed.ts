/**
 * build に置いた写真のファイルを、次のビルドまで残す。Docusaurus はビルドの初めに出力のフォルダーを丸ごと
 * 消すので、50 倍のサイトでは毎回 2 万 8 千個のリンクを消して、また作ることになる（warm のビルドで約 3 秒）。
 * 消される前（サイトを読み込む段）に写真のフォルダーをキャッシュへ移し（park）、postBuild で戻してから、
 * HTML が指す写真に合わせる（reconcile: 指さなくなったファイルを消し、足りないファイルを置く）。
 */
import {mkdirSync, renameSync, rmSync} from 'node:fs';
import {copyFile, link, mkdir, readdir, rename, rm, unlink} from 'node:fs/promises';
import path from 'node:path';
import pMap from 'p-map';
import {cacheFolder, contentKey} from '../cache';
import {photoPath, type PhotoFormat} from './shared';

/** 出力のフォルダーごとの置き場（テストの複製や --out-dir で、別の出力の写真と混ざらない）。 */
const parkingOf = (outDir: string): string =>
  path.join(cacheFolder('denki-photos-placed'), contentKey(path.resolve(outDir)).slice(0, 16));

const photosOf = (outDir: string): string => path.join(outDir, photoPath);

/**
 * 出力の写真のフォルダーを置き場へ移す（同じファイルシステムの中の名前の付け替えなので、数に依らず一瞬）。
 * 置き場に前のものが残っていれば（postBuild の前に止まったビルド）、出力に写真がないときだけそれを使う。
 * 移せないとき（出力が別のファイルシステム）は何もせず、Docusaurus が消すに任せる。
 */
export function parkPlacedPhotos(outDir: string): void {
  const parking = parkingOf(outDir);
  mkdirSync(path.dirname(parking), {recursive: true});
  try {
    renameSync(photosOf(outDir), `${parking}.new`);
  } catch {
    return;
  }
  rmSync(parking, {recursive: true, force: true});
  renameSync(`${parking}.new`, parking);
}

/**
 * キャッシュのファイルを出力に置く。ハードリンクなら中身を写さない（50 倍のサイトでは 2 万 8 千個、約 400 MB）。
 * 別のファイルシステムの出力先など、リンクできないときは写す。
 */
async function place(cached: string, target: string): Promise<void> {
  try {
    await link(cached, target);
  } catch {
    await copyFile(cached, target);
  }
}

/**
 * 一度に置くファイルの数。すべてを一度に頼むと libuv のスレッドの待ち行列を埋め、並行して HTML を読む
 * 検索の索引の読み込みが、その後ろで待たされる（10 倍のサイトで 3 秒）。
 */
const placeConcurrency = 16;

/** 置き場の写真を出力に戻す。戻したフォルダーにあるファイルの名前（無ければ空）。 */
async function unpark(outDir: string): Promise<Set<string>> {
  const target = photosOf(outDir);
  try {
    await mkdir(path.dirname(target), {recursive: true});
    await rename(parkingOf(outDir), target);
    return new Set(await readdir(target));
  } catch {
    await mkdir(target, {recursive: true});
    return new Set();
  }
}

/**
 * 出力の写真を wanted（名前 → 形式）にそろえる。置き場から戻したファイルのうち、要らないものは消し、
 * 無いものは cachedFile（キャッシュの場所）から置く。キャッシュに無いファイルがあれば、名前を添えて reject する。
 */
export async function placePhotos(
  outDir: string,
  wanted: ReadonlyMap<string, PhotoFormat>,
  cachedFile: (name: string, format: PhotoFormat) => string,
): Promise<void> {
  if (wanted.size === 0) {
    await rm(parkingOf(outDir), {recursive: true, force: true});
    return;
  }
  const present = await unpark(outDir);
  const target = photosOf(outDir);
  const wantedFiles = new Set([...wanted].map(([name, format]) => `${name}.${format}`));
  await pMap(
    [...present].filter((file) => !wantedFiles.has(file)),
    (file) => unlink(path.join(target, file)),
    {concurrency: placeConcurrency},
  );
  await pMap(
    [...wanted].filter(([name, format]) => !present.has(`${name}.${format}`)),
    async ([name, format]) => {
      const file = `${name}.${format}`;
      await place(cachedFile(name, format), path.join(target, file)).catch((error: unknown) => {
        throw new Error(
          `[denki-images] 写真のファイル ${file} がキャッシュ（node_modules/.cache/denki-photos）にありません。npm run clear のあとでビルドし直してください。`,
          {cause: error},
        );
      });
    },
    {concurrency: placeConcurrency},
  );
}
