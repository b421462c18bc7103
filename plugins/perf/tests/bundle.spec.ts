/** ブラウザに送る JS の書き出し方（plugins/perf）: 日本語は UTF-8 のまま（\uXXXX で 6 バイトにしない）、tslib は使う分だけ、入口の JS には V8 のコンパイルの指示。 */
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {compileHint, eagerChunks} from '../compile-hints';
import {missingTslibHelpers} from '../tslib-helpers';

const jsDir = path.resolve('build/assets/js');
const title = 'ゲームの運営（主催者）';
/** title を \uXXXX の形で書いたもの（Docusaurus Faster の既定の書き出し）。 */
const escapedTitle = Array.from(
  title,
  (char) => `\\u${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`,
).join('');

test('JS の日本語は UTF-8 のまま書き出され、\\uXXXX の形にしない', () => {
  const sources = readdirSync(jsDir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(path.join(jsDir, file), 'utf8'));
  expect(sources.filter((source) => source.includes(title)).length).toBeGreaterThan(0);
  expect(sources.filter((source) => source.includes(escapedTitle))).toHaveLength(0);
});

test('tslib は使う補助関数だけが入り、足りない補助関数を呼ぶ JS はビルドで見つかる', async () => {
  const sources = readdirSync(jsDir).map((file) => readFileSync(path.join(jsDir, file), 'utf8'));
  // 既定では tslib のすべての補助関数が main.js に入る（__addDisposableResource は使われていない補助関数の一つ）。
  expect(sources.some((source) => source.includes('__addDisposableResource'))).toBe(false);
  expect(sources.some((source) => source.includes('.__importDefault('))).toBe(true);
  expect(await missingTslibHelpers(process.cwd(), jsDir)).toEqual([]);

  const dir = mkdtempSync(path.join(tmpdir(), 'denki-tslib-'));
  try {
    writeFileSync(path.join(dir, 'a.js'), 'var t=n(1);t.__importDefault(x);t.__assign({},y);');
    expect(await missingTslibHelpers(process.cwd(), dir)).toEqual(['__assign']);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('入口の JS（main と react-dom）だけが、V8 に読み込みと並んでコンパイルさせる印で始まる', () => {
  const files = readdirSync(jsDir).filter((file) => file.endsWith('.js'));
  const hinted = files.filter((file) =>
    readFileSync(path.join(jsDir, file), 'utf8').startsWith(compileHint),
  );
  expect(hinted.map((file) => file.replace(/\.[0-9a-f]{8}\.js$/, '')).sort()).toEqual(
    [...eagerChunks].sort(),
  );
});
