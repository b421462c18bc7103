/**
 * 本文を Pagefind で索引して書き出す（plugins/search の postBuild が呼ぶ）。selection.ts が索引するページと
 * 部分を決め、words.ts が本文を語に分け、chunks.ts が書き出したメタデータの不具合を避ける。
 */
import {readFile, readdir, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {PagefindIndex} from 'pagefind';
import {gunzipSync} from 'node:zlib';
import {listHtmlFiles} from '../../lib/html-files';
import {contentKey, fileCache, sourceKey} from '../cache';
import {fixChunkStarts} from './chunks';
import {loadPagefind} from './load';
import {
  excludeSelectors,
  indexedPart,
  isIndexedPage,
  isRedirectPage,
  pageSection,
  rootSelector,
  separateCells,
  urlForHtmlFile,
  withSection,
} from './selection';
import {buildReadings, mainText} from './readings';
import {READINGS_FILE} from './shared-kana';
import {segmentHtml} from './words';
import {withoutPhraseBreaks} from '../phrases/html';

/** インデックスの出力先（outDir からの相対）。PWA の precache は `pagefind/**` で拾う。 */
export const PAGEFIND_DIR = 'pagefind';

/**
 * 索引の言語。ja だと Pagefind が Lindera で語に分け直してしまうので、分かち書きをしない言語として
 * 索引する（語は words.ts が分けて渡す）。ブラウザーはページの lang="ja" の索引がないとき、ページの
 * 一番多い索引（これ一つ）を読み、検索語はページの lang="ja" で分ける。
 */
export const INDEX_LANGUAGE = 'und';

/** 既製の検索 UI は使わない（theme/SearchBar が UI）。precache を小さく保つため消す。 */
const UNUSED_FILES = [
  'pagefind-ui.js',
  'pagefind-ui.css',
  'pagefind-modular-ui.js',
  'pagefind-modular-ui.css',
  'pagefind-component-ui.js',
  'pagefind-component-ui.css',
  'pagefind-highlight.js',
] as const;

async function removeUnusedFiles(output: string): Promise<void> {
  await Promise.all(UNUSED_FILES.map((name) => rm(path.join(output, name), {force: true})));
}

function fail(step: string, errors: readonly string[]): never {
  throw new Error(`[denki-search] ${step} に失敗しました: ${errors.join('; ')}`);
}

/**
 * 書き出した索引が words.ts の区切りのままかを確かめる。Pagefind が自分で語に分けた本文は語の境に
 * ゼロ幅スペースを持つ（pagefind/src/fossick/mod.rs）。索引が INDEX_LANGUAGE の一つだけであることも
 * 確かめる（ブラウザーは lang="ja" の索引がないとき、ページの一番多い索引を読む）。
 */
async function checkWordSplitting(output: string): Promise<void> {
  const entry = JSON.parse(await readFile(path.join(output, 'pagefind-entry.json'), 'utf8')) as {
    languages?: Record<string, unknown>;
  };
  const languages = Object.keys(entry.languages ?? {});
  if (languages.join() !== INDEX_LANGUAGE) {
    fail('索引の言語の確認', [`${INDEX_LANGUAGE} だけのはずが ${languages.join(', ')}`]);
  }
  const [fragment] = await readdir(path.join(output, 'fragment'));
  if (!fragment) fail('索引の確認', ['fragment がありません']);
  const page = JSON.parse(
    gunzipSync(await readFile(path.join(output, 'fragment', fragment)))
      .toString('utf8')
      .replace(/^pagefind_dcd/, ''),
  ) as {content?: string};
  if (page.content?.includes('\u200b')) {
    fail('語の区切りの確認', ['Pagefind が本文を語に分け直しています（words.ts の前提が崩れた）']);
  }
}

/**
 * 語に分けた <body> のキャッシュ（本文の変わらないページは分け直さない）。<head> はスタイルやスクリプトの
 * ファイル名がビルドごとに変わるので鍵に入れず、毎回そのまま使う（segmentHtml は <body> の中だけを変える）。
 */
const segmentedBodies = fileCache('denki-search', 'body.html');
const segmentDesign = sourceKey(
  path.join(__dirname, 'words.ts'),
  path.join(__dirname, 'shared.ts'),
);

function segmentPage(html: string): string {
  const body = html.search(/<body\b/i);
  if (body === -1) return segmentHtml(html);
  const key = contentKey({segmentDesign, body: html.slice(body)});
  const hit = segmentedBodies.read(key);
  if (hit) return html.slice(0, body) + hit.toString('utf8');
  const segmented = segmentHtml(html);
  segmentedBodies.write(key, segmented.slice(body));
  return segmented;
}

type PageResult = {readonly file: string; readonly errors: readonly string[]};

/** 1 ページを索引する。失敗は拒否ではなくエラーの一覧で返す（次のページを用意する間、拒否が宙に浮かないように）。 */
const addPage = (index: PagefindIndex, file: string, content: string): Promise<PageResult> =>
  index.addHTMLFile({url: urlForHtmlFile(file), content}).then(
    (added) => ({file, errors: added.errors}),
    (error: unknown) => ({file, errors: [String(error)]}),
  );

function checkPage({file, errors}: PageResult): void {
  if (errors.length > 0) fail(`${file} の索引`, errors);
}

/**
 * 本文だけを Pagefind で索引し、outDir/pagefind に書き出す。本文の読みの辞書（readings.ts）も
 * 同じフォルダーに書く。chunks.ts の回避はまだ当てない（テストが回避の前と後を比べる）。
 * 索引したページの数を返す。
 */
export async function writeIndex(siteDir: string, outDir: string): Promise<number> {
  const pagefind = await loadPagefind(siteDir);
  const {index, errors} = await pagefind.createIndex({
    rootSelector,
    excludeSelectors: [...excludeSelectors],
    forceLanguage: INDEX_LANGUAGE,
  });
  if (!index) fail('createIndex', errors);
  try {
    const files = (await listHtmlFiles(outDir, [PAGEFIND_DIR])).filter(isIndexedPage).sort();
    const texts: string[] = [];
    // Pagefind（別のプロセス）が 1 ページを索引する間に、次のページを読んで語に分ける。渡す順はファイルの順のまま。
    let previous: Promise<PageResult> | undefined;
    for (const file of files) {
      const content = await readFile(path.join(outDir, file), 'utf8');
      if (isRedirectPage(content)) continue;
      texts.push(mainText(content));
      const page = segmentPage(
        separateCells(withSection(withoutPhraseBreaks(indexedPart(content)), pageSection(file))),
      );
      if (previous) checkPage(await previous);
      previous = addPage(index, file, page);
    }
    if (previous) checkPage(await previous);
    const output = path.join(outDir, PAGEFIND_DIR);
    await rm(output, {recursive: true, force: true});
    const written = await index.writeFiles({outputPath: output});
    if (written.errors.length > 0) fail('writeFiles', written.errors);
    await removeUnusedFiles(output);
    await checkWordSplitting(output);
    const readings = await buildReadings(siteDir, texts);
    await writeFile(path.join(outDir, READINGS_FILE), JSON.stringify(readings));
    return texts.length;
  } finally {
    await pagefind.close();
  }
}

/** 索引を書き出し、chunks.ts の回避を当てる。索引したページの数を返す。 */
export async function buildIndex(siteDir: string, outDir: string): Promise<number> {
  const count = await writeIndex(siteDir, outDir);
  fixChunkStarts(path.join(outDir, PAGEFIND_DIR));
  return count;
}
