/**
 * 本文を Pagefind で索引して書き出す（plugins/search の postBuild が呼ぶ）。selection.ts が索引するページと
 * 部分を決める。
 */
import {readFile, rm} from 'node:fs/promises';
import path from 'node:path';
import {listHtmlFiles} from '../../lib/html-files';
import {loadPagefind} from './load';
import {
  excludeSelectors,
  isIndexedPage,
  isRedirectPage,
  rootSelector,
  separateCells,
  urlForHtmlFile,
} from './selection';

/** インデックスの出力先（outDir からの相対）。PWA の precache は `pagefind/**` で拾う。 */
export const PAGEFIND_DIR = 'pagefind';

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

/** 本文だけを Pagefind で索引し、outDir/pagefind に書き出す。 */
export async function buildIndex(siteDir: string, outDir: string): Promise<number> {
  const pagefind = await loadPagefind(siteDir);
  const {index, errors} = await pagefind.createIndex({
    rootSelector,
    excludeSelectors: [...excludeSelectors],
  });
  if (!index) fail('createIndex', errors);
  try {
    const files = (await listHtmlFiles(outDir, [PAGEFIND_DIR])).filter(isIndexedPage).sort();
    let count = 0;
    for (const file of files) {
      const content = await readFile(path.join(outDir, file), 'utf8');
      if (isRedirectPage(content)) continue;
      count += 1;
      const added = await index.addHTMLFile({
        url: urlForHtmlFile(file),
        content: separateCells(content),
      });
      if (added.errors.length > 0) fail(`${file} の索引`, added.errors);
    }
    const output = path.join(outDir, PAGEFIND_DIR);
    await rm(output, {recursive: true, force: true});
    const written = await index.writeFiles({outputPath: output});
    if (written.errors.length > 0) fail('writeFiles', written.errors);
    await removeUnusedFiles(output);
    return count;
  } finally {
    await pagefind.close();
  }
}
