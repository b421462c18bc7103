/**
 * ビルド（図の描画）・テスト・計測が共有する Debian の Chromium。CHROMIUM_PATH で差し替えられる。
 * Playwright で開くときの設定（chromiumLaunchOptions）もここにまとめる。
 */
import type {LaunchOptions} from '@playwright/test';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * テストの多くが使う、画面を持たない版（Debian の chromium-headless-shell。Playwright が headless で既定に使うもの）。
 * ブラウザーの画面や機能の仕組みを持たないので、コンテキストを開くたびのブラウザー側の仕事が少ない
 * （ページ監査で CPU 221 → 191 秒）。印刷の PDF は本体と違う（<picture> の印刷用の画像を選ばないことがある）ので、
 * 印刷のテスト（print.spec.ts）は本体で走らせる（playwright.config.ts の chromium-print）。
 */
export const headlessShellPath =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** Playwright が既定で止める機能（playwright-core の server/chromium/chromiumSwitches.ts）。 */
export const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/**
 * 窓（Playwright のコンテキスト）ごとに、アドレスバーの候補を描く WebUI のレンダラーが 1 つ起きる。画面のない
 * テストには要らず、ページを 1 枚開くたびに約 0.35 秒の CPU を使っていた（12 コンテキストで 12.4 → 8.1 秒）。
 */
export const omniboxPopupFeatures = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
] as const;

/**
 * Chromium は --disable-features を最後の 1 つしか読まないので、Playwright の既定も並べて渡す
 * （tests/node/chromium-flags.spec.ts が、Playwright の既定を落としていないことを確かめる）。
 */
const disableFeatures = `--disable-features=${[...playwrightDisabledFeatures, ...omniboxPopupFeatures].join(',')}`;

/** Playwright（テスト・計測・スクリーンショット）と、図を描く mermaid-isomorphic が Chromium を開く設定。 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: chromiumPath,
  headless: true,
  args: [...chromiumArgs, disableFeatures],
};

/**
 * 印刷のテストの Chromium（本体）。テストは 1 つずつ新しいコンテキストを開くので、レンダラーを 2 つまでにして
 * 使い回す（2 コアの CI では毎回のプロセス起動が重く、content.spec.ts で 123–127 秒が 103–106 秒になった）。
 */
export const printTestLaunchOptions: LaunchOptions = {
  ...chromiumLaunchOptions,
  args: [...chromiumArgs, disableFeatures, '--renderer-process-limit=2'],
};

/** ほかのテストの Chromium（画面を持たない版）。 */
export const testLaunchOptions: LaunchOptions = {
  ...printTestLaunchOptions,
  executablePath: headlessShellPath,
};
