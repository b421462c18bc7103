/**
 * 載せられない写真は、ファイルの名前と直し方を日本語で述べてビルドを止める（issue 25）。
 * 壊れた写真を 1 本ずつの記事にして、サイトの複製を 1 度だけビルドし、どの記事の理由も出力にあることを確かめる。
 * .jpg でない写真（gate.heic、map.PNG）は、その前に事務局のフォルダーの検査が直し方を添えて止める
 * （issue 65。tests/node/content-files.spec.ts）ので、ここでは .jpg の名前の中身の誤りを確かめる。
 */
import {execFileSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import sharp from 'sharp';
import {photoJpeg} from '../../../lib/photos';
import {buildSiteCopy, createSiteCopy, type BuildResult} from '../../../lib/site-copy';
import {buildTimeoutMs} from './report-site';

type BadPost = {
  readonly slug: string;
  readonly markdown: string;
  readonly files: Readonly<Record<string, () => Promise<Buffer>>>;
  /** 出力に出るべき文（ファイルの名前と直し方）。 */
  readonly messages: readonly (string | RegExp)[];
};

const smallPhoto = (): Promise<Buffer> => photoJpeg({width: 320, height: 240, seed: 9});

/**
 * iPhone が書き出すのと同じ、本物の HEIC（HEVC で符号化した HEIF）。Debian の ImageMagick が libheif で
 * 書く（scripts/setup.sh が入れる）。sharp の配布版は HEVC を書けない。
 */
async function realHeic(seed: number): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'denki-heic-'));
  try {
    const png = path.join(dir, 'photo.png');
    const heic = path.join(dir, 'photo.heic');
    await sharp(await photoJpeg({width: 640, height: 480, seed}))
      .png()
      .toFile(png);
    execFileSync('convert', [png, heic], {stdio: 'pipe'});
    const bytes = readFileSync(heic);
    // ISO BMFF の ftyp の主銘柄が heic（HEVC の静止画）であること。
    expect(bytes.toString('latin1', 4, 12)).toBe('ftypheic');
    return bytes;
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

const badPosts: readonly BadPost[] = [
  {
    slug: 'html-as-photo',
    markdown: '![駅の様子](./station.jpg)',
    files: {
      'station.jpg': async () =>
        Buffer.from('<!DOCTYPE html><html><body>保存したページ</body></html>'),
    },
    messages: [
      /html-as-photo\/station\.jpg: 拡張子は \.jpg ですが、画像ではありません/,
      '元の写真のファイルを置き直してください',
    ],
  },
  {
    slug: 'png-as-jpeg',
    markdown: '![地図](./map.jpg)',
    files: {
      'map.jpg': async () =>
        sharp(await smallPhoto())
          .png()
          .toBuffer(),
    },
    messages: [/png-as-jpeg\/map\.jpg: 拡張子は \.jpg ですが、中身は PNG の画像です/],
  },
  {
    slug: 'heic-renamed',
    markdown: '![ホームの様子](./platform.jpg)',
    files: {'platform.jpg': () => realHeic(6)},
    messages: [
      /heic-renamed\/platform\.jpg: HEIC の写真です。.*写真アプリで JPEG として書き出してください/,
    ],
  },
  {
    slug: 'no-alt',
    markdown: '![](./crowd.jpg)',
    files: {'crowd.jpg': smallPhoto},
    messages: [/no-alt\/index\.md:\d+: 写真に説明（代わりのテキスト）がありません。/],
  },
];

const post = (slug: string, markdown: string): string =>
  `---\ntitle: 壊れた写真 ${slug}\ndate: 2026-11-21\n---\n\n冒頭です。\n\n<!-- truncate -->\n\n${markdown}\n`;

test.describe.configure({timeout: buildTimeoutMs + 60_000});

test('載せられない写真（画像でないもの、中身の違う拡張子、HEIC、説明のない写真）はビルドを止めて理由を述べる', async () => {
  const copy = createSiteCopy('bad-photos');
  let result: BuildResult;
  try {
    for (const {slug, markdown, files} of badPosts) {
      const dir = path.join(copy.dir, 'blog', `2026-11-21-${slug}`);
      mkdirSync(dir, {recursive: true});
      writeFileSync(path.join(dir, 'index.md'), post(slug, markdown));
      for (const [name, make] of Object.entries(files))
        writeFileSync(path.join(dir, name), await make());
    }
    result = await buildSiteCopy(copy, buildTimeoutMs);
  } finally {
    copy.remove();
  }
  expect(result.exitCode).not.toBe(0);
  for (const {messages} of badPosts) {
    for (const message of messages) expect(result.output).toMatch(message);
  }
});
