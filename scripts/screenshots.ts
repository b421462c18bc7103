/** 目視確認用のスクリーンショットを .artifacts/ に撮る: tsx scripts/screenshots.ts [route ...] */
import {mkdirSync} from 'node:fs';
import {chromium} from '@playwright/test';
import {chromiumLaunchOptions} from '../lib/chromium';
import {routes} from '../src/constants/site';

const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const viewports = [
  {name: 'desktop', width: 1280, height: 800},
  {name: 'phone', width: 390, height: 844},
] as const;

async function main(): Promise<void> {
  const targets = process.argv.length > 2 ? process.argv.slice(2) : Object.values(routes);
  mkdirSync('.artifacts', {recursive: true});
  const browser = await chromium.launch(chromiumLaunchOptions);
  for (const viewport of viewports) {
    const page = await browser.newPage({viewport, deviceScaleFactor: 1});
    for (const route of targets) {
      await page.goto(baseURL + route, {waitUntil: 'networkidle'});
      const name = route.replace(/[^a-z0-9]+/gi, '_') || 'home';
      await page.screenshot({path: `.artifacts/${viewport.name}${name}.png`, fullPage: true});
    }
    await page.close();
  }
  await browser.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
