/**
 * ブラウザ用のバンドルの tslib（../index.ts の alias）。@docusaurus/utils-common の CommonJS が require('tslib')
 * するので、既定ではすべての補助関数（brotli で約 3.6 KiB）が全ページの main.js に入る。使うものだけを書き出す。
 * 書き出した JS が呼ぶ補助関数がここにそろっているかは、ビルドのたびに ../tslib-helpers.ts が確かめる。
 */
export {__importDefault} from 'tslib/tslib.es6.mjs';
