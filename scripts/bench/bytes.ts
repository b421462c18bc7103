/** 初回表示のバイト数: HTML と、その HTML が直接読み込む JS・CSS（生・gzip・brotli）。 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {brotliCompressSync, gzipSync} from 'node:zlib';
import {resolveFile} from './site-file';
import type {AssetBytes, AssetKind, ByteSizes, FirstLoadBytes} from './types';

const zero: ByteSizes = {raw: 0, gzip: 0, brotli: 0};

/** node:zlib の既定値（gzip レベル 6、brotli 品質 11）で測る。 */
export function measure(content: Buffer): ByteSizes {
  return {
    raw: content.length,
    gzip: gzipSync(content).length,
    brotli: brotliCompressSync(content).length,
  };
}

export function add(a: ByteSizes, b: ByteSizes): ByteSizes {
  return {raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli};
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** HTML が直接読み込む JS と CSS の URL（script src、link rel=stylesheet / preload / modulepreload）。 */
export function directAssets(html: string): {url: string; kind: Exclude<AssetKind, 'html'>}[] {
  const found = new Map<string, Exclude<AssetKind, 'html'>>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src) found.set(src, 'js');
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    if (!href) continue;
    if (rel.includes('stylesheet')) found.set(href, 'css');
    else if (rel.includes('modulepreload')) found.set(href, 'js');
    else if (rel.includes('preload')) {
      const as = (attribute(tag, 'as') ?? '').toLowerCase();
      if (as === 'script') found.set(href, 'js');
      if (as === 'style') found.set(href, 'css');
    }
  }
  return [...found].map(([url, kind]) => ({url, kind}));
}

function isLocal(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** ビルドフォルダの中のファイルだけを数える（外部 URL は数えず、見つからなければ例外）。 */
export function firstLoadBytes(buildDir: string, route: string): FirstLoadBytes {
  const htmlFile = resolveFile(buildDir, route, true);
  if (!htmlFile) throw new Error(`${buildDir} に ${route} の HTML がありません`);
  const htmlContent = readFileSync(htmlFile);
  const assets: AssetBytes[] = [{url: route, kind: 'html', ...measure(htmlContent)}];
  for (const {url, kind} of directAssets(htmlContent.toString('utf8'))) {
    if (!isLocal(url)) continue;
    const pathname = new URL(url, 'http://localhost').pathname;
    const file = path.join(buildDir, decodeURIComponent(pathname));
    assets.push({url: pathname, kind, ...measure(readFileSync(file))});
  }
  const sum = (kind: AssetKind): ByteSizes =>
    assets.filter((asset) => asset.kind === kind).reduce<ByteSizes>(add, zero);
  const [html, js, css] = [sum('html'), sum('js'), sum('css')];
  return {html, js, css, total: add(add(html, js), css), assets};
}

/** 初回表示で取得された JS（URL パスの一覧）の合計。ビルドにないファイルは数えない。 */
export function filesBytes(buildDir: string, urlPaths: readonly string[]): ByteSizes {
  return urlPaths.reduce<ByteSizes>((sum, urlPath) => {
    const file = path.join(buildDir, decodeURIComponent(urlPath));
    return existsSync(file) ? add(sum, measure(readFileSync(file))) : sum;
  }, zero);
}
