/**
 * 写真の機能のすべて（README の「構成」）。Markdown の写真は remark.ts がビルド時に幅ごとの AVIF と
 * 予備の JPEG にし（encode.ts、キャッシュは node_modules/.cache/denki-photos）、theme/Photo が
 * <picture> として描く。ビルドの最後に、HTML が指す写真のファイルだけをキャッシュから build に置く。
 * 開発サーバー（npm start）は、写真のファイルをキャッシュからそのまま配る。
 */
import {mkdirSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {Configuration} from 'webpack';
import {listHtmlFiles} from '../../lib/html-files';
import {buildState, registerStep} from '../build-state';
import {variantFileCache} from './encode';
import {parkPlacedPhotos, placePhotos} from './placed';
import {photoPath, saveDataAttribute, type PhotoFormat} from './shared';

export {default as remarkPhotos} from './remark';

const photoUrl = new RegExp(`${photoPath}([0-9a-f]{32})\\.(avif|jpg)`, 'g');

/** ビルドの HTML が指す写真のファイル（名前と形式）。 */
export async function photosIn(outDir: string): Promise<Map<string, PhotoFormat>> {
  const found = new Map<string, PhotoFormat>();
  for (const file of await listHtmlFiles(outDir)) {
    const html = await readFile(path.join(outDir, file), 'utf8');
    for (const [, name, format] of html.matchAll(photoUrl))
      found.set(name as string, format as PhotoFormat);
  }
  return found;
}

/**
 * <head> で本文より前に動く。ハイドレーションは最初の描画のあとなので、React では間に合わない。
 * - データセーバーの端末: <html> に印を付ける（CSS が写真を描かず、遅延読み込みの写真は取られない）。
 * - ほかの端末: 最初の写真（fetchpriority=high）が読み込まれたところで、遅延をやめてすぐ取らせる
 *   （loading=eager）。HTML では最初の写真も lazy のまま: eager の画像は、このスクリプトより先に
 *   ブラウザーの先読みが取ってしまい、データセーバーでも写真を取ることになる。
 */
export const saveDataScript = `(function(){var d=document,h=d.documentElement,c=navigator.connection;if(c&&c.saveData){h.setAttribute("${saveDataAttribute}","");return}var o=new MutationObserver(function(){var i=d.querySelector(".denki-photo img[fetchpriority=high]");if(i){i.loading="eager";o.disconnect()}});o.observe(h,{childList:true,subtree:true});d.addEventListener("DOMContentLoaded",function(){o.disconnect()})})()`;

/** 開発サーバーの配り方は .avif の種類を知らない（application/octet-stream で送る）。 */
function setHeaders(
  response: {setHeader(name: string, value: string): unknown},
  file: string,
): void {
  if (file.endsWith('.avif')) response.setHeader('content-type', 'image/avif');
}

/** HTML が指す写真のファイルを、キャッシュから出力に置く（前のビルドが置いたものは placed.ts が戻す）。 */
async function copyPhotos(outDir: string): Promise<void> {
  await placePhotos(outDir, await photosIn(outDir), (name, format) =>
    variantFileCache[format].file(name),
  );
}

export default function imagesPlugin({outDir}: LoadContext): Plugin {
  const copyStep = registerStep('photosCopied');
  return {
    name: 'denki-images',
    getThemePath: () => path.resolve(__dirname, 'theme'),
    getClientModules: () => [path.resolve(__dirname, 'styles.css')],
    injectHtmlTags: () => ({headTags: [{tagName: 'script', innerHTML: saveDataScript}]}),
    // Docusaurus が出力を消す（サイトを読み込んだあと）前に、前のビルドの写真を退ける（placed.ts）。
    async contentLoaded() {
      if (process.env.NODE_ENV === 'production') parkPlacedPhotos(outDir);
    },
    // 開発サーバーには postBuild がないので、写真の URL をキャッシュのフォルダーから配る（その場で作った写真も）。
    configureWebpack(_config, isServer) {
      if (isServer || process.env.NODE_ENV === 'production') return undefined;
      const directory = path.dirname(variantFileCache.avif.file('photo'));
      mkdirSync(directory, {recursive: true});
      // webpack の型は devServer を知らない（webpack-dev-server の設定。Docusaurus が既定の設定に重ねる）。
      const devServer = {
        static: [{publicPath: photoPath, directory, watch: false, staticOptions: {setHeaders}}],
      };
      return {devServer} as Configuration;
    },
    // PWA の precache（plugins/offline）は、写真のファイルが揃うのを待ってから保存の一覧を作る。
    // 写真は HTML から拾うので、SNS カードの段が HTML を書き直し終えてから読む（書き直し中のファイルは
    // 空や途中に見え、そのページの写真を落とす。10 倍の warm のビルドで、保存の一覧が無い写真を stat して止まった）。
    async postBuild({outDir}) {
      await copyStep(async () => {
        await buildState.socialHtmlWritten;
        await copyPhotos(outDir);
      });
    },
  };
}
