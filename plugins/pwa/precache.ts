import {createHash} from 'node:crypto';
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import type {ManifestEntry, ManifestTransform} from 'workbox-build';
import {buildState} from '../build-state';

type SizedEntry = ManifestEntry & {size: number};

/** オフラインに置かないもの: SNS 用カード画像（ページには表示しない）と、Service Worker 自身など。 */
const excluded = [
  /^img\/og\//,
  /^img\/social-card\.png$/,
  /^sw\.js$/,
  /^pagefind\/pagefind-(ui|modular-ui|component-ui)/,
];

/** build/docs/intro.html は /docs/intro で配信される（trailingSlash: false と cleanUrls）。 */
export function cleanUrl(url: string): string {
  if (url === 'index.html') return url;
  if (url.endsWith('/index.html')) return url.slice(0, -'/index.html'.length);
  return url.endsWith('.html') ? url.slice(0, -'.html'.length) : url;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

/** 検索インデックス（Pagefind）一式。プラグイン既定の glob は拡張子が合わず拾わない。 */
export function searchIndexEntries(outDir: string): SizedEntry[] {
  const dir = path.join(outDir, 'pagefind');
  let files: string[];
  try {
    files = listFiles(dir);
  } catch {
    return [];
  }
  return files
    .filter((file) => !/\.(js|json|css)$/.test(file))
    .map((file) => {
      const content = readFileSync(file);
      return {
        url: path.relative(outDir, file).split(path.sep).join('/'),
        revision: createHash('md5').update(content).digest('hex'),
        size: content.length,
      };
    });
}

export const precacheTransform: ManifestTransform = async (entries) => {
  await Promise.all([buildState.searchIndexWritten, buildState.socialCardsWritten]);
  const kept = entries
    .filter((entry) => !excluded.some((pattern) => pattern.test(entry.url)))
    .map((entry) => ({...entry, url: cleanUrl(entry.url)}));
  const search = buildState.outDir ? searchIndexEntries(buildState.outDir) : [];
  return {manifest: [...kept, ...search], warnings: []};
};
