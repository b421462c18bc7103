/** PWA のプリキャッシュ: build/sw.js に埋め込まれた workbox のマニフェストの合計サイズ。 */
import {existsSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {resolveFile} from './site-file';
import type {PrecacheSize} from './types';

/** `{revision: "…", url: "…"}`（順不同・引用符あり/なし）を拾う。 */
const entryPattern =
  /\{\s*(?:"?revision"?\s*:\s*(?:"[^"]*"|null)\s*,\s*"?url"?\s*:\s*"([^"]+)"|"?url"?\s*:\s*"([^"]+)"\s*,\s*"?revision"?\s*:\s*(?:"[^"]*"|null))\s*\}/g;

export function precacheUrls(serviceWorker: string): string[] {
  const urls = new Set<string>();
  for (const match of serviceWorker.matchAll(entryPattern)) {
    const url = match[1] ?? match[2];
    if (url) urls.add(url);
  }
  return [...urls];
}

export function precacheSize(buildDir: string): PrecacheSize | null {
  const swFile = path.join(buildDir, 'sw.js');
  if (!existsSync(swFile)) return null;
  const urls = precacheUrls(readFileSync(swFile, 'utf8'));
  if (urls.length === 0) return null;
  let bytes = 0;
  const missing: string[] = [];
  for (const url of urls) {
    // プリキャッシュの URL はクリーン URL（docs/intro → docs/intro.html）のこともある。
    const pathname = decodeURIComponent(new URL(url, 'http://localhost/').pathname);
    const file = resolveFile(buildDir, pathname, true);
    if (file) bytes += statSync(file).size;
    else missing.push(url);
  }
  return {entries: urls.length, bytes, missing};
}
