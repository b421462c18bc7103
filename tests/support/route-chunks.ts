/**
 * ビルドのファイルから、ドキュメントのページの本文のチャンク（そのページだけが読む JS）を探す（issue 53）。
 * テストはビルド（build/）だけを受け取って走ることがある（CI のジョブ分け）ので、.docusaurus の一覧ではなく、
 * ブラウザーが読む区画のルート表（assets/js/routes-*.js の ["パス",{…content:"名前"}]）から引く。
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** routePath の本文のチャンクの URL のパス（/assets/js/<名前>.<ハッシュ>.js）。 */
export function contentChunkOf(routePath: string, buildDir = 'build'): string {
  const dir = path.join(buildDir, 'assets', 'js');
  const files = readdirSync(dir);
  const spec = new RegExp(`\\["${escape(routePath)}",\\{[^}]*\\bcontent:"([\\w-]+)"`);
  for (const table of files.filter((file) => file.startsWith('routes-'))) {
    const name = spec.exec(readFileSync(path.join(dir, table), 'utf8'))?.[1];
    const chunk = name && files.find((file) => file.startsWith(`${name}.`) && file.endsWith('.js'));
    if (chunk) return `/assets/js/${chunk}`;
  }
  throw new Error(`${routePath} の本文のチャンクが ${dir} の区画のルート表に見つかりません`);
}
