/**
 * 記事が中身（文章と写真）のままでいること: 記事をコードにする道をビルドで断つ（issue 60 の 3）。
 * - front matter は、記事が使うキー（shared-posts.ts）だけ。ほかのキーには記事の読み方を変えるものがある
 *   （mdx: {format: mdx} は Docusaurus の MDX の読み込みで .md の記事を MDX にし、本文の {…} がビルドの中で動く。
 *   MDX の本文は plugins/raw-html の確かめも通らない）。
 * - 記事のフォルダーの .mdx（MDX として読まれるファイル）は、mdx-posts.ts の一覧に載せたものだけ。
 * どちらも、ファイルと、キーか拡張子を挙げてビルドを止める。2 か所で確かめる:
 * - ブログのプラグインが記事を読む前に、記事のフォルダーのすべてのファイルを見て、問題をまとめて挙げる
 *   （checkPostFiles。plugins/blog/index.ts。事務局が 1 度のビルドで全部を直せるように）。
 * - Docusaurus が front matter を読むところ（markdown.parseFrontMatter。ブログのプラグインと MDX の読み込みの
 *   両方が通る。postFrontMatterGuard）でも同じ決まりで止める。読み込むファイルの一覧が変わっても抜けがないように。
 */
import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import {DEFAULT_PARSE_FRONT_MATTER} from '@docusaurus/utils';
import type {ParseFrontMatter} from '@docusaurus/types';
import {allowedMdxPosts} from './mdx-posts';
import {postKeysText, unknownPostKeys} from './shared-posts';

/** ブログのプラグインが記事を読むフォルダー（サイトのフォルダーからのパス。訳のフォルダーも）。 */
const postFolder = /^(blog|i18n\/[^/]+\/docusaurus-plugin-content-blog(-[^/]+)?)\//;

const posix = (file: string): string => file.split(path.sep).join('/');

/** file（絶対パス）が記事のフォルダーの中なら、そのフォルダーからのパス（'2026-…/index.md'）。 */
function postPath(siteDir: string, file: string): {site: string; post: string} | undefined {
  const site = posix(path.relative(siteDir, file));
  const folder = postFolder.exec(site);
  return folder ? {site, post: site.slice(folder[0].length)} : undefined;
}

/** 記事のファイルの問題（1 つずつ人が読む文）。site はサイトのフォルダーからのパス。 */
export function postProblems(
  file: {readonly site: string; readonly post: string},
  frontMatter: Readonly<Record<string, unknown>>,
): string[] {
  const problems: string[] = [];
  if (path.extname(file.site) !== '.md' && !allowedMdxPosts.includes(file.post)) {
    problems.push(
      `${file.site}: 記事は .md（CommonMark）で書きます。MDX として読まれるファイル（.mdx など）は、本文がコードとして動くので、plugins/blog/mdx-posts.ts の一覧に載せた記事だけに使えます。`,
    );
  }
  for (const key of unknownPostKeys(frontMatter)) {
    problems.push(
      `${file.site} の front matter の「${key}」: 記事の front matter に書けるのは ${postKeysText} だけです。`,
    );
  }
  return problems;
}

/** 問題をまとめた、ビルドを止める誤り。 */
function postError(problems: readonly string[]): Error {
  return new Error(
    [
      '記事に使えないものがあるので、ビルドを止めます（記事の中身がコードとして動かないように）。',
      ...problems.map((problem) => `- ${problem}`),
    ].join('\n'),
  );
}

/**
 * markdown.parseFrontMatter: 記事のフォルダーのファイルなら、読んだ front matter と拡張子を確かめてから next に渡す。
 * ほかのファイル（ドキュメント、ページ）はそのまま next に渡す。
 */
export function postFrontMatterGuard(siteDir: string, next: ParseFrontMatter): ParseFrontMatter {
  return async (params) => {
    const result = await next(params);
    const file = postPath(siteDir, params.filePath);
    const problems = file ? postProblems(file, result.frontMatter) : [];
    if (problems.length > 0) throw postError(problems);
    return result;
  };
}

/** Markdown として読まれうるファイル（ブログのプラグインが集める .md と .mdx）。写真などは見ない。 */
const markdownFile = /\.mdx?$/;

/** dir（絶対パス）の中の Markdown のファイル（絶対パス）。dir が無ければ空。 */
async function markdownFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {recursive: true, withFileTypes: true}).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((entry) => entry.isFile() && markdownFile.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** 記事のフォルダー（dirs。絶対パス）のすべての Markdown を確かめ、問題があればまとめて挙げて止める。 */
export async function checkPostFiles(siteDir: string, dirs: readonly string[]): Promise<void> {
  const problems: string[] = [];
  for (const dir of dirs) {
    for (const filePath of await markdownFiles(dir)) {
      const file = postPath(siteDir, filePath);
      if (!file) continue;
      const fileContent = await readFile(filePath, 'utf8');
      // 読めない front matter は、ブログのプラグインがファイル名つきで知らせる。ここでは拡張子だけを確かめる。
      const frontMatter = await DEFAULT_PARSE_FRONT_MATTER({filePath, fileContent}).then(
        (result) => result.frontMatter,
        () => ({}),
      );
      problems.push(...postProblems(file, frontMatter));
    }
  }
  if (problems.length > 0) throw postError(problems);
}
