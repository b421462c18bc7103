/**
 * 記事が中身のままでいること（issue 60 の 3）の決まりを、ビルドを使わずに確かめる（1 秒かからない）。
 * ビルドそのもの（記事を読む前にまとめて止まること）は tests/node/build-strictness.spec.ts が確かめる。
 * ここでは、Docusaurus が front matter を読むところ（ブログのプラグインと MDX の読み込みの両方が通る）の確かめ。
 */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import type {DefaultParseFrontMatter} from '@docusaurus/types';
import {checkPostFiles, postFrontMatterGuard} from '../posts';

const siteDir = path.resolve('/site');

/** front matter をそのまま返す、読み方の代わり。 */
const parsed =
  (frontMatter: Record<string, unknown>): DefaultParseFrontMatter =>
  async () => ({frontMatter, content: ''});

const guard = (file: string, frontMatter: Record<string, unknown>) =>
  postFrontMatterGuard(siteDir, ({defaultParseFrontMatter, ...params}) =>
    defaultParseFrontMatter(params),
  )({
    filePath: path.join(siteDir, file),
    fileContent: '',
    defaultParseFrontMatter: parsed(frontMatter),
  });

test('front matter を読むところで、記事の mdx などのキーと .mdx を、ファイルとキーを挙げて止める', async () => {
  await expect(
    guard('blog/2026-11-22-a/index.md', {title: '題', mdx: {format: 'mdx'}}),
  ).rejects.toThrow('blog/2026-11-22-a/index.md の front matter の「mdx」');
  await expect(guard('blog/2026-11-22-b/index.mdx', {title: '題'})).rejects.toThrow(
    'blog/2026-11-22-b/index.mdx: 記事は .md（CommonMark）で書きます。',
  );
  // 訳のフォルダーの記事も同じ。
  await expect(
    guard('i18n/ja/docusaurus-plugin-content-blog/x/index.md', {draft: true}),
  ).rejects.toThrow('「draft」');
  // 記事に使えるキーだけの記事と、ドキュメント（.mdx、ほかのキー）は通す。
  const post = {
    title: '題',
    authors: ['matsuri'],
    tags: [],
    date: '2026-11-22',
    description: '説明',
  };
  await expect(guard('blog/2026-11-22-c/index.md', post)).resolves.toMatchObject({
    frontMatter: post,
  });
  await expect(
    guard('docs/intro.mdx', {sidebar_position: 1, mdx: {format: 'mdx'}}),
  ).resolves.toBeDefined();
});

test('記事のフォルダーを見て、すべての問題をまとめて挙げる（写真や、front matter の正しい記事は見逃す）', async () => {
  const site = mkdtempSync(path.join(tmpdir(), 'denki-posts-'));
  try {
    const write = (file: string, text: string): void => {
      mkdirSync(path.dirname(path.join(site, file)), {recursive: true});
      writeFileSync(path.join(site, file), text);
    };
    write('blog/2026-11-22-ok/index.md', '---\ntitle: 題\nauthors: [matsuri]\n---\n\n本文\n');
    write('blog/2026-11-22-ok/photo-1.jpg', 'jpeg');
    write('blog/2026-11-22-key/index.md', '---\ntitle: 題\nmdx:\n  format: mdx\n---\n\n本文\n');
    write('blog/_partial.mdx', '部品\n');
    const error = await checkPostFiles(site, [
      path.join(site, 'blog'),
      path.join(site, 'i18n/ja/docusaurus-plugin-content-blog'),
    ]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    const lines = (error as Error).message.split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toEqual([
      '- blog/2026-11-22-key/index.md の front matter の「mdx」: 記事の front matter に書けるのは title、authors、tags、date、description だけです。',
      expect.stringContaining('- blog/_partial.mdx: 記事は .md（CommonMark）で書きます。'),
    ]);
  } finally {
    rmSync(site, {recursive: true, force: true});
  }
});
