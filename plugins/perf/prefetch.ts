// @docusaurus/core の client/prefetch.js の代わり（同じ API）: 同じ URL は一度だけ、空き時間に先読みする。
/**
 * 元の実装は、見えているリンクの数だけ各ルートの全チャンクに <link rel="prefetch"> を足す。共通の
 * チャンクは何度も足され（/docs/intro で 191 本、実際のファイルは 16 個）、それがハイドレーション直後の
 * 1 つのタスクに集まって主スレッドを止めていた。ここでは URL ごとに 1 回、requestIdleCallback の中で
 * 時間のある限り足す。2g・データセーバーで先読みしない判断は呼び出し元（docusaurus.prefetch）のまま。
 */

type Deadline = Pick<IdleDeadline, 'timeRemaining'>;

const requested = new Map<string, Promise<void>>();
const waiting: {url: string; settle: () => void}[] = [];
let scheduled = false;

const whenIdle: (callback: (deadline: Deadline) => void) => void =
  typeof window !== 'undefined' && 'requestIdleCallback' in window
    ? (callback) => window.requestIdleCallback(callback, {timeout: 2000})
    : (callback) => setTimeout(() => callback({timeRemaining: () => 1}), 50);

function supportsLinkPrefetch(): boolean {
  try {
    return document.createElement('link').relList.supports('prefetch');
  } catch {
    return false;
  }
}

function linkPrefetch(url: string, settle: () => void): void {
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = url;
  link.onload = settle;
  link.onerror = settle;
  document.head.appendChild(link);
}

/** rel="prefetch" のないブラウザ（Safari）では、元の実装と同じく XHR でキャッシュに入れる。 */
function xhrPrefetch(url: string, settle: () => void): void {
  const request = new XMLHttpRequest();
  request.open('GET', url, true);
  request.withCredentials = true;
  request.onloadend = settle;
  request.send(null);
}

let start: ((url: string, settle: () => void) => void) | undefined;

function drain(deadline: Deadline): void {
  scheduled = false;
  start ??= supportsLinkPrefetch() ? linkPrefetch : xhrPrefetch;
  do {
    const next = waiting.shift();
    if (!next) return;
    start(next.url, next.settle);
  } while (deadline.timeRemaining() > 0);
  schedule();
}

function schedule(): void {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  whenIdle(drain);
}

export default function prefetch(url: string): Promise<void> {
  const known = requested.get(url);
  if (known) return known;
  if (typeof document === 'undefined') return Promise.resolve();
  const done = new Promise<void>((settle) => waiting.push({url, settle}));
  requested.set(url, done);
  schedule();
  return done;
}
