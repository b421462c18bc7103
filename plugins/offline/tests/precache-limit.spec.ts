/**
 * issue 27: 大きさの上限を超えたチャンクはビルドを止めない。名前を挙げて警告し、プリキャッシュにも保存の一覧にも
 * 入れず、配信から読ませる。ルートの一覧にあって候補にも外したファイルにも無いものは、いまも止める。
 * 記事を 50 本足した複製で、Service Worker の上限を 4 KiB に下げてビルドし、アーカイブのチャンクを上限より
 * 大きくする（1,000 本の記事を 3 MiB の上限で試すのと同じ道筋を、短い時間で通す）。
 */
import {existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {buildSiteCopy, createSiteCopy} from '../../../lib/site-copy';
import type {RouteFiles} from '../../routes/chunk-files';
import {chunksForRoutes} from '../route-chunks';
import type {SaveList} from '../shared';

const BUILD_TIMEOUT_MS = 300_000;
const limitKiB = 4;
const postCount = 50;
const limitLine = 'export const precacheFileMaxBytes = 3 * 1024 * 1024;';

test.describe.configure({mode: 'default', timeout: BUILD_TIMEOUT_MS + 60_000});

type Post = {readonly file: string; readonly text: string};

/** 公開の記事と同じだけのメタデータ（題、1 文の説明、著者、タグ）を持つ記事。 */
function post(n: number): Post {
  const day = String((n % 28) + 1).padStart(2, '0');
  const month = String((Math.floor(n / 28) % 12) + 1).padStart(2, '0');
  return {
    file: `blog/2026-${month}-${day}-limit-${n}.mdx`,
    text: `---
title: 上限を試す開催レポート その${n}
description: 上限を試すために足した、${n} 本目の開催レポートです。駅の集合から結果発表までを短くまとめます。
authors: [matsuri]
tags: [announcement, update]
---

駅前に集まって、ゲームを始めました。

{/* truncate */}

結果発表まで、みんなで街を逃げ回りました。
`,
  };
}

test('上限を超えたアーカイブのチャンクは、名前つきの警告を出して配信に任せ、ビルドは通る', async () => {
  const copy = createSiteCopy('precache-limit');
  try {
    const config = path.join(copy.dir, 'plugins/offline/precache.ts');
    const source = readFileSync(config, 'utf8');
    expect(source, 'precache.ts の上限の行が変わった').toContain(limitLine);
    writeFileSync(
      config,
      source.replace(limitLine, `export const precacheFileMaxBytes = ${limitKiB} * 1024;`),
    );
    for (let n = 0; n < postCount; n++) {
      const {file, text} = post(n);
      copy.write(file, text);
    }
    const result = await buildSiteCopy(copy, BUILD_TIMEOUT_MS);
    expect(result.exitCode, result.output).toBe(0);

    const {routes} = JSON.parse(
      readFileSync(path.join(copy.dir, '.docusaurus/denki-routes/route-files.json'), 'utf8'),
    ) as RouteFiles;
    const sizeOf = (url: string): number => statSync(path.join(copy.outDir, url)).size;
    const archiveFiles = Object.entries(routes)
      .filter(([key]) => /^\/blog\/archive(\/|-)/.test(key))
      .flatMap(([, files]) => files);
    const overLimit = archiveFiles.filter((file) => sizeOf(file) > limitKiB * 1024);
    expect(overLimit.length, 'アーカイブに上限を超えるチャンクがない').toBeGreaterThan(0);

    expect(result.output).toContain('[denki-offline]');
    const sw = readFileSync(path.join(copy.outDir, 'sw.js'), 'utf8');
    const saveList = JSON.parse(
      readFileSync(path.join(copy.outDir, 'offline-save.json'), 'utf8'),
    ) as SaveList;
    const saved = new Set(saveList.files.map((file) => file.url));
    for (const file of overLimit) {
      expect(result.output, '警告がファイルを名指しする').toContain(file);
      expect(sw, 'プリキャッシュに入れない').not.toContain(file);
      expect(saved.has(`/${file}`), '保存の一覧に入れない').toBe(false);
    }
    // 保存の一覧のファイルはどれもビルドにあり、上限以下（HTML はクリーン URL で載る）。
    for (const {url} of saveList.files) {
      const file = [url.slice(1), `${url.slice(1)}.html`, `${url.slice(1)}/index.html`]
        .map((candidate) => path.join(copy.outDir, candidate === '' ? 'index.html' : candidate))
        .find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
      expect(file, url).toBeDefined();
      expect(statSync(file as string).size, url).toBeLessThanOrEqual(limitKiB * 1024);
    }
    // 上限を超えても、アーカイブのページ自体はビルドにある。
    expect(existsSync(path.join(copy.outDir, 'blog/archive.html'))).toBe(true);
  } finally {
    copy.remove();
  }
});

test('ルートのファイルが候補にも外したファイルにも無ければビルドを止め、外したものは選ばない', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'denki-route-files-'));
  try {
    const routeFiles = path.join(dir, 'route-files.json');
    const routes: RouteFiles = {
      routes: {
        '/blog/archive-182': ['assets/js/big.js', 'assets/js/small.js'],
        '/docs/intro-abc': ['assets/js/gone.js'],
      },
    };
    writeFileSync(routeFiles, JSON.stringify(routes));
    const urls = ['assets/js/small.js'];
    const archive = (key: string): boolean => key.startsWith('/blog/archive');
    expect([...chunksForRoutes(routeFiles, urls, archive, new Set(['assets/js/big.js']))]).toEqual([
      'assets/js/small.js',
    ]);
    expect(() => chunksForRoutes(routeFiles, urls, archive)).toThrow(
      /assets\/js\/big\.js がプリキャッシュの候補になく、大きさの上限で外したファイルでもありません/,
    );
    expect(() =>
      chunksForRoutes(routeFiles, urls, () => true, new Set(['assets/js/big.js'])),
    ).toThrow(/\/docs\/intro-abc の assets\/js\/gone\.js/);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
