/**
 * Docusaurus がチャンクに付ける 8 桁の 16 進の名前（モジュールのパスのハッシュ）を、どのモジュールのチャンクかに
 * 読み替える。名前はパスだけで決まるので、同じソースの木の .docusaurus/registry.js（webpackChunkName）で引ける。
 * ビルドのフォルダーの隣（<木>/build なら <木>/.docusaurus）と、このプロジェクトのものを読む。
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {projectRoot} from './paths';

function shorten(modulePath: string): string {
  const parts = modulePath
    .replace(/^@(generated|site|theme)\//, '')
    .split('/')
    .filter(Boolean);
  return parts.slice(-2).join('/');
}

/** チャンクの名前 → モジュールの短いパス（最後の 2 段）。registry.js がなければ空。 */
export function chunkNames(buildDir: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of [
    path.join(path.dirname(path.resolve(buildDir)), '.docusaurus/registry.js'),
    path.join(projectRoot, '.docusaurus/registry.js'),
  ]) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/webpackChunkName: "([0-9a-f]{8})" \*\/ "([^"]+)"/g)) {
      const [, name, modulePath] = match as unknown as [string, string, string];
      if (!names.has(name)) names.set(name, shorten(modulePath));
    }
  }
  return names;
}
