/**
 * 手元の短い道（issue 67）: npm run test:content。取り出しの今の中身（コミットしていないものも）を main との分かれ目と
 * 比べ（lib/content-path.mts。CI の changes のジョブと同じ判定）、事務局の内容だけの変更なら CI の短い道と
 * 同じ手順を順に走らせる:
 *   1. 変わった記事の本文の textlint（CI の check）
 *   2. npm run build（front matter の一覧、開催事例のスキーマ、写真、リンクの検査はビルドの中。CI の build）
 *   3. 変わったページとそれを載せるページのページ監査（tests/e2e/page-audit.spec.ts）と、事務局の流れ（組んだエディターで
 *      公開待ちの記事を開いて公開する。plugins/editor/tests/github-workflow.spec.ts）。CI の e2e (1)
 * 内容のほかのファイルが変わっていれば、何も走らせず、全部の道（npm test）が要ることとそのファイルを日本語で言い、
 * 1 で終わる。残りの引数は Playwright に渡す（例: --workers=1）。
 */
import {spawnSync} from 'node:child_process';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {
  affectedRoutes,
  classify,
  mainBranch,
  proseFiles,
  shortPathSpecs,
  sitemapRoutes,
} from '../lib/content-path.mts';

/** 監査するルートを書くファイル（page-audit.spec.ts が PAGE_AUDIT_ROUTES で読む）。 */
export const routesFile = path.join('.artifacts', 'content-routes.txt');

function step(title: string, command: string, args: readonly string[], env = process.env): void {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(command, args, {stdio: 'inherit', env});
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(
      `\n短い道: ${title}が通りませんでした（${seconds} 秒）。上の知らせを見て直してください。`,
    );
    process.exit(1);
  }
  console.log(`✔ ${title}（${seconds} 秒）`);
}

function main(playwrightArgs: readonly string[]): void {
  const {files, verdict, text} = classify(process.cwd(), mainBranch);
  console.log(text);
  if (!verdict.contentOnly) {
    console.error(
      '\n短い道では確かめられません。README のテスト用コマンド（. scripts/setup.sh && npm ci && npm test）で、全部を確かめてください。',
    );
    process.exit(1);
  }
  const prose = proseFiles(files);
  if (prose.length > 0) step('文章の検査', 'npx', ['textlint', ...prose]);
  step('ビルド', 'npm', ['run', 'build']);
  const routes = affectedRoutes(files, sitemapRoutes(readFileSync('build/sitemap.xml', 'utf8')));
  mkdirSync(path.dirname(routesFile), {recursive: true});
  writeFileSync(routesFile, `${routes.join('\n')}\n`);
  console.log(
    `\n監査するページ（${routes.length}）:\n${routes.map((route) => `  ${route}`).join('\n')}`,
  );
  step(
    '変わったページの監査と事務局の流れ',
    'npx',
    ['playwright', 'test', ...shortPathSpecs, ...playwrightArgs],
    {...process.env, PAGE_AUDIT_ROUTES: routesFile},
  );
  console.log('\n短い道が通りました。');
}

main(process.argv.slice(2));
