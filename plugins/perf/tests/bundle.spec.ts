/** ブラウザに送る JS の書き出し方（plugins/perf）: 日本語は UTF-8 のまま（\uXXXX で 6 バイトにしない）。 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';

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
