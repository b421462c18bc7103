/** ビルドの sitemap.xml から、ローカルで開くパスの一覧を作る（手書きの一覧ではなく）。 */
import {readFileSync} from 'node:fs';
import path from 'node:path';

export const buildDir = process.env.BUILD_DIR ?? 'build';

/** sitemap の <loc> を、公開 URL のオリジンを外したパスにする。 */
export function sitemapPaths(xml: string): string[] {
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc = '']) => loc.trim());
  return [...new Set(locs.map((loc) => new URL(loc).pathname))].sort();
}

/** ビルドの全ルート（sitemap.xml 由来）。 */
export function builtRoutes(dir = buildDir): string[] {
  const xml = readFileSync(path.join(dir, 'sitemap.xml'), 'utf8');
  const paths = sitemapPaths(xml);
  if (paths.length === 0) throw new Error(`${dir}/sitemap.xml にルートがありません`);
  return paths;
}

/** どのルートにも当たらないパス。404 ページを検査するときに開く。 */
export const missingPath = '/__no-such-page__';
