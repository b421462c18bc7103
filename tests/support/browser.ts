import type {LaunchOptions} from '@playwright/test';

/** Debian の Chromium を使う。CHROMIUM_PATH で差し替えられる。 */
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

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: chromiumPath,
  headless: true,
  args: [...chromiumArgs],
};
