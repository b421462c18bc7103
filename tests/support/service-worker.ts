/**
 * Chromium のテストは既定で Service Worker を止める（playwright.config.ts）。Service Worker の働きや、
 * 初めての訪問のすべて（登録とプリキャッシュの間のコンソールも）を確かめるスペックは、これで登録させる。
 */
export const registersServiceWorker = {serviceWorkers: 'allow'} as const;
