/**
 * エディター（/admin/）を esbuild で組む。Docusaurus のバンドルとは別に組むので、読者のページのチャンク、
 * ルート表、プリキャッシュは 1 バイトも変わらない。Decap CMS は npm の decap-cms-app（React 版）を
 * サイトと同じ React 19 で組む（CDN からは読まない）。
 * 1. プレビューの枠に読み込ませるサイトの CSS（Infima、サイトの CSS、写真と文節の CSS）
 * 2. エディターの JS と CSS（1 の URL と設定を埋め込む）
 * 3. それを読む index.html（noindex。インラインのスクリプトは持たない）
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {build, type BuildOptions, type Metafile} from 'esbuild';
import {colors} from '../../src/constants/site';
import {editorTitle} from './config';
import {decapWithoutEval} from './no-eval';
import {editorDir, type CmsConfig, type EditorSetup} from './shared';

const clientDir = path.join(__dirname, 'client');

const common = {
  bundle: true,
  minify: true,
  legalComments: 'none',
  target: ['es2022', 'safari16.4'],
  logLevel: 'warning',
  write: true,
  metafile: true,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
} satisfies BuildOptions;

/** 入口 entry から生まれたファイル（JS の入口なら、その CSS も）の /admin/ からの URL。 */
function outputUrl(
  metafile: Metafile,
  siteDir: string,
  outDir: string,
  entry: string,
  extension: '.js' | '.css',
): string {
  const found = Object.entries(metafile.outputs).find(
    ([, output]) => output.entryPoint && path.resolve(siteDir, output.entryPoint) === entry,
  );
  const file = found && (extension === '.css' ? (found[1].cssBundle ?? found[0]) : found[0]);
  if (!file?.endsWith(extension)) throw new Error(`エディターのバンドルに ${extension} がありません`);
  return `/${editorDir}/${path.relative(outDir, path.resolve(siteDir, file)).split(path.sep).join('/')}`;
}

function indexHtml(script: string, style: string): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="theme-color" content="${colors.deep}">
<title>${editorTitle}</title>
<link rel="icon" href="/img/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${style}">
<script type="module" src="${script}"></script>
</head>
<body>
<noscript>エディターを使うには JavaScript をオンにしてください。</noscript>
</body>
</html>
`;
}

/** 組んだ結果が使ったファイル（node_modules の外）の中身のハッシュ。変わっていなければ組み直さない。 */
type Stamp = {readonly config: string; readonly inputs: Readonly<Record<string, string>>};

const hashOf = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

function stampOf(config: CmsConfig, siteDir: string, metafiles: readonly Metafile[]): Stamp {
  const files = new Set(metafiles.flatMap((metafile) => Object.keys(metafile.inputs)));
  files.add('package-lock.json');
  const inputs: Record<string, string> = {};
  for (const file of [...files].sort()) {
    // node_modules の中（package-lock.json が代わりに変わる）と、esbuild の仮のモジュール（(disabled):fs）。
    if (file.includes('node_modules/') || file.includes(':')) continue;
    inputs[file] = hashOf(readFileSync(path.resolve(siteDir, file)));
  }
  return {config: hashOf(JSON.stringify(config)), inputs};
}

function isCurrent(stampFile: string, config: CmsConfig, siteDir: string): boolean {
  if (!existsSync(stampFile)) return false;
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as Stamp;
  if (stamp.config !== hashOf(JSON.stringify(config))) return false;
  return Object.entries(stamp.inputs).every(
    ([file, hash]) =>
      existsSync(path.resolve(siteDir, file)) &&
      hashOf(readFileSync(path.resolve(siteDir, file))) === hash,
  );
}

/**
 * staticDir/admin/ にエディターを組む（Docusaurus が静的ファイルとしてビルドの出力に写し、開発サーバーも配る）。
 * 前に組んだときから、使ったファイルと設定が変わっていなければ何もしない。
 */
export async function bundleEditor(
  siteDir: string,
  staticDir: string,
  config: CmsConfig,
): Promise<void> {
  const outDir = path.join(staticDir, editorDir);
  const stampFile = path.join(staticDir, 'stamp.json');
  if (isCurrent(stampFile, config, siteDir)) return;
  rmSync(staticDir, {recursive: true, force: true});
  mkdirSync(outDir, {recursive: true});

  const previewEntry = path.join(clientDir, 'preview/site.css');
  const preview = await build({
    ...common,
    absWorkingDir: siteDir,
    entryPoints: {preview: previewEntry},
    outdir: outDir,
  });
  const setup: EditorSetup = {
    config,
    previewStyle: outputUrl(preview.metafile, siteDir, outDir, previewEntry, '.css'),
  };
  const editorEntry = path.join(clientDir, 'admin.tsx');
  const editor = await build({
    ...common,
    absWorkingDir: siteDir,
    entryPoints: {editor: editorEntry},
    outdir: outDir,
    format: 'esm',
    splitting: true,
    jsx: 'automatic',
    loader: {'.js': 'jsx', '.wasm': 'file'},
    plugins: [decapWithoutEval()],
    define: {
      'process.env.NODE_ENV': '"production"',
      global: 'globalThis',
      __DENKI_EDITOR__: JSON.stringify(setup),
    },
  });
  writeFileSync(
    path.join(outDir, 'index.html'),
    indexHtml(
      outputUrl(editor.metafile, siteDir, outDir, editorEntry, '.js'),
      outputUrl(editor.metafile, siteDir, outDir, editorEntry, '.css'),
    ),
  );
  writeFileSync(
    stampFile,
    JSON.stringify(stampOf(config, siteDir, [preview.metafile, editor.metafile])),
  );
}
