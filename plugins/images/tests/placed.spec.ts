/**
 * 前のビルドが置いた写真を、出力が消される間だけ退けて戻す（placed.ts）。戻したあとの出力の写真は、
 * HTML が指すものとちょうど同じになる（ブラウザは使わない）。
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import {readFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {parkPlacedPhotos, placePhotos} from '../placed';
import {photoPath, type PhotoFormat} from '../shared';

type Site = {
  readonly outDir: string;
  readonly photos: string;
  readonly cachedFile: (name: string, format: PhotoFormat) => string;
  readonly remove: () => void;
};

/** 出力と、写真の変換のキャッシュの代わりのフォルダー。キャッシュには a.avif、b.jpg、c.avif がある。 */
function site(): Site {
  const dir = mkdtempSync(path.join(tmpdir(), 'denki-placed-'));
  const cache = path.join(dir, 'cache');
  mkdirSync(cache);
  for (const file of ['a.avif', 'b.jpg', 'c.avif']) writeFileSync(path.join(cache, file), file);
  const outDir = path.join(dir, 'out');
  return {
    outDir,
    photos: path.join(outDir, photoPath),
    cachedFile: (name, format) => path.join(cache, `${name}.${format}`),
    remove: () => rmSync(dir, {recursive: true, force: true}),
  };
}

/** Docusaurus のビルドの初め: 出力のフォルダーを丸ごと消す。 */
function clearOutput({outDir}: Site): void {
  rmSync(outDir, {recursive: true, force: true});
  mkdirSync(outDir);
}

test('写真のファイルはビルドをまたいで残り、HTML が指すものだけになる', async () => {
  const s = site();
  try {
    await placePhotos(
      s.outDir,
      new Map([
        ['a', 'avif'],
        ['b', 'jpg'],
      ]),
      s.cachedFile,
    );
    expect(readdirSync(s.photos).sort()).toEqual(['a.avif', 'b.jpg']);
    const placedA = statSync(path.join(s.photos, 'a.avif')).ino;

    parkPlacedPhotos(s.outDir);
    expect(existsSync(s.photos)).toBe(false);
    clearOutput(s);
    await placePhotos(
      s.outDir,
      new Map([
        ['a', 'avif'],
        ['c', 'avif'],
      ]),
      s.cachedFile,
    );

    expect(readdirSync(s.photos).sort()).toEqual(['a.avif', 'c.avif']);
    // a.avif は前のビルドのファイルそのもの（置き直していない）。c.avif はキャッシュから置いた。
    expect(statSync(path.join(s.photos, 'a.avif')).ino).toBe(placedA);
    expect(await readFile(path.join(s.photos, 'c.avif'), 'utf8')).toBe('c.avif');
  } finally {
    s.remove();
  }
});

test('写真の無くなったサイトでは、退けた写真を出力に戻さない', async () => {
  const s = site();
  try {
    await placePhotos(s.outDir, new Map([['a', 'avif']]), s.cachedFile);
    parkPlacedPhotos(s.outDir);
    clearOutput(s);
    await placePhotos(s.outDir, new Map(), s.cachedFile);
    expect(existsSync(s.photos)).toBe(false);
    // 退けた写真は片付いている: 次に写真を足したビルドにも、古いファイルは出てこない。
    await placePhotos(s.outDir, new Map([['c', 'avif']]), s.cachedFile);
    expect(readdirSync(s.photos)).toEqual(['c.avif']);
  } finally {
    s.remove();
  }
});

test('キャッシュに無い写真は、ファイルの名前と直し方を添えてビルドを止める', async () => {
  const s = site();
  try {
    await expect(placePhotos(s.outDir, new Map([['zz', 'jpg']]), s.cachedFile)).rejects.toThrow(
      /写真のファイル zz\.jpg がキャッシュ.*npm run clear/,
    );
  } finally {
    s.remove();
  }
});
