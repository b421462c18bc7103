/**
 * plugin-pwa の swRegister の代わり。データセーバーや 2G 相当の回線での初回訪問では
 * Service Worker を登録しない（裏でのプリキャッシュをしない）。保存ボタンが押されたとき、
 * または以前から登録済みのときだけ登録する。更新の案内はプラグインのポップアップ（@theme/PwaReloadPopup）を使う。
 * workbox-window は使わない（登録と更新の見張りはブラウザーの API で足り、全ページの JS が 2 KiB 軽くなる）。
 *
 * plugin-pwa は本番ビルドでだけ動く。開発サーバー（npm start）には Service Worker も、
 * PWA_SERVICE_WORKER_URL も、@theme/PwaReloadPopup もないので、そこでは何も登録しない。
 * 条件は `process.env.NODE_ENV === 'production'` の形で書く（ビルド時に定数になり、
 * 開発サーバーでは使わない側の import が解決されない）。
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {isDataSaving} from './connection';
import type * as ReloadPopupModule from './reload-popup';

/** plugin-pwa と同じ URL にする（既存の登録が別物として入れ直されないように）。 */
const serviceWorkerUrl = (): string =>
  `${process.env.PWA_SERVICE_WORKER_URL}?params=${encodeURIComponent(
    JSON.stringify({offlineMode: true, debug: false}),
  )}`;

const loadReloadPopup = (): Promise<typeof ReloadPopupModule> =>
  process.env.NODE_ENV === 'production'
    ? import('./reload-popup')
    : Promise.reject(new Error('plugin-pwa is inactive in development'));

let registration: Promise<ServiceWorkerRegistration | undefined> | null = null;

/** 新しい版が待っていることを知らせ、「更新」で新しい版に切り替えて読み直す。 */
async function showReloadPopup(): Promise<void> {
  const {showReloadPopup: show} = await loadReloadPopup();
  await show({
    onReload() {
      // 待機中の新しい版に直接頼み、新しい版が制御を始めたら読み直す。
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
        once: true,
      });
      void navigator.serviceWorker
        .getRegistration()
        .then((current) => current?.waiting?.postMessage({type: 'SKIP_WAITING'}));
    },
  });
}

/** 入れ終えて待機に入ったら（すでに別の版がページを制御している＝更新のときだけ）案内する。 */
function announceWhenWaiting(worker: ServiceWorker | null): void {
  worker?.addEventListener('statechange', () => {
    if (worker.state === 'installed' && navigator.serviceWorker.controller) {
      void showReloadPopup();
    }
  });
}

let firstRouteRendered: () => void = () => undefined;
/** 最初のページを描いた（そのルートのチャンクを読み終えた）ときに解決する。 */
const firstRoute = new Promise<void>((resolve) => {
  firstRouteRendered = resolve;
});

/**
 * Docusaurus がルートを描いたあとに呼ぶ（クライアントモジュールの決まり）。最初の呼び出しは、最初のページの
 * ハイドレーションのとき: そのルートのチャンクはもう読み終えている。
 */
export function onRouteDidUpdate(): void {
  firstRouteRendered();
}

/**
 * ページが自分の読み込みを終えるまで待つ: 最初のページを描き（ルートのチャンクを読み終え）、load も過ぎたとき。
 * load だけでは足りない: エントリーのスクリプトは最初の描画のあとに差し込む（plugins/perf/ssrTemplate.ts）ので、
 * load が先に来ると、ルートのチャンクを読んでいる最中に登録し、プリキャッシュ（同じチャンクも取る）と
 * clients.claim() がページの読み込みと重なっていた（issue 48）。
 */
async function pageLoaded(): Promise<void> {
  await firstRoute;
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => window.addEventListener('load', resolve, {once: true}));
  }
}

/** 登録と更新の見張りはブラウザーの API だけで行う（workbox-window をどのページにも送らない）。 */
async function register(): Promise<ServiceWorkerRegistration | undefined> {
  // ページの読み込みと回線を取り合わないよう、ページが自分の読み込みを終えてから登録する（workbox-window と同じ考え）。
  await pageLoaded();
  const result = await navigator.serviceWorker.register(serviceWorkerUrl());
  if (result.waiting && navigator.serviceWorker.controller) await showReloadPopup();
  announceWhenWaiting(result.installing);
  result.addEventListener('updatefound', () => announceWhenWaiting(result.installing));
  return result;
}

/** Service Worker を登録する（一度だけ。失敗したら次の呼び出しでやり直す）。保存ボタンからも呼ぶ。 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  registration ??= register().catch((error: unknown) => {
    registration = null;
    throw error;
  });
  return registration;
}

async function registerUnlessSavingData(): Promise<void> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing || !isDataSaving()) await registerServiceWorker();
}

if (
  process.env.NODE_ENV === 'production' &&
  ExecutionEnvironment.canUseDOM &&
  'serviceWorker' in navigator
) {
  registerUnlessSavingData().catch((error: unknown) => console.error('registerSW failed', error));
}
