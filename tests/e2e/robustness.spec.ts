/**
 * 壊れにくさ: JavaScript なし、変わったパス、使えないストレージ、読み込めないチャンク、
 * 描画中の例外、オフライン。どれも本番ビルドを firebase.json どおりに配信して確かめる。
 */
import {readFileSync} from 'node:fs';
import {expect, test, type Dialog, type Page, type Response} from '@playwright/test';
import {crashPage, testRoutes} from '../../plugins/test-routes/constants';
import {routes} from '../../src/constants/site';
import {malformedPathMessage} from '../../lib/hosting';
import {startSiteServer, type SiteServer} from '../../lib/site-server';
import {oddPaths, type OddPath} from '../support/odd-paths';
import {hydratedHtml, waitForHydration, waitForPageReady} from '../../lib/page-ready';
import {notFound, siteRoutes} from '../support/routes';
import {testSiteBuild, testSiteTimeoutMs} from '../support/test-routes-build';
import {viewports} from '../support/viewports';
import {registersServiceWorker} from '../support/service-worker';

/** ページで起きた例外を集める。 */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
  return errors;
}

const mainHeading = (page: Page) => page.locator('main h1, article h1, header h1').first();

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});
  // JavaScript を切ったページは軽いので、全ルートを 1 枚のページで順に開く（ルートごとの結果は step に出る）。
  test('every route shows its heading and main text without JavaScript', async ({page}) => {
    for (const route of siteRoutes) {
      await test.step(route.path, async () => {
        const response = await page.goto(route.path);
        expect.soft(response?.status(), route.path).toBe(200);
        const heading = mainHeading(page);
        await expect.soft(heading, route.path).toBeVisible();
        if (typeof route.heading === 'string')
          await expect.soft(heading, route.path).toHaveText(route.heading);
        else await expect.soft(heading, route.path).toContainText(route.heading);
        await expect.soft(page.locator('main').first(), route.path).toContainText(route.text);
      });
    }
  });
});

/** 変わったパスの行き先の説明（テスト名用）。 */
function outcome(odd: OddPath): string {
  if (odd.rejected) return '400 with a Japanese message';
  if (odd.lands !== undefined) return odd.lands;
  if (odd.clientShows !== undefined) return `404 showing ${odd.clientShows}`;
  if (odd.clientNotFound) return '200 showing the 404 page';
  return '404 page';
}

/** 変わったパス 1 つを開き、サーバーの答えと、ブラウザーが描くページを確かめる。 */
async function expectOddPathHandled(page: Page, baseURL: string, odd: OddPath): Promise<void> {
  const errors = collectPageErrors(page);
  const dialogs: string[] = [];
  const onDialog = (dialog: Dialog): void => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  };
  page.on('dialog', onDialog);
  const statuses: number[] = [];
  const onResponse = (response: Response): void => {
    if (response.request().isNavigationRequest()) statuses.push(response.status());
  };
  page.on('response', onResponse);
  // `//docs` をホスト名と読ませないよう、オリジンに文字列のままつなぐ。
  const response = await page.goto(`${baseURL}${odd.path}`);
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  if (odd.rejected) {
    expect(response?.status()).toBe(400);
    await expect(page.locator('body')).toHaveText(malformedPathMessage);
  } else {
    // 起動中の例外でハイドレーションが起きないときは、待ち続けずにその例外で失敗させる。
    // 待つのは expect の既定（5 秒）より長く: 混んだ 2 コアの CI ではハイドレーションが遅れる。
    const hydrated = page.locator(hydratedHtml);
    await expect
      .poll(async () => errors.length > 0 || (await hydrated.count()) > 0, {timeout: 15_000})
      .toBe(true);
    expect(errors, 'ページの起動中の例外').toEqual([]);
    const heading = mainHeading(page);
    if (odd.lands !== undefined) {
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(odd.lands);
      await expect(page.locator('main').first()).toBeVisible();
      await expect(page.getByRole('heading', {name: notFound.heading})).toHaveCount(0);
    } else if (odd.clientShows !== undefined) {
      expect(response?.status()).toBe(404);
      const route = siteRoutes.find((each) => each.path === odd.clientShows);
      await expect(heading).toHaveText(route?.heading ?? '');
    } else {
      expect(response?.status()).toBe(odd.clientNotFound ? 200 : 404);
      await expect(heading).toHaveText(notFound.heading);
    }
  }
  expect(errors).toEqual([]);
  expect(dialogs).toEqual([]);
  page.removeAllListeners('pageerror');
  page.off('dialog', onDialog);
  page.off('response', onResponse);
}

/** 1 つのテストで順に開く変わったパスの数（ページを使い回し、2 つのワーカーに分ける）。 */
const oddPathsPerTest = 9;

test.describe('odd paths', () => {
  // 毎回サーバーの答えを見るため、前のパスで入った Service Worker に答えさせない。
  test.use({serviceWorkers: 'block'});
  for (let start = 0; start < oddPaths.length; start += oddPathsPerTest) {
    const group = oddPaths.slice(start, start + oddPathsPerTest);
    test(`odd paths ${start + 1}–${start + group.length} give the 404 page, the right page or a 400, never a 5xx`, async ({
      page,
      baseURL,
    }) => {
      for (const odd of group) {
        await test.step(`${JSON.stringify(odd.path.slice(0, 60))} gives the ${outcome(odd)}`, () =>
          expectOddPathHandled(page, baseURL ?? '', odd));
      }
    });
  }
});

test.describe('storage that throws', () => {
  test.use({viewport: viewports.mobile});
  test.beforeEach(async ({page}) => {
    await page.addInitScript(() => {
      for (const name of ['localStorage', 'sessionStorage']) {
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            throw new DOMException(`${name} は使えません`, 'SecurityError');
          },
        });
      }
    });
  });

  for (const path of [routes.home, routes.intro]) {
    test(`${path} renders and works when localStorage and sessionStorage throw`, async ({page}) => {
      const errors = collectPageErrors(page);
      await page.goto(path);
      await waitForHydration(page);
      // 初期化のスクリプトが本当に例外に出会ったことを確かめる。
      const throws = await page.evaluate(() => {
        try {
          return window.localStorage === undefined ? 'undefined' : 'returned';
        } catch {
          return 'threw';
        }
      });
      expect(throws).toBe('threw');
      await expect(mainHeading(page)).toBeVisible();

      const bar = page.locator('.theme-announcement-bar');
      await expect(bar).toBeVisible();
      await bar.getByRole('button', {name: '閉じる'}).click();
      await expect(bar).toBeHidden();

      await page.locator('.navbar__toggle').click();
      const sidebar = page.locator('.navbar-sidebar');
      await expect(sidebar).toBeVisible();
      await sidebar.locator('.navbar-sidebar__close').click();
      await expect(sidebar).toBeHidden();
      expect(errors).toEqual([]);
    });
  }
});

test('a route chunk whose first request fails is loaded again, and the page opens without reloading', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  // 「データセーバー」ではリンクの先読みをしないので、遷移のときに初めてチャンクを取りにいく。
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      value: {saveData: true, effectiveType: '4g'},
    });
  });
  await page.goto(routes.intro);
  await waitForPageReady(page);
  await page.evaluate(() => {
    (window as unknown as {denkiSamePage: boolean}).denkiSamePage = true;
  });

  const aborted: string[] = [];
  await page.route('**/assets/js/*.js', async (route) => {
    if (aborted.length === 0) {
      aborted.push(route.request().url());
      await route.abort('failed');
      return;
    }
    await route.continue();
  });

  await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: '開催事例'}).click();
  await expect(page).toHaveURL(new RegExp(`${routes.eventExamples}$`));
  await expect(mainHeading(page)).toHaveText('開催事例');
  expect(aborted).toHaveLength(1);
  // 1 回の失敗ではページ全体を読み直さない（plugins/routes/client/chunk-loading.ts が読み直す。issue 53）。
  expect(
    await page.evaluate(() => (window as unknown as {denkiSamePage?: boolean}).denkiSamePage),
  ).toBe(true);
  expect(errors).toEqual([]);
});

test.describe('offline after one visit', () => {
  test.use(registersServiceWorker);

  test('docs still open offline once the service worker has cached the site', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await page.goto(routes.intro);
    await waitForHydration(page);
    // インストール（プリキャッシュ）が終わり、有効になるまで待つ。
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const worker = registration.active;
      if (worker && worker.state !== 'activated') {
        await new Promise((resolve) => worker.addEventListener('statechange', resolve));
      }
      return worker?.state;
    });
    expect(state).toBe('activated');

    await context.setOffline(true);
    try {
      for (const route of [routes.host, routes.appIntro, routes.participantGuide]) {
        const fresh = await context.newPage();
        await fresh.goto(route);
        await waitForHydration(fresh);
        await expect(mainHeading(fresh)).toBeVisible();
        await expect(mainHeading(fresh)).not.toHaveText(notFound.heading);
        await fresh.close();
      }
      // 開いているページからのクライアント側の遷移も、キャッシュから描ける。
      await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: '開催事例'}).click();
      await expect(mainHeading(page)).toHaveText('開催事例');
    } finally {
      await context.setOffline(false);
    }
  });
});

/** i18n の翻訳（クラッシュ画面の文言）。 */
function translation(id: string): string {
  const messages = JSON.parse(readFileSync('i18n/ja/code.json', 'utf8')) as Record<
    string,
    {message: string}
  >;
  const message = messages[id]?.message;
  if (!message) throw new Error(`i18n/ja/code.json に ${id} がありません`);
  return message;
}

test.describe('crash fallback', () => {
  let site: SiteServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(testSiteTimeoutMs + 30_000);
    site = await startSiteServer({buildDir: (await testSiteBuild()).outDir});
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test('a page that throws shows the Japanese crash page and Try again re-renders it', async ({
    page,
  }) => {
    const base = site?.baseURL ?? '';
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await page.goto(`${base}${testRoutes.crash}`);
    await waitForHydration(page);
    const title = translation('theme.ErrorPageContent.title');
    await expect(page.getByRole('heading', {level: 1, name: title})).toBeVisible();
    await expect(page.getByText(crashPage.message)).toBeVisible();
    // 次の描画からは成功させ、「もう一度試す」で描き直せることを確かめる。
    await page.evaluate(() => {
      window.__denkiCrash = false;
    });
    await page.getByRole('button', {name: translation('theme.ErrorPageContent.tryAgain')}).click();
    await expect(page.getByText(crashPage.recovered)).toBeVisible();
    await expect(page.getByRole('heading', {level: 1, name: crashPage.title})).toBeVisible();
    await expect(page.getByRole('heading', {name: title})).toHaveCount(0);
  });
});

test('the production build has no test-only route', async ({page}) => {
  const response = await page.goto(testRoutes.crash);
  expect(response?.status()).toBe(404);
});
