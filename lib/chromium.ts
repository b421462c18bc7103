/**
 * ビルド（図の描画）・テスト・計測が共有する Debian の Chromium。CHROMIUM_PATH で差し替えられる。
 * Playwright で開くときの設定（chromiumLaunchOptions）もここにまとめる。
 */
import type {LaunchOptions} from '@playwright/test';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** Playwright（テスト・計測・スクリーンショット）と、図を描く mermaid-isomorphic が Chromium を開く設定。 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: chromiumPath,
  headless: true,
  args: [...chromiumArgs],
};

/**
 * テストの Chromium。テストは 1 つずつ新しいコンテキストを開くので、レンダラーを 2 つまでにして使い回す
 * （2 コアの CI では毎回のプロセス起動が重く、content.spec.ts で 123–127 秒が 103–106 秒になった）。
 */
export const testLaunchOptions: LaunchOptions = {
  ...chromiumLaunchOptions,
  args: [...chromiumArgs, '--renderer-process-limit=2'],
};
