/** 読み込みの順序（issue 4）: 本文は JS の実行を待たずに描かれ、JS は最初から取りに行き、描画のあとで動く。 */
import {expect, test} from '@playwright/test';
import {routes} from '../../src/constants/site';
import {siteRoutes} from '../support/routes';
import {waitForHydration, waitForPageReady} from '../../lib/page-ready';
import {viewports} from '../support/viewports';

type LoadOrder = {
  readonly firstContentfulPaint: number | null;
  /** Docusaurus の main.js が動き始めた時刻（window.docusaurus が入った時）。 */
  readonly mainStarted: number | null;
};

/** Docusaurus のアプリとして描かれるルート（素の Markdown ページ以外）。 */
const appRoutes = siteRoutes.filter(({kind}) => kind !== 'page');

const entryScript = /\/assets\/js\/(runtime~main|react-dom|main)\.[0-9a-f]+\.js$/;

for (const route of appRoutes) {
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

/**
 * ICU のデータを初めて使う呼び出し（照合の localeCompare、日付の Intl.DateTimeFormat）は、それだけで
 * 1 倍速の CPU で約 12 ms かかる。ハイドレーションの途中で呼ばれると、遅い端末で入力を 50 ms 近く止める。
 * タグ一覧だけは、見出し文字（ア、お…）を読者の言語の順に並べるために照合を使う。
 */
const sortsByCollation = new Set<string>([routes.blogTags]);

test.describe('スマートフォンの幅（文書のサイドバーがメニューに入る）', () => {
  test.use({viewport: viewports.mobile});

  for (const route of appRoutes) {
    test(`読み込み: ${route.path} はハイドレーションで ICU の照合・日付書式を使わない`, async ({
      page,
    }) => {
      await page.addInitScript(() => {
        const calls: string[] = [];
        (window as unknown as {__denkiIcuCalls: string[]}).__denkiIcuCalls = calls;
        const localeCompare = String.prototype.localeCompare;
        String.prototype.localeCompare = function (
          this: string,
          ...args: Parameters<string['localeCompare']>
        ) {
          calls.push(`localeCompare(${this}, ${args[0]})`);
          return localeCompare.apply(this, args);
        };
        for (const name of ['Collator', 'DateTimeFormat'] as const) {
          const Original = Intl[name];
          Intl[name] = new Proxy(Original, {
            construct(target, args: unknown[]) {
              calls.push(`new Intl.${name}`);
              return Reflect.construct(target, args);
            },
            apply(target, thisArg, args: unknown[]) {
              calls.push(`Intl.${name}()`);
              return Reflect.apply(target, thisArg, args);
            },
          }) as never;
        }
      });
      await page.goto(route.path);
      await waitForPageReady(page);
      const calls = await page.evaluate(
        () => (window as unknown as {__denkiIcuCalls: string[]}).__denkiIcuCalls,
      );
      const unexpected = sortsByCollation.has(route.path)
        ? calls.filter((call) => !call.startsWith('localeCompare('))
        : calls;
      expect(unexpected).toEqual([]);
    });
  }
});
