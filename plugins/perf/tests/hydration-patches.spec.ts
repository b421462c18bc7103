/**
 * ハイドレーションを分けるための置き換え（plugins/perf/hydration-patches.ts）: 今の依存にちょうど当たり、
 * 依存が変わればビルドを止めること。<Suspense> の中身（本文・サイドバー・目次・フッター）が、どのページでも
 * HTML のその場にあり、React の「後から差し込む」形（隠した要素とインラインのスクリプト）になっていないこと。
 * ファイルを読むだけ（1 秒未満）。
 */
import {readdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {hydrationPatchRules, patchedFiles} from '../hydration-patches';

const require = createRequire(__filename);
const checkedReplace = require('../checked-replace-loader.cjs') as (
  this: {resourcePath: string; getOptions: () => unknown},
  source: string,
) => string;

type Options = {replacements: {from: string; to: string; count?: number}[]; reason: string};

function runRule(file: string, source: string): string {
  const rule = hydrationPatchRules.find((candidate) => candidate.test.test(file));
  if (!rule) throw new Error(`${file} に当たる規則がありません`);
  const [use] = rule.use;
  return checkedReplace.call(
    {resourcePath: file, getOptions: () => use?.options as Options},
    source,
  );
}

test('置き換えは今の @docusaurus のファイルにちょうど当たり、setState を transition にする', () => {
  expect(patchedFiles).toHaveLength(hydrationPatchRules.length);
  for (const file of patchedFiles) {
    const fullPath = path.resolve('node_modules/@docusaurus', file);
    const patched = runRule(fullPath, readFileSync(fullPath, 'utf8'));
    expect(patched, file).toMatch(
      file.endsWith('renderToHtml.js') ? /progressiveChunkSize/ : /startTransition\(\(\) => set/,
    );
  }
});

test('置き換える元が見つからないとき（依存が変わったとき）は、ファイルと理由を挙げてビルドを止める', () => {
  const file = path.resolve('node_modules/@docusaurus/theme-common/lib/hooks/useWindowSize.js');
  expect(() => runRule(file, 'export function useWindowSize() {}')).toThrow(
    /useWindowSize\.js[\s\S]*plugins\/perf\/hydration-patches\.ts/,
  );
});

test('どのページの HTML でも、<Suspense> の中身はその場にあり、後から差し込む要素とスクリプトが無い', () => {
  const htmlFiles = (dir: string): string[] =>
    readdirSync(dir, {withFileTypes: true}).flatMap((entry) =>
      entry.isDirectory()
        ? htmlFiles(path.join(dir, entry.name))
        : entry.name.endsWith('.html')
          ? [path.join(dir, entry.name)]
          : [],
    );
  const pages = htmlFiles(path.resolve('build'));
  const withBoundaries = pages.filter((file) => readFileSync(file, 'utf8').includes('<!--$-->'));
  // 本文（MDXContent）やフッターを包むので、ふつうのページにはどれにも境目がある。
  expect(withBoundaries.length).toBeGreaterThan(pages.length / 2);
  for (const file of pages) {
    const html = readFileSync(file, 'utf8');
    expect(html, file).not.toMatch(/<!--\$[?!]-->|<template id=B:|\$RC=|\$RT=/);
  }
});
