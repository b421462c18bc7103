/**
 * エディター（/admin/）を esbuild で組む。Docusaurus のビルドのあとで、プラグインとしてではなく組む: Docusaurus は
 * 設定とプラグインの一覧を読者の main.js に入れるので、プラグインにすると読者のバイト数が変わる。読者のページ、
 * チャンク、ルート表、プリキャッシュ（Service Worker は Docusaurus のビルドの中で組み終わっている）は 1 バイトも
 * 変わらない。Decap CMS は npm の decap-cms-app（React 版）のパッケージのうち、設定が使う部分だけ
 * （decap-parts.ts）をサイトと同じ React 19 で組む（CDN からは読まない）。
 * 1. プレビューの枠に読み込ませるサイトの CSS（Infima、サイトの CSS、写真と文節の CSS）
 * 2. エディターの JS と CSS（1 の URL と設定を埋め込む）。入口（client/start.ts）は最初の画面だけを動かし、Decap は
 *    動的に読み込むチャンクにする
 * 3. それを読む index.html（noindex。最初の画面（ログイン）を持つ。インラインのスクリプトは持たない）
 * 4. エディターの画面が使うサイトの絵（アイコンとロゴ）の写しと、エディターのサイトの 404 のページ
 * エディターは読者のサイトとは別のオリジン（別の Firebase Hosting のサイト）で配るので、読者の build/ には組まず、
 * エディターが使うものはすべてこのフォルダーに置く。
 */
import {copyFileSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {build, type BuildOptions, type Metafile} from 'esbuild';
import {colors, siteUrl} from '../../src/constants/site';
import {editorConfig, editorTitle} from './config';
import {decapParts} from './decap-parts';
import {buildHelp, helpPath} from './help';
import {patchDecap} from './decap-patches';
import {bundlePhotoWorker} from './photo-worker';
import {editorDir, signInScreenIds, type EditorSetup} from './shared';

const clientDir = path.join(__dirname, 'client');
/** /admin/ の中の、名前にハッシュのあるファイルのフォルダー。 */
export const hashedDir = 'assets';

const common = {
  bundle: true,
  minify: true,
  legalComments: 'none',
  target: ['es2022', 'safari16.4'],
  logLevel: 'warning',
  write: true,
  metafile: true,
  // 名前にハッシュのあるファイルは、どれも /admin/assets/ に置く（firebase.json が 1 年の immutable で配り、2 度目の
  // 訪問では index.html だけを確かめ直す）。
  entryNames: `${hashedDir}/[name]-[hash]`,
  chunkNames: `${hashedDir}/[name]-[hash]`,
  assetNames: `${hashedDir}/[name]-[hash]`,
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
  if (!file?.endsWith(extension))
    throw new Error(`エディターのバンドルに ${extension} がありません`);
  return `/${editorDir}/${path.relative(outDir, path.resolve(siteDir, file)).split(path.sep).join('/')}`;
}

/** 入口の JS が（動的にではなく）読み込むチャンクの URL（index.html が、入口と同時に読み込ませる）。 */
function staticImports(
  metafile: Metafile,
  siteDir: string,
  outDir: string,
  script: string,
): string[] {
  const output =
    metafile.outputs[
      path.relative(siteDir, path.join(outDir, script.replace(`/${editorDir}/`, '')))
    ];
  if (!output) throw new Error(`エディターのバンドルに ${script} がありません`);
  return output.imports
    .filter((entry) => entry.kind === 'import-statement' && !entry.external)
    .map(
      (entry) =>
        `/${editorDir}/${path.relative(outDir, path.resolve(siteDir, entry.path)).split(path.sep).join('/')}`,
    );
}

/** エディターのサイトのページの始まり（<head> の共通の部分。検索エンジンには載せない）。 */
export function documentStart(title: string, extraMeta?: string): string {
  return [
    '<!doctype html>',
    '<html lang="ja">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    ...(extraMeta ? [extraMeta] : []),
    `<title>${title}</title>`,
    '<link rel="icon" href="/img/favicon.svg" type="image/svg+xml">',
  ].join('\n');
}

/**
 * エディターの index.html。最初の画面（ログイン）は HTML に書いておき、入口の小さな JS（client/start.ts）が
 * ボタンを出す。Decap はそのあとで読み込む（ログインしたままなら、すぐ）。
 */
function indexHtml(script: string, style: string, preloads: readonly string[]): string {
  const ids = signInScreenIds;
  return `${documentStart(editorTitle, `<meta name="theme-color" content="${colors.deep}">`)}
<link rel="stylesheet" href="${style}">
<script type="module" src="${script}"></script>
${preloads.map((chunk) => `<link rel="modulepreload" href="${chunk}">`).join('\n')}
</head>
<body>
<main id="${ids.screen}" class="denki-sign-in">
<img class="denki-sign-in__logo" src="/img/logo.svg" alt="" width="96" height="96">
<h1 class="denki-sign-in__title">${editorTitle}</h1>
<p id="${ids.status}" class="denki-sign-in__status" role="status">読み込んでいます…</p>
<button id="${ids.button}" class="denki-sign-in__button" type="button" hidden disabled>GitHub でログインする</button>
<p id="${ids.problem}" class="denki-sign-in__problem" role="alert"></p>
<a class="denki-sign-in__help" href="${helpPath}">エディターの使い方</a>
<a class="denki-sign-in__site" href="${siteUrl}/">サイトに戻る</a>
<noscript><p>エディターを使うには JavaScript をオンにしてください。</p></noscript>
</main>
</body>
</html>
`;
}

/** エディターのサイトの 404 のページ（エディターのサイトは /admin/ のほかに何も配らない）。 */
function notFoundHtml(): string {
  return `${documentStart(`ページが見つかりません | ${editorTitle}`)}
</head>
<body>
<main>
<h1>ページが見つかりません</h1>
<p>このアドレスは記事を書くためのエディターのもので、サイトのページはありません。</p>
<p><a href="/${editorDir}/">エディターを開く</a></p>
<p><a href="${siteUrl}/">電鬼 docs を読む</a></p>
</main>
</body>
</html>
`;
}

/** エディターの画面（index.html のアイコン、Decap の設定の logo）が読むサイトの絵。static/ からの相対パス。 */
export const editorSiteImages = ['img/favicon.svg', 'img/logo.svg'] as const;

/**
 * siteDir のサイトのエディターを outDir/admin/ に組む（前のものは消す）。siteImages が true なら、エディターが使う
 * サイトの絵も outDir に写す（npm run editor の開発サーバーは、サイトの static/ からそのまま配るので写さない）。
 */
export async function bundleEditor(
  siteDir: string,
  outDir: string,
  {siteImages = true}: {readonly siteImages?: boolean} = {},
): Promise<Metafile> {
  const config = editorConfig(siteDir);
  const editorOut = path.join(outDir, editorDir);
  rmSync(editorOut, {recursive: true, force: true});
  mkdirSync(editorOut, {recursive: true});

  const previewEntry = path.join(clientDir, 'preview/site.css');
  const preview = await build({
    ...common,
    absWorkingDir: siteDir,
    entryPoints: {preview: previewEntry},
    outdir: editorOut,
  });
  const setup: EditorSetup = {
    config,
    previewStyle: outputUrl(preview.metafile, siteDir, editorOut, previewEntry, '.css'),
  };
  const editorEntry = path.join(clientDir, 'start.ts');
  const editor = await build({
    ...common,
    absWorkingDir: siteDir,
    entryPoints: {editor: editorEntry},
    outdir: editorOut,
    format: 'esm',
    splitting: true,
    jsx: 'automatic',
    loader: {'.js': 'jsx', '.wasm': 'file'},
    plugins: [decapParts(siteDir, config), patchDecap()],
    define: {
      'process.env.NODE_ENV': '"production"',
      global: 'globalThis',
      __DENKI_EDITOR__: JSON.stringify(setup),
      __DENKI_PHOTO_WORKER__: JSON.stringify(await bundlePhotoWorker(siteDir, editorOut, common)),
    },
  });
  const script = outputUrl(editor.metafile, siteDir, editorOut, editorEntry, '.js');
  writeFileSync(
    path.join(editorOut, 'index.html'),
    indexHtml(
      script,
      outputUrl(editor.metafile, siteDir, editorOut, editorEntry, '.css'),
      staticImports(editor.metafile, siteDir, editorOut, script),
    ),
  );
  // 「使い方」（/admin/help。help.ts）。スクリプトを持たない 1 枚の HTML。
  mkdirSync(path.join(editorOut, 'help'), {recursive: true});
  writeFileSync(
    path.join(editorOut, 'help', 'index.html'),
    buildHelp(documentStart(`使い方 | ${editorTitle}`), `/${editorDir}/`),
  );
  if (!siteImages) return editor.metafile;
  writeFileSync(path.join(outDir, '404.html'), notFoundHtml());
  for (const image of editorSiteImages) {
    mkdirSync(path.dirname(path.join(outDir, image)), {recursive: true});
    copyFileSync(path.join(siteDir, 'static', image), path.join(outDir, image));
  }
  return editor.metafile;
}
