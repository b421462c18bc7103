import type {LaunchOptions} from '@playwright/test';
import {chromiumArgs, chromiumPath} from '../../scripts/chromium';

export {chromiumArgs, chromiumPath};

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: chromiumPath,
  headless: true,
  args: [...chromiumArgs],
};
