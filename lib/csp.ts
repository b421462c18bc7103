/**
 * Content-Security-Policy をビルドから組み立てる（scripts/csp.ts が firebase.json に書き、
 * tests/node/csp.spec.ts が照合する）。
 *
 * HTML にはインラインの <script> が入る（Docusaurus の配色の初期化、plugins/perf/ssrTemplate.ts の
 * エントリースクリプトの起動など）。
 * 'unsafe-inline' を使わず、その中身の sha256 ハッシュだけを script-src に許す。
 */
import {createHash} from 'node:crypto';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import * as prettier from 'prettier';
import {listHtmlFiles} from './html-files';

export const CSP_HEADER = 'Content-Security-Policy';

/** 実行される種類の script 要素か（JSON-LD などのデータブロックは CSP の対象外）。 */
function isExecutable(attributes: string): boolean {
  if (/\bsrc\s*=/i.test(attributes)) return false;
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === 'module' || type.includes('javascript');
}

/** HTML 中のインラインスクリプトの中身（ブラウザがハッシュを取るのと同じ文字列）。 */
export function inlineScripts(html: string): string[] {
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  return [...html.matchAll(pattern)]
    .filter(([, attributes = '', body = '']) => isExecutable(attributes) && body.length > 0)
    .map(([, , body = '']) => body);
}

export function sha256Source(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** ビルドの全 HTML にあるインラインスクリプトのハッシュ（重複なし・整列済み）。 */
export async function buildScriptHashes(buildDir: string): Promise<string[]> {
  const files = await listHtmlFiles(buildDir);
  if (files.length === 0)
    throw new Error(`${buildDir} に HTML がありません。先にビルドしてください。`);
  const pages = await Promise.all(files.map((file) => readFile(path.join(buildDir, file), 'utf8')));
  return [...new Set(pages.flatMap(inlineScripts).map(sha256Source))].sort();
}

/**
 * サイトが動く最小のポリシー。
 * - script-src: 自サイトのバンドルとハッシュで許したインラインだけ。'wasm-unsafe-eval' は
 *   Pagefind（検索）が WebAssembly を読み込むため。eval そのものは許さない。
 * - style-src 'unsafe-inline': SSR の HTML に React の style 属性があり、Mermaid は図ごとに
 *   <style> を SVG に埋め込む。どちらも実行時に中身が決まりハッシュにできない。
 *   スタイルはスクリプトを実行できないので、リスクはスクリプトより小さい。
 * - img-src / font-src data:: Infima の矢印アイコンなどが data: URI の SVG。
 */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  const directives: readonly (readonly string[])[] = [
    ["default-src 'self'"],
    ["script-src 'self' 'wasm-unsafe-eval'", ...scriptHashes],
    ["style-src 'self' 'unsafe-inline'"],
    ["img-src 'self' data:"],
    ["font-src 'self' data:"],
    ["connect-src 'self'"],
    ["worker-src 'self'"],
    ["manifest-src 'self'"],
    ["frame-src 'none'"],
    ["frame-ancestors 'none'"],
    ["base-uri 'self'"],
    ["object-src 'none'"],
    ["form-action 'self'"],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

type JsonHeader = {key: string; value: string};
export type FirebaseJson = {hosting: {headers?: {source: string; headers: JsonHeader[]}[]}};

/** firebase.json に書かれている CSP の値（なければ undefined）。 */
export function cspInConfig(config: FirebaseJson): string | undefined {
  const values = (config.hosting.headers ?? [])
    .flatMap((rule) => rule.headers)
    .filter((header) => header.key === CSP_HEADER)
    .map((header) => header.value);
  return values.at(-1);
}

/** CSP の値だけを差し替えた firebase.json の中身（Prettier で整形済み）。 */
export async function withCsp(configText: string, csp: string, file: string): Promise<string> {
  const config = JSON.parse(configText) as FirebaseJson;
  let replaced = 0;
  for (const rule of config.hosting.headers ?? []) {
    for (const header of rule.headers) {
      if (header.key === CSP_HEADER) {
        header.value = csp;
        replaced += 1;
      }
    }
  }
  if (replaced === 0) throw new Error(`${file} に ${CSP_HEADER} のヘッダー規則がありません。`);
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(JSON.stringify(config), {...options, filepath: file});
}
