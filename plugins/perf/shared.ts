/** ビルド（ssrTemplate.ts）とブラウザー（client/）が共有する名前。 */

/** JS が動く前に押された最後のボタンを渡す（一度だけ）、HTML のインラインスクリプトが置く関数の名前。 */
export const earlyTapGlobal = '__denkiTakeEarlyTap';
