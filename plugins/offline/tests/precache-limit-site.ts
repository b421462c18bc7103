/**
 * issue 27 の上限の試し方: 複製の Service Worker の上限を 4 KiB に下げ、記事を 50 本足して、アーカイブのチャンクを
 * 上限より大きくする（1,000 本の記事を 3 MiB の上限で試すのと同じ道筋を、短い時間で通す）。
 * テスト用の共有の複製（tests/support/test-routes-build.ts）がこれを当ててビルドし、precache-limit.spec.ts が調べる。
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {SiteCopy} from '../../../lib/site-copy';

export const precacheLimitKiB = 4;
const postCount = 50;
const limitLine = 'export const precacheFileMaxBytes = 3 * 1024 * 1024;';

/** 公開の記事と同じだけのメタデータ（題、1 文の説明、著者、タグ）を持つ記事。 */
function post(n: number): {readonly file: string; readonly text: string} {
  const day = String((n % 28) + 1).padStart(2, '0');
  const month = String((Math.floor(n / 28) % 12) + 1).padStart(2, '0');
  return {
    file: `blog/2026-${month}-${day}-limit-${n}/index.md`,
    text: `---
title: 上限を試す開催レポート その${n}
description: 上限を試すために足した、${n} 本目の開催レポートです。駅の集合から結果発表までを短くまとめます。
authors: [matsuri]
tags: [announcement, update]
---

駅前に集まって、ゲームを始めました。

<!-- truncate -->

結果発表まで、みんなで街を逃げ回りました。
`,
  };
}

/** 複製の上限を下げて記事を足す。precache.ts の上限の行が変わっていたら投げる（試し方を直すため）。 */
export function lowerPrecacheLimit(copy: SiteCopy): void {
  const config = 'plugins/offline/precache.ts';
  const source = readFileSync(path.join(copy.dir, config), 'utf8');
  if (!source.includes(limitLine))
    throw new Error(`${config} の上限の行が変わりました: ${limitLine}`);
  copy.write(
    config,
    source.replace(limitLine, `export const precacheFileMaxBytes = ${precacheLimitKiB} * 1024;`),
  );
  for (let n = 0; n < postCount; n++) {
    const {file, text} = post(n);
    copy.write(file, text);
  }
}
