/** Firefox ESR を WebDriver BiDi で動かす（puppeteer-core。geckodriver は使わない）。 */
import puppeteer, {type Browser, type Page} from 'puppeteer-core';
import type {EngineSession, PageFunction, Viewport} from './driver';
import {drainErrors, installErrorCollector} from './errors';
import {breakHydrationFlag, watchHydration} from '../support/hydration';

export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export async function launchGecko(baseURL: string): Promise<EngineSession> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    extraPrefsFirefox: {'network.proxy.type': 0, 'intl.accept_languages': 'ja-JP'},
  });
  const page: Page = await browser.newPage();
  const errors: string[] = [];
  await page.evaluateOnNewDocument(installErrorCollector);
  await page.evaluateOnNewDocument(watchHydration, {
    breakHydration: false,
    breakFlag: breakHydrationFlag,
  });
  // BiDi の log.entryAdded（javascript）。ページのエラーに加え、ブラウザー自身が出すエラーも届く。
  const browserErrors: string[] = [];
  page.on('pageerror', (error: unknown) =>
    browserErrors.push(error instanceof Error ? error.message : String(error)),
  );
  const collect = async (): Promise<void> => {
    errors.push(...(await page.evaluate(drainErrors).catch(() => [] as string[])));
  };
  const absolute = (url: string): string => new URL(url, baseURL).href;

  return {
    engine: 'gecko',
    watchesHydration: true,
    async setViewport({width, height}: Viewport) {
      await page.setViewport({width, height});
    },
    async goto(url) {
      await collect();
      await page.goto(absolute(url), {waitUntil: 'load'});
    },
    async reload() {
      await collect();
      await page.reload({waitUntil: 'load'});
    },
    async url() {
      return page.url();
    },
    async evaluate<Args extends unknown[], Result>(fn: PageFunction<Args, Result>, ...args: Args) {
      return (await page.evaluate(fn as (...a: unknown[]) => unknown, ...args)) as Result;
    },
    async clickAt(x, y) {
      await page.mouse.click(x, y);
    },
    async type(text) {
      await page.keyboard.type(text);
    },
    async screenshot(file) {
      await page.screenshot({path: file as `${string}.png`});
    },
    async hasAccessibleName(selector, name) {
      // BiDi の browsingContext.locateNodes（accessibility）で、名前がちょうど name の要素を探す。
      // 探すのは親の要素の中だけにする（ページ全体のツリーをたどると 1 回に約 0.5 秒かかる）。
      const target = await page.$(selector);
      if (!target) return false;
      const parent = await target.evaluateHandle((node) => node.parentElement ?? node);
      const named = await parent.$$(`aria/${name}`);
      const found = await Promise.all(
        named.map((handle) => handle.evaluate((node, other) => node === other, target)),
      );
      return found.includes(true);
    },
    async takeErrors() {
      await collect();
      return errors.splice(0);
    },
    async takeBrowserErrors() {
      return browserErrors.splice(0);
    },
    async close() {
      await browser.close();
    },
  };
}
