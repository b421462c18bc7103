/* global self, caches, fetch, Headers, Response -- Service Worker の中で動く */
/**
 * plugin-pwa の sw.js に組み込まれる追加コード（swCustom）。プラグインより先に fetch を受け持つ:
 *   1. プリキャッシュ（裏で取ったドキュメント）にあればそれを返す（プラグインと同じ）
 *   2. なければ（キャッシュを本文まで読めなかったときも）ネットワーク（名前にハッシュのあるファイルは、失敗したら 1 度だけ取り直す）
 *   3. ネットワークが使えなければ「オフラインで読めるように保存」で保存した分
 *   4. それもないページの移動には、日本語のオフライン用ページ。写真には、保存した同じ写真（別の幅）か、
 *      保存していなければ透明な画像（壊れた画像の印を出さず、枠のぼかした下絵が見える）
 */
import {offlinePage} from './offline-page';

export const saveCacheName = 'denki-offline-save';
/** client/save.ts と同じ名前: 保存した写真の、ほかの幅の URL → 保存したファイルの URL。 */
const photoMapKey = '/__denki-offline-save/photo-map';
/** plugins/images/shared.ts の photoPath。 */
const photoPath = '/assets/photos/';

function candidates(url) {
  const clean = new URL(url.pathname, url.origin).href;
  return [clean, `${clean}${clean.endsWith('/') ? '' : '/'}index.html`];
}

async function matchIn(cacheNames, url) {
  for (const name of cacheNames) {
    const cache = await caches.open(name);
    for (const candidate of candidates(url)) {
      const hit = await cache.match(candidate, {ignoreSearch: true});
      if (hit) return hit;
    }
  }
  return undefined;
}

const precacheNames = async () =>
  (await caches.keys()).filter((name) => name.startsWith('workbox-precache'));

/** 保存済みの HTML ページの一覧（オフライン用ページのリンクにする）。 */
async function savedPages() {
  const pages = new Map();
  for (const name of [...(await precacheNames()), saveCacheName]) {
    if (!(await caches.has(name))) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (pages.has(url.pathname) || !/^\/(docs(\/|$)|index\.html$|$)/.test(url.pathname)) continue;
      const response = await cache.match(request);
      const html = response ? await response.text() : '';
      // 「参加者の操作 | 電鬼」→「参加者の操作」。ホームは「電鬼」のまま。
      const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.replace(/\s*\|[^|]*$/, '');
      if (title && !/http-equiv=["']?refresh/i.test(html)) {
        pages.set(url.pathname.replace(/\/?index\.html$/, '/'), title);
      }
    }
  }
  return [...pages].map(([path, title]) => ({path, title}));
}

/**
 * キャッシュを引き、本文まで読む。読めなかったとき（壊れた・消えかけのキャッシュ、本文のファイルが無い
 * キャッシュなど）は「ない」として扱う。本文を読み終えてから答えるのは、見出しだけ引けて本文の途中で
 * 失敗する答えを返すと、ページにはネットワークの失敗に見え、ネットワークに回す機会もなくなるため（issue 53）。
 */
async function lookUp(cacheNames, url) {
  try {
    const hit = await matchIn(await cacheNames, url);
    if (!hit) return undefined;
    const answer = withBodyHeaders(hit);
    return new Response(await answer.arrayBuffer(), {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    });
  } catch {
    return undefined;
  }
}

/** 名前に中身のハッシュがあるファイル（何度取っても同じ中身）。 */
const hashedAssetPath = /^\/assets\//;

/**
 * ネットワークから取る。名前にハッシュのあるファイル（チャンク、CSS、写真）は、失敗したら 1 度だけ取り直す
 * （途中で切れた接続の 1 回の失敗を、ページの読み込みの失敗にしない）。ページが取りやめた要求は取り直さない。
 */
async function fromNetwork(request, url) {
  try {
    return await fetch(request);
  } catch (error) {
    if (request.signal?.aborted || !hashedAssetPath.test(url.pathname)) throw error;
    return fetch(request);
  }
}

const savedNames = async () => ((await caches.has(saveCacheName)) ? [saveCacheName] : []);

/** 保存した写真のうち、url と同じ写真のもの（写真は 1 つの幅だけを保存するので、ほかの幅にもそれを返す）。 */
async function savedPhoto(url) {
  if (!(await caches.has(saveCacheName))) return undefined;
  const cache = await caches.open(saveCacheName);
  const map = await cache.match(new URL(photoMapKey, url.origin).href);
  const saved = map ? (await map.json())[url.pathname] : undefined;
  return saved ? cache.match(new URL(saved, url.origin).href) : undefined;
}

/**
 * 保存していない写真の代わり。大きさを持たない透明な SVG なので、写真の枠は HTML の幅と高さの比のまま、
 * ぼかした下絵が見える。
 */
const photoStandIn = () =>
  new Response('<svg xmlns="http://www.w3.org/2000/svg"/>', {
    headers: {'content-type': 'image/svg+xml', 'cache-control': 'no-store'},
  });

/**
 * キャッシュから返す答えの見出しを、本文に合わせる。キャッシュには fetch() の答えが見出しごと入っている:
 * 本文は解凍済みなのに、配信が付けた Content-Encoding と、圧縮したあとの Content-Length（Firebase Hosting のように
 * 長さを付けて圧縮して送る配信）が残る。そのまま返すと、本文より短い長さを名乗る答えになる（issue 48。Firefox、
 * WebKit、Chromium はどれも本文を全部読むので、これで読み込みが失敗するのは確かめられていない。名乗る見出しを正す）。
 */
export function withBodyHeaders(response) {
  if (!response.headers.has('content-encoding') && !response.headers.has('content-length')) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * Service Worker 自身の道（キャッシュ）がうまくいかなくても、ネットワークが答えられる要求は必ず
 * ネットワークに回す。ネットワークも答えられないときだけ、保存した分かオフライン用のページで答える。
 */
export async function respond(event, url) {
  const precached = await lookUp(precacheNames(), url);
  if (precached) return precached;
  try {
    return await fromNetwork(event.request, url);
  } catch (error) {
    // ページが要求を取りやめた（別のページへ移ったなど）。代わりの答えは要らない。
    if (event.request.signal?.aborted) throw error;
    const saved = await lookUp(savedNames(), url);
    if (saved) return saved;
    if (url.pathname.startsWith(photoPath)) {
      return (await savedPhoto(url).catch(() => undefined)) ?? photoStandIn();
    }
    if (event.request.mode === 'navigate') {
      return offlinePage(await savedPages().catch(() => []));
    }
    throw error;
  }
}

export default function swCustom(params) {
  self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
  self.addEventListener('fetch', (event) => {
    if (!params.offlineMode || event.request.method !== 'GET') return;
    const url = new URL(event.request.url);
    if (url.origin !== self.location.origin || url.pathname === '/sw.js') return;
    // プラグインの fetch 処理（プリキャッシュだけを見る）には回さない。
    event.stopImmediatePropagation();
    event.respondWith(respond(event, url));
  });
}
