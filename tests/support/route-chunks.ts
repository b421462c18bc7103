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

/**
 * 区画（sectionPath。例: /docs）の枠のルートの部品のチャンク（/assets/js/<名前>.<ハッシュ>.js）。枠のルートは入口の
 * main.js のルート表にあり、子のルートを区画の表から読む（["/docs",{__comp:"名前"},{routes:[],groups:…）。
 * そのページの本文のチャンクとは別のルートの部品なので、2 本とも読めないと、それぞれが別に失敗を知らせる。
 */
export function sectionLayoutChunkOf(sectionPath: string, buildDir = 'build'): string {
  const dir = path.join(buildDir, 'assets', 'js');
  const files = readdirSync(dir);
  const main = files.find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
  const spec = new RegExp(
    `\\["${escape(sectionPath)}",\\{__comp:"([\\w-]+)"\\},\\{routes:\\[\\],groups:`,
  );
  const name = main && spec.exec(readFileSync(path.join(dir, main), 'utf8'))?.[1];
  const chunk = name && files.find((file) => file.startsWith(`${name}.`) && file.endsWith('.js'));
  if (!chunk) throw new Error(`${sectionPath} の枠のチャンクが ${dir} の main.js に見つかりません`);
  return `/assets/js/${chunk}`;
}
