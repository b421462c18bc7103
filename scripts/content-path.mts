/**
 * CI の短い道（issue 67）のコマンド。判定とルートの選び方は lib/content-path.mts（事務局の内容の一覧は
 * lib/content-allowlist.mts。CODEOWNERS と内容の承認と同じ 1 つのモジュール）。npm のパッケージを使わず、
 * Node.js 24（.mts の型を外して動かす）と git だけで動く（npm ci の前の関門のジョブ changes で動かす）。
 *
 *   node scripts/content-path.mts classify <base> <head>   … base...head（プルリクエストの head、main への push）を分ける
 *   node scripts/content-path.mts classify                  … 取り出しの今の中身（コミットしていないものも）を、
 *                                                             main との分かれ目と比べて分ける
 *   node scripts/content-path.mts routes <sitemap.xml>      … 環境変数 CONTENT_CHANGES（classify の changes）から、
 *                                                             監査するルートを 1 行に 1 つ出す
 *   node scripts/content-path.mts prose                     … CONTENT_CHANGES の記事の本文に textlint をかける
 *
 * classify は判定を日本語で出し、GITHUB_OUTPUT があれば content-only（true か false）と changes（内容だけのときの
 * 変わったファイルの JSON）を書く。git が比べられないとき（base が無い、履歴が浅い）は全部の道にする。
 */
import {spawnSync} from 'node:child_process';
import {appendFileSync, readFileSync} from 'node:fs';
import type {ChangedFile} from '../lib/content-allowlist.mts';
import {
  affectedRoutes,
  classify,
  mainBranch,
  proseFiles,
  sitemapRoutes,
} from '../lib/content-path.mts';

/** classify の JSON（環境変数 CONTENT_CHANGES）を読む。 */
function changesFromEnv(): ChangedFile[] {
  const text = process.env.CONTENT_CHANGES;
  if (!text) throw new Error('環境変数 CONTENT_CHANGES（classify の changes）がありません');
  return JSON.parse(text) as ChangedFile[];
}

function main(argv: readonly string[]): number {
  const [command, ...rest] = argv;
  if (command === 'classify') {
    const [base = mainBranch, head] = rest;
    const {files, verdict, text} = classify(process.cwd(), base, head);
    console.log(text);
    const output = process.env.GITHUB_OUTPUT;
    if (output) {
      appendFileSync(
        output,
        `content-only=${String(verdict.contentOnly)}\nchanges=${JSON.stringify(verdict.contentOnly ? files : [])}\n`,
      );
    }
    return 0;
  }
  if (command === 'routes' && rest[0]) {
    const routes = affectedRoutes(changesFromEnv(), sitemapRoutes(readFileSync(rest[0], 'utf8')));
    if (routes.length === 0) throw new Error('監査するルートがありません');
    console.log(routes.join('\n'));
    return 0;
  }
  if (command === 'prose') {
    const files = proseFiles(changesFromEnv());
    if (files.length === 0) {
      console.log(
        '文章の検査: 変わった記事の本文がありません（写真・開催事例・お知らせはビルドが確かめます）。',
      );
      return 0;
    }
    return spawnSync('npx', ['textlint', ...files], {stdio: 'inherit'}).status ?? 1;
  }
  console.error(
    'usage: node scripts/content-path.mts classify [<base> [<head>]] | routes <sitemap.xml> | prose',
  );
  return 2;
}

process.exitCode = main(process.argv.slice(2));
