/**
 * JSON-LD はデータのまま（issue 60 の 3）: 題や説明の </script> で <script> が閉じない（ブラウザーを使わない。1 秒かからない）。
 * - serializeJsonLd は <、>、&、U+2028、U+2029 を \u003c のように書き、JSON として読んだ値は変わらない。
 * - Docusaurus のテーマの部品のうち JSON-LD を書くもの（JSON.stringify をそのまま <script> に入れる）は、どれも
 *   src/theme で差し替えてあり（元の部品を包まない）、JsonLd の部品を使う。テーマが JSON-LD を書く部品を増やせば失敗する。
 * 組んだページの確かめ（題と説明に </script> を書いた記事）は tests/node/build-strictness.spec.ts。
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {serializeJsonLd} from '../../src/components/JsonLd/serialize';

test('serializeJsonLd は <、>、&、U+2028、U+2029 を書かず、読んだ値は元のまま', () => {
  const data = {
    headline: '題</script><meta http-equiv="refresh" content="0">',
    description: '説明 <!-- & --> \u2028\u2029 <style>',
  };
  const text = serializeJsonLd(data);
  expect(text).not.toMatch(/[<>&\u2028\u2029]/);
  expect(text).toContain('\\u003c/script\\u003e');
  expect(text).toContain('\\u0026');
  expect(text).toContain('\\u2028\\u2029');
  expect(JSON.parse(text)).toEqual(data);
});

/** dir の中のファイル（dir からのパス）。 */
function files(dir: string): string[] {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

test('テーマの部品のうち JSON-LD を書くものは、どれも src/theme で JsonLd の部品に差し替えてある', () => {
  const themes = ['theme-classic', 'theme-common'].map((name) =>
    path.join('node_modules/@docusaurus', name, 'src/theme'),
  );
  const writers = themes
    .filter((dir) => existsSync(dir))
    .flatMap((dir) =>
      files(dir)
        .filter((file) => /\.tsx?$/.test(file))
        .filter((file) => readFileSync(path.join(dir, file), 'utf8').includes('ld+json')),
    );
  expect(writers.length).toBeGreaterThan(0);
  for (const file of writers) {
    const ours = path.join('src/theme', file);
    expect(existsSync(ours), `${file} を src/theme で差し替える`).toBe(true);
    const source = readFileSync(ours, 'utf8');
    expect(source, ours).not.toContain('@theme-original/');
    expect(source, ours).toContain("from '@site/src/components/JsonLd'");
  }
  // ほかに JSON-LD を書くところ（サイトとプラグイン）は JsonLd の部品だけ。
  const ownWriters = ['src', 'plugins'].flatMap((dir) =>
    files(dir)
      .filter((file) => /\.(ts|tsx|js)$/.test(file) && !file.includes('/tests/'))
      .filter((file) => readFileSync(path.join(dir, file), 'utf8').includes('ld+json'))
      .map((file) => path.join(dir, file)),
  );
  expect(ownWriters).toEqual(['src/components/JsonLd/index.tsx']);
});
