/** 読み込みの順序（issue 4）: 本文は JS の実行を待たずに描かれ、JS は最初から取りに行き、描画のあとで動く。 */
import {expect, test} from '@playwright/test';
import {siteRoutes} from '../support/routes';
import {waitForHydration} from '../support/page-ready';

type LoadOrder = {
  readonly firstContentfulPaint: number | null;
  /** Docusaurus の main.js が動き始めた時刻（window.docusaurus が入った時）。 */
  readonly mainStarted: number | null;
};

const entryScript = /\/assets\/js\/(runtime~main|react-dom|main)\.[0-9a-f]+\.js$/;

for (const route of siteRoutes.filter(({kind}) => kind !== 'page')) {
  test(`読み込み: ${route.path} は本文を描いてから JS を動かし、ハイドレーションする`, async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const marks = window as unknown as {__denkiMainStarted?: number};
      let value: unknown;
      Object.defineProperty(window, 'docusaurus', {
        configurable: true,
        get: () => value,
        set: (next: unknown) => {
          marks.__denkiMainStarted ??= performance.now();
          value = next;
        },
      });
    });
    const response = await page.goto(route.path);
    const html = (await response?.text()) ?? '';
    await waitForHydration(page);

    // HTML は JS を同期でも defer でも読まず、優先度の低い preload で取りに行かせる。
    const scriptTags = [...html.matchAll(/<script[^>]*\bsrc=[^>]*>/g)].map(([tag]) => tag);
    expect(scriptTags, 'HTML が直接読む <script src>').toEqual([]);
    const preloads = await page.locator('link[rel="preload"][as="script"]').evaluateAll((links) =>
      links.map((link) => ({
        href: (link as HTMLLinkElement).href,
        priority: link.getAttribute('fetchpriority'),
      })),
    );
    expect(preloads.length).toBe(3);
    for (const {href, priority} of preloads) {
      expect(new URL(href).pathname).toMatch(entryScript);
      expect(priority, 'CSS と画像を先に取る').toBe('low');
    }

    const order = await page.evaluate<LoadOrder>(() => ({
      firstContentfulPaint:
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      mainStarted: (window as unknown as {__denkiMainStarted?: number}).__denkiMainStarted ?? null,
    }));
    expect(order.firstContentfulPaint).not.toBeNull();
    expect(order.mainStarted).not.toBeNull();
    expect(order.mainStarted as number).toBeGreaterThan(order.firstContentfulPaint as number);
  });
}
