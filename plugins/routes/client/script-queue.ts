/**
 * チャンクの <script> を 1 タスクに 1 本ずつ差し込む（issue 55）。
 *
 * ページを開くとき、区画の表が届くと、そのページの部品のチャンク（ドキュメントなら 8 本ほど）の読み込みが
 * 一度に始まる。Rspack のランタイムは 1 本ごとに <script> を head に差し込み、ブラウザはそのたびに要求を
 * 始める処理を同じタスクの中で行う（遅い CPU で 1 本 5 ms ほど）。8 本が 1 つのタスクに並ぶと、そのタスクの
 * 間は押しても何も起きない。ここではランタイムのスクリプトを差し込む入口（__webpack_require__.l）を包み、
 * 差し込みを次々のタスク（MessageChannel）に回す。要求の始まりは 1 本あたりタスク 1 つ分だけ遅れる。
 */
type LoadScript = (
  url: string,
  done: (event?: Event) => void,
  key?: string,
  chunkId?: string | number,
) => void;

declare const __webpack_require__: {l?: LoadScript};

let installed = false;

/** ランタイムの入口を包む（一度だけ）。入口が無い（開発サーバーの形が違う）ときは何もしない。 */
export function installScriptQueue(): void {
  const load = __webpack_require__.l;
  if (installed || typeof load !== 'function' || typeof MessageChannel !== 'function') return;
  installed = true;
  const waiting: (() => void)[] = [];
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const next = waiting.shift();
    // 次を先に頼む: 1 本の差し込みが例外を投げても、あとの読み込みが止まったままにならない。
    if (waiting.length > 0) channel.port2.postMessage(null);
    next?.();
  };
  __webpack_require__.l = (...args) => {
    waiting.push(() => load(...args));
    if (waiting.length === 1) channel.port2.postMessage(null);
  };
}
