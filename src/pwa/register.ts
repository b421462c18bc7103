/**
 * plugin-pwa の swRegister の代わり。データセーバーや 2G 相当の回線での初回訪問では
 * Service Worker を登録しない（裏でのプリキャッシュをしない）。保存ボタンが押されたとき、
 * または以前から登録済みのときだけ登録する。更新の案内はプラグインのポップアップをそのまま使う。
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {isDataSaving} from './connection';

/** plugin-pwa と同じ URL にする（既存の登録が別物として入れ直されないように）。 */
const serviceWorkerUrl = `${process.env.PWA_SERVICE_WORKER_URL}?params=${encodeURIComponent(
  JSON.stringify({offlineMode: true, debug: false}),
)}`;

let registration: Promise<ServiceWorkerRegistration | undefined> | null = null;

async function register(): Promise<ServiceWorkerRegistration | undefined> {
  const {Workbox} = await import('workbox-window');
  const workbox = new Workbox(serviceWorkerUrl);
  const showReloadPopup = async (): Promise<void> => {
    const {renderReloadPopup} =
      (await import('@docusaurus/plugin-pwa/lib/renderReloadPopup.js')) as {
        renderReloadPopup: (props: {onReload: () => void}) => Promise<void>;
      };
    await renderReloadPopup({
      onReload() {
        // 待機中の新しい版に直接頼む（workbox-window の messageSW は、あとで見つかった更新では
        // 古い版に届くことがある）。新しい版が制御を始めたら読み直す。
        navigator.serviceWorker.addEventListener(
          'controllerchange',
          () => window.location.reload(),
          {
            once: true,
          },
        );
        void navigator.serviceWorker
          .getRegistration()
          .then((current) => current?.waiting?.postMessage({type: 'SKIP_WAITING'}));
      },
    });
  };
  workbox.addEventListener('waiting', () => void showReloadPopup());
  const result = await workbox.register();
  if (result?.waiting) await showReloadPopup();
  return result;
}

/** Service Worker を登録する（一度だけ）。保存ボタンからも呼ぶ。 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  registration ??= register();
  return registration;
}

async function registerUnlessSavingData(): Promise<void> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing || !isDataSaving()) await registerServiceWorker();
}

if (ExecutionEnvironment.canUseDOM && 'serviceWorker' in navigator) {
  registerUnlessSavingData().catch((error: unknown) => console.error('registerSW failed', error));
}
