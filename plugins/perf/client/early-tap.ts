/**
 * JS が動く前に押されたボタンを、React がページを受け持ったあとで押し直す（issue 55）。
 * main.js は最初の描画のあとで動く（plugins/perf/ssrTemplate.ts）ので、読み込んだ直後にメニューのボタンを
 * 押しても、そのひと押しは何も起こさずに消えていた。HTML のインラインスクリプトが、React が受け持つまでに
 * 押された最後のボタンを覚えている。最初のルートの描画（onRouteDidUpdate。ボタンの onClick が付いたあと）で
 * それを受け取り、次のタスクで押し直す。まだハイドレーションしていない部分のボタンなら、React がその場で
 * ハイドレーションして受け取る。
 */
import type {ClientModule} from '@docusaurus/types';
import {earlyTapGlobal} from '../shared';

type WithEarlyTap = Window & {[earlyTapGlobal]?: () => HTMLButtonElement | null};

const earlyTap: ClientModule = {
  onRouteDidUpdate({previousLocation}) {
    if (previousLocation) return;
    const button = (window as WithEarlyTap)[earlyTapGlobal]?.();
    if (button?.isConnected) setTimeout(() => button.click(), 0);
  },
};

export default earlyTap;
