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
import {signInContentSecurityPolicy} from '../functions/src/sign-in';
import {hostingTargets, type HostingTarget} from '../src/constants/editor-sign-in';
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

/**
 * エディターのサイト（firebase.json の hosting の target「editor」。読者のサイトとは別のオリジン）のポリシー。
 * 読者のページより広いのは、Decap CMS が動くのに要る分だけ。
 * - style-src 'unsafe-inline': Decap の画面は emotion が実行時に <style> を書く。
 * - img-src blob: と connect-src blob:: 選んだ写真は、保存する前にブラウザーの中の blob: URL で見せ、
 *   Decap はそれを読み直して保存する。
 * - connect-src https://api.github.com: 公開したエディターは、ログインしたアカウントのトークンで
 *   GitHub の REST API を直接呼んで、ブランチ・コミット・プルリクエストを作る。
 * - img-src https://avatars.githubusercontent.com: ログインしたアカウントのアイコン（画面の右上）。
 * - frame-src 'self': プレビューの枠。
 * インラインのスクリプトと eval は、読者のページと同じく許さない。
 *
 * loopback が true のときだけ、connect-src に http://localhost:* と http://127.0.0.1:* を足す: 手元のクローンの
 * decap-server（npm run editor、エディターのテスト）。デプロイする firebase.json の値には入れない（公開した
 * エディターから、事務局の端末の手元のサーバーへつながせない）。手元の配信（scripts/serve.ts）が足す。
 */
export function editorContentSecurityPolicy({loopback = false}: {loopback?: boolean} = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://avatars.githubusercontent.com",
    "font-src 'self' data:",
    ["connect-src 'self' blob: https://api.github.com", ...(loopback ? loopbackSources : [])].join(
      ' ',
    ),
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * 読者のサイトの /assets/files/**（Docusaurus が、Markdown のリンクが指したファイルを写す場所）のポリシー。
 * そこにあるものは、開いても読者のオリジンのページとして動かない: sandbox（allow-scripts なし）でスクリプトを止め、
 * 固有のオリジンにし、何も読み込ませない。firebase.json は同じ規則で Content-Disposition: attachment（開かずに
 * 保存させる）と X-Content-Type-Options: nosniff も付ける。記事のリンクは、そこへファイルを写させない
 * （plugins/blog/links.ts）。これは、それでも置かれたファイルへの 2 つ目の備え。
 * Firebase Hosting と superstatic は、同じ名前のヘッダーを後の規則で上書きするので、この規則は ** のあとに置く
 * （上書きされなくても、CSP が 2 つあればブラウザーは両方を守る）。
 */
export const filesContentSecurityPolicy =
  "sandbox; default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** 手元の decap-server につなぐための connect-src（手元の配信とテストだけ）。 */
export const loopbackSources = ['http://localhost:*', 'http://127.0.0.1:*'] as const;

type JsonHeader = {key: string; value: string};
type HeaderRule = {source: string; headers: JsonHeader[]};
type HostingJson = {target?: string; headers?: HeaderRule[]};
export type FirebaseJson = {hosting: HostingJson[]};

/** 規則の場所: hosting の target と、その中の規則の source。 */
type RuleAt = {readonly target: HostingTarget; readonly source: string};

/** 読者のページ（読者のサイトのすべてのパス）の規則。 */
export const readerRule: RuleAt = {target: hostingTargets.site, source: '**'};
/** エディターのサイトのすべてのパスの規則（エディターのポリシー）。 */
export const editorRule: RuleAt = {target: hostingTargets.editor, source: '**'};
/** ログインの関数（functions/。エディターのサイトの /api/**）の規則。 */
export const signInRule: RuleAt = {target: hostingTargets.editor, source: '/api/**'};

/** 読者のサイトの /assets/files/** の規則（filesContentSecurityPolicy）。 */
export const filesRule: RuleAt = {target: hostingTargets.site, source: '/assets/files/**'};

/** target のサイトの、source の規則のヘッダー（無ければ空）。 */
export function headersAt(config: FirebaseJson, {target, source}: RuleAt): JsonHeader[] {
  return (config.hosting.find((hosting) => hosting.target === target)?.headers ?? [])
    .filter((rule) => rule.source === source)
    .flatMap((rule) => rule.headers);
}

function cspOf(config: FirebaseJson, at: RuleAt): JsonHeader | undefined {
  return headersAt(config, at).find((header) => header.key === CSP_HEADER);
}

/** firebase.json に書かれている、読者のページの CSP の値（なければ undefined）。 */
export const cspInConfig = (config: FirebaseJson): string | undefined =>
  cspOf(config, readerRule)?.value;

/** firebase.json に書かれている、エディターの CSP の値（なければ undefined）。 */
export const editorCspInConfig = (config: FirebaseJson): string | undefined =>
  cspOf(config, editorRule)?.value;

/** firebase.json に書かれている、ログインの関数の答えの規則の値（なければ undefined）。 */
export const signInCspInConfig = (config: FirebaseJson): string | undefined =>
  cspOf(config, signInRule)?.value;

/** firebase.json に書かれている、/assets/files/** の CSP の値（なければ undefined）。 */
export const filesCspInConfig = (config: FirebaseJson): string | undefined =>
  cspOf(config, filesRule)?.value;

/**
 * 読者のページ・/assets/files/**・エディター・ログインの関数の CSP の値だけを差し替えた firebase.json の中身（Prettier で
 * 整形済み）。ログインの関数のページのインラインのスクリプトは、functions/src/sign-in.ts の決まった中身。
 * エディターの値はデプロイするもの（手元の decap-server へのループバックを含まない）。
 */
export async function withCsp(configText: string, csp: string, file: string): Promise<string> {
  const config = JSON.parse(configText) as FirebaseJson;
  const reader = cspOf(config, readerRule);
  const editor = cspOf(config, editorRule);
  const signIn = cspOf(config, signInRule);
  const files = cspOf(config, filesRule);
  if (!reader || !editor || !signIn || !files) {
    const where = [readerRule, filesRule, editorRule, signInRule]
      .map(({target, source}) => `${target} の ${source}`)
      .join('、');
    throw new Error(`${file} に ${CSP_HEADER} のヘッダー規則（${where}）がありません。`);
  }
  reader.value = csp;
  editor.value = editorContentSecurityPolicy();
  signIn.value = signInContentSecurityPolicy;
  files.value = filesContentSecurityPolicy;
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(JSON.stringify(config), {...options, filepath: file});
}

/**
 * 手元で配るエディターのサイトの設定: firebase.json のエディターの規則の CSP を、手元の decap-server に
 * つなげるもの（loopback）に替える。ほかの規則はそのまま。
 */
export function withLoopbackEditorCsp<T extends {readonly target?: string}>(hosting: T): T {
  if (hosting.target !== editorRule.target) return hosting;
  const copy = structuredClone(hosting) as T & HostingJson;
  for (const rule of copy.headers ?? []) {
    if (rule.source !== editorRule.source) continue;
    for (const header of rule.headers) {
      if (header.key === CSP_HEADER) header.value = editorContentSecurityPolicy({loopback: true});
    }
  }
  return copy;
}
