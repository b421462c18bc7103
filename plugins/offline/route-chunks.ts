/**
 * ドキュメントを読むのに要る JS チャンクを、ビルド済みの main.js と runtime~main.js から割り出す。
 *   ルート → チャンク名（main.js の routesChunkNames）→ チャンク ID（main.js の registry の n.e("…")）
 *   → ファイル名（runtime~main.js の n.u の名前表）
 * Docusaurus / バンドラーの出力の形が変わって読めなくなったら、ビルドを止める。
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';

const fail = (what: string): never => {
  throw new Error(
    `[denki-offline] ${what} を読み取れません。Docusaurus の出力の形が変わったので plugins/offline/route-chunks.ts を見直してください。`,
  );
};

function findAsset(urls: readonly string[], pattern: RegExp, what: string): string {
  return urls.find((url) => pattern.test(url)) ?? fail(what);
}

/** routesChunkNames（ルートのキー → 入れ子のチャンク名）。 */
export function routeChunkNames(mainJs: string): Record<string, unknown> {
  const match =
    /JSON\.parse\('(\{"\/[^']*"__comp"[^']*)'\)/.exec(mainJs) ?? fail('routesChunkNames');
  return JSON.parse(match[1] as string) as Record<string, unknown>;
}

/** 数字だけの名前は、圧縮で 0x11113f9 のような数値リテラルになることがある。 */
function registryKey(raw: string): string {
  if (raw.startsWith('"')) return raw.slice(1, -1);
  return /^(0x[0-9a-f]+|\d+(\.\d+)?(e\d+)?)$/i.test(raw) ? String(Number(raw)) : raw;
}

/** registry: チャンク名 → そのモジュールを読むのに要るチャンク ID。 */
export function registryChunkIds(mainJs: string): Map<string, string[]> {
  const registry = new Map<string, string[]>();
  for (const match of mainJs.matchAll(/([\w$]+|"[^"]+"):\[\(\)=>(.*?)\.then\(/g)) {
    const name = registryKey(match[1] as string);
    const ids = [...(match[2] as string).matchAll(/\.e\("?(\w+)"?\)/g)].map((m) => m[1] as string);
    registry.set(name, ids);
  }
  if (registry.size === 0) fail('main.js の registry');
  return registry;
}

/** runtime~main の n.u: チャンク ID → ファイル名の前半（名前のないチャンクは ID のまま）。 */
export function chunkFileNames(runtimeJs: string): Map<string, string> {
  const table = /"assets\/js\/"\+\(\(\{([^}]*)\}\)\[/.exec(runtimeJs) ?? fail('runtime の名前表');
  return new Map(
    [...(table[1] as string).matchAll(/(\w+):"([^"]+)"/g)].map((m) => [
      m[1] as string,
      m[2] as string,
    ]),
  );
}

/** HTML が直接読む入口のチャンク（main.js の末尾 e.O(0, ["…"], …)）。ファイル名の表には載らない。 */
export function entryChunkIds(mainJs: string): Set<string> {
  const match = /\.O\(0,\[([^\]]*)\]/.exec(mainJs) ?? fail('main.js の入口チャンク');
  return new Set([...(match[1] as string).matchAll(/"?(\w+)"?/g)].map((m) => m[1] as string));
}

function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (value && typeof value === 'object') {
    for (const nested of Object.values(value)) collectStrings(nested, into);
  }
}

/** ルート（キーの先頭で選ぶ）を描くのに要る JS ファイル（outDir からの相対パス）。 */
export function chunksForRoutes(
  outDir: string,
  urls: readonly string[],
  isWanted: (routeKey: string) => boolean,
): Set<string> {
  const read = (url: string): string => readFileSync(path.join(outDir, url), 'utf8');
  const mainJs = read(findAsset(urls, /^assets\/js\/main\.[0-9a-f]+\.js$/, 'main.js'));
  const runtimeJs = read(
    findAsset(urls, /^assets\/js\/runtime~main\.[0-9a-f]+\.js$/, 'runtime~main.js'),
  );
  const routes = routeChunkNames(mainJs);
  const registry = registryChunkIds(mainJs);
  const names = chunkFileNames(runtimeJs);
  const entry = entryChunkIds(mainJs);
  const chunkNames = new Set<string>();
  for (const [key, value] of Object.entries(routes)) {
    if (isWanted(key)) collectStrings(value, chunkNames);
  }
  if (chunkNames.size === 0) fail('対象ルートのチャンク名');
  const files = new Set<string>();
  for (const chunkName of chunkNames) {
    for (const id of registry.get(chunkName) ?? fail(`registry の ${chunkName}`)) {
      if (entry.has(id)) continue;
      const prefix = `assets/js/${names.get(id) ?? id}.`;
      const file = urls.find((url) => url.startsWith(prefix) && url.endsWith('.js'));
      files.add(file ?? fail(`チャンク ${id} のファイル`));
    }
  }
  return files;
}
