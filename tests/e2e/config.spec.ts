/** 項目2: 仕様どおりの設定（言語、配色、タイトル、スキップリンク、お知らせバー、ナビ、フッター、目次、モバイルメニュー、進捗バー、プリフェッチ、ブログ）。 */
import path from 'node:path';
import {expect, test, type Page, type Request} from '@playwright/test';
import {loadAnnouncement} from '../../lib/announcement';
import {copyright, links, routes, site} from '../../src/constants/site';
import {connections, fakeConnection, type FakeConnection} from '../../lib/connection';
import {routeByName} from '../support/routes';
import {desktopBreakpoint, viewports} from '../support/viewports';
import {hydratedHtml, waitForHydration, waitForPageReady} from '../../lib/page-ready';

/** ビルドがお知らせバーにしたお知らせ（src/data/announcement.json を読んだもの）。 */
const announcement = loadAnnouncement(path.resolve(__dirname, '../..'));

test.use({viewport: viewports.desktop});

test.describe('設定: 言語と配色', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`OS の配色が ${colorScheme}`, () => {
      test.use({colorScheme});
      test(`OS が ${colorScheme} でもライトモードで、配色の切り替えボタンがない`, async ({
        page,
      }) => {
        for (const route of [routes.home, routes.intro, routes.blogPost]) {
          await page.goto(route);
          await waitForPageReady(page);
          await expect(page.locator('html'), route).toHaveAttribute('data-theme', 'light');
          await expect(page.locator('[class*="colorModeToggle"]')).toHaveCount(0);
          await expect(page.getByRole('button', {name: /モード|mode/i})).toHaveCount(0);
        }
      });
    });
  }
});

test.describe('設定: ページタイトル', () => {
  test('ページタイトルは「<ページ> | 電鬼」', async ({page}) => {
    for (const name of ['intro', 'participantGuide', 'blogPost', 'markdownPage'] as const) {
      const route = routeByName(name);
      await page.goto(route.path);
      await expect(page).toHaveTitle(
        `${String(route.heading)} ${site.titleDelimiter} ${site.title}`,
      );
    }
  });

  test('ページタイトルが空のホームはサイト名「電鬼」だけ', async ({page}) => {
    await page.goto(routes.home);
    await expect(page).toHaveTitle(site.title);
  });
});

test.describe('設定: スキップリンク', () => {
  for (const name of ['home', 'intro', 'blogPost'] as const) {
    const route = routeByName(name);
    test(`${route.path}: 最初の Tab でスキップリンクにフォーカスし、Enter で h1 を含む本文へ移る`, async ({
      page,
    }) => {
      await page.goto(route.path);
      await waitForPageReady(page);
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      await expect(focused).toHaveAttribute('href', '#__docusaurus_skipToContent_fallback');
      await expect(focused).toHaveText('メインコンテンツまでスキップ');
      await expect(focused).toBeVisible();

      // Enter で本文へ移ると、次の Tab は h1 を含む本文の中のリンクに止まる
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      const next = page.locator(':focus');
      await expect(next).toHaveCount(1);
      const landing = await next.evaluate((el) => {
        const main = el.closest('main');
        return {
          inMain: main !== null,
          mainHasH1: Boolean(main?.querySelector('h1')),
          inNavbarOrFooter: el.closest('nav.navbar, footer') !== null,
        };
      });
      expect(landing).toEqual({inMain: true, mainHasH1: true, inNavbarOrFooter: false});
    });
  }
});

test.describe('設定: お知らせバー', () => {
  const bar = (page: Page) => page.locator('.theme-announcement-bar');
  /** Docusaurus はキーにサイトごとの接尾辞（例: -a59）を付けることがある。 */
  const stored = (page: Page) =>
    page.evaluate(() => {
      const find = (prefix: string) =>
        Object.keys(localStorage).find((key) => key === prefix || key.startsWith(`${prefix}-`));
      const idKey = find('docusaurus.announcement.id');
      const dismissKey = find('docusaurus.announcement.dismiss');
      return {
        id: idKey === undefined ? null : localStorage.getItem(idKey),
        dismissed: dismissKey === undefined ? null : localStorage.getItem(dismissKey),
      };
    });

  test('お知らせバーは id を持ち、閉じられ、再読み込み後も閉じたまま', async ({page}) => {
    await page.goto(routes.intro);
    await expect(bar(page)).toBeVisible();
    await expect(bar(page)).toContainText(announcement.text);
    await expect(bar(page).getByRole('link', {name: announcement.linkLabel})).toHaveAttribute(
      'href',
      routes.blogPost,
    );
    await expect.poll(() => stored(page)).toEqual({id: announcement.id, dismissed: 'false'});

    await bar(page).getByRole('button', {name: '閉じる'}).click();
    await expect(bar(page)).toBeHidden();
    expect(await stored(page)).toEqual({id: announcement.id, dismissed: 'true'});

    await page.reload();
    await waitForPageReady(page);
    await expect(bar(page)).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute(
      'data-announcement-bar-initially-dismissed',
      'true',
    );
    await page.goto(routes.blog);
    await waitForPageReady(page);
    await expect(bar(page)).toBeHidden();
  });

  test('保存された id が現在の id と違えば、閉じたお知らせバーがまた表示される', async ({page}) => {
    await page.goto(routes.intro);
    await expect.poll(() => stored(page)).toEqual({id: announcement.id, dismissed: 'false'});
    // 前のお知らせを閉じた読者の状態を作る
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (key.startsWith('docusaurus.announcement.id')) {
          localStorage.setItem(key, 'an-older-announcement');
        }
        if (key.startsWith('docusaurus.announcement.dismiss')) localStorage.setItem(key, 'true');
      }
    });
    expect(await stored(page)).toEqual({id: 'an-older-announcement', dismissed: 'true'});
    await page.reload();
    await waitForPageReady(page);
    await expect(bar(page)).toBeVisible();
    expect(await stored(page)).toEqual({id: announcement.id, dismissed: 'false'});
  });
});

test.describe('設定: ナビゲーションバー', () => {
  test('ドキュメント・ブログ・電鬼２（新しいタブ、noopener noreferrer）がある', async ({page}) => {
    await page.goto(routes.home);
    const navbar = page.locator('nav.navbar');
    await expect(
      navbar.locator('.navbar__items:not(.navbar__items--right) a.navbar__link'),
    ).toHaveText(['ドキュメント', 'ブログ']);
    await expect(navbar.getByRole('link', {name: 'ドキュメント', exact: true})).toHaveAttribute(
      'href',
      routes.docs,
    );
    await expect(navbar.getByRole('link', {name: 'ブログ', exact: true})).toHaveAttribute(
      'href',
      routes.blog,
    );
    const app = navbar.locator('.navbar__items--right a.navbar__link', {hasText: links.app.label});
    await expect(app).toHaveCount(1);
    await expect(app).toHaveAttribute('href', links.app.href);
    await expect(app).toHaveAttribute('target', '_blank');
    const rel = (await app.getAttribute('rel')) ?? '';
    expect(rel.split(/\s+/)).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
  });
});

test.describe('設定: フッター', () => {
  test('3つの列と項目、固定のコピーライト', async ({page}) => {
    await page.goto(routes.home);
    const footer = page.locator('footer.footer');
    const columns = footer.locator('.footer__col');
    await expect(columns).toHaveCount(3);
    await expect(footer.locator('.footer__title')).toHaveText([
      'ドキュメント',
      'コミュニティ',
      'その他',
    ]);
    const expected = [
      [
        ['どんなイベント？', routes.intro],
        ['鬼ごっこの開催', routes.host],
        ['アプリの使用方法', routes.appIntro],
      ],
      [
        [links.discord.label, links.discord.href],
        [links.x.label, links.x.href],
      ],
      [
        ['ブログ', routes.blog],
        [links.company.label, links.company.href],
      ],
    ] as const;
    for (const [index, items] of expected.entries()) {
      const anchors = columns.nth(index).locator('a.footer__link-item');
      await expect(anchors).toHaveText(items.map(([label]) => label));
      for (const [i, [, href]] of items.entries()) {
        await expect(anchors.nth(i)).toHaveAttribute('href', href);
      }
    }
    await expect(footer.locator('.footer__copyright')).toHaveText(copyright);
    expect(copyright).toBe('Copyright © 2025 合同会社FunAMP 大規模鬼ごっこ事務局');
  });
});

test.describe('設定: 目次', () => {
  for (const name of ['organizerGameSetup', 'organizerManagement', 'host'] as const) {
    const route = routeByName(name);
    test(`${route.path}: 目次は本文の h2 と h3 をすべて並べ、それ以外を含まない`, async ({
      page,
    }) => {
      await page.goto(route.path);
      const headings = await page
        .locator('article .markdown')
        .locator('h2[id], h3[id], h4[id], h5[id], h6[id]')
        .evaluateAll((els) => els.map((el) => ({level: el.tagName, id: el.id})));
      const expected = headings.filter((h) => h.level === 'H2' || h.level === 'H3');
      expect(expected.some((h) => h.level === 'H3')).toBe(true);
      const toc = page.locator('.theme-doc-toc-desktop .table-of-contents');
      await expect(toc).toBeVisible();
      const tocHrefs = await toc
        .locator('a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(tocHrefs).toEqual(expected.map((h) => `#${h.id}`));
      // h3 は h2 の下の入れ子のリストになる
      expect(await toc.locator('ul a').count()).toBe(
        expected.filter((h) => h.level === 'H3').length,
      );
    });
  }
});

test.describe('設定: モバイルメニュー', () => {
  // JS は最初の描画のあとで動くので、ハイドレーションが済んでから押す（済む前のボタンは反応しない）。
  const toggle = (page: Page) => page.locator(`${hydratedHtml} button.navbar__toggle`);
  const sidebar = (page: Page) => page.locator('.navbar-sidebar');

  test.describe('390 px', () => {
    test.use({viewport: viewports.mobile});

    test('docs ページでメニューを開くと docs の目次と「← メインメニューに戻る」が出て、戻るとメインメニュー', async ({
      page,
    }) => {
      await page.goto(routes.intro);
      await expect(toggle(page)).toBeVisible();
      await expect(toggle(page)).toHaveAttribute('aria-label', 'ナビゲーションバーを開く');
      await toggle(page).click();
      await expect(sidebar(page)).toBeVisible();
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

      const secondary = page.locator('.navbar-sidebar__item.menu').nth(1);
      const back = page.getByRole('button', {name: '← メインメニューに戻る'});
      await expect(back).toBeVisible();
      await expect(secondary.locator(`a[href="${routes.host}"]`)).toBeVisible();

      await back.click();
      const primary = page.locator('.navbar-sidebar__item.menu').first();
      await expect(primary.getByRole('link', {name: 'ドキュメント', exact: true})).toBeVisible();
      await expect(primary.getByRole('link', {name: 'ブログ', exact: true})).toBeVisible();
      await expect(primary.getByRole('link', {name: new RegExp(links.app.label)})).toBeVisible();

      await page.getByRole('button', {name: 'ナビゲーションバーを閉じる'}).click();
      await expect(sidebar(page)).toBeHidden();
    });

    test('ホームでメニューを開くとメインメニューが出る', async ({page}) => {
      await page.goto(routes.home);
      await toggle(page).click();
      const primary = page.locator('.navbar-sidebar__item.menu').first();
      await expect(primary.getByRole('link', {name: 'ドキュメント', exact: true})).toBeVisible();
      await expect(primary.getByRole('link', {name: 'ブログ', exact: true})).toBeVisible();
      await expect(page.locator('nav.navbar .navbar__items a.navbar__link:visible')).toHaveCount(0);
    });
  });

  const widths = [
    {width: desktopBreakpoint - 1, mobile: true},
    {width: desktopBreakpoint + 1, mobile: false},
    {width: viewports.desktop.width, mobile: false},
  ] as const;
  for (const {width, mobile} of widths) {
    test(`${width} px ではメニューボタンが${mobile ? '表示される' : '隠れ、ナビの項目が並ぶ'}`, async ({
      page,
    }) => {
      await page.setViewportSize({width, height: 800});
      await page.goto(routes.intro);
      await waitForPageReady(page);
      if (mobile) {
        await expect(toggle(page)).toBeVisible();
        await expect(page.locator('.theme-doc-sidebar-container')).toBeHidden();
      } else {
        await expect(toggle(page)).toBeHidden();
        await expect(page.locator('nav.navbar').getByRole('link', {name: 'ブログ'})).toBeVisible();
        await expect(page.locator('.theme-doc-sidebar-container')).toBeVisible();
      }
    });
  }
});

/** 読み込み後に発生した JS チャンクのリクエストを集める。 */
function collectJsRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (/\/assets\/js\/[^/]+\.js(\?|$)/.test(new URL(request.url()).pathname))
      requests.push(request);
  });
  return requests;
}

test.describe('設定: クライアント側の遷移と進捗バー', () => {
  test('内部リンクのクリックはページ全体を読み直さずに遷移する', async ({page}) => {
    await page.goto(routes.intro);
    await waitForPageReady(page);
    await page.evaluate(() => {
      (window as unknown as {denkiMarker: number}).denkiMarker = 42;
    });
    let documentRequests = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentRequests += 1;
    });
    await page.locator('.theme-doc-sidebar-container').locator(`a[href="${routes.host}"]`).click();
    await expect(page).toHaveURL(routes.host);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('鬼ごっこの開催');
    expect(
      await page.evaluate(() => (window as unknown as {denkiMarker?: number}).denkiMarker),
    ).toBe(42);
    expect(documentRequests).toBe(0);
  });

  test('チャンクの読み込みが遅い遷移では進捗バーが出て、遷移が終わると消える', async ({page}) => {
    // プリフェッチを止め、遷移先のチャンクがクリック時に読まれるようにする
    await page.addInitScript(fakeConnection, connections.saveData);
    await page.goto(routes.intro);
    await waitForPageReady(page);

    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/js/**', async (route) => {
      await gate;
      await route.continue();
    });
    await page.locator('.theme-doc-sidebar-container').locator(`a[href="${routes.host}"]`).click();
    await expect(page.locator('#nprogress .bar')).toBeAttached();
    release();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('鬼ごっこの開催');
    await expect(page.locator('#nprogress')).toHaveCount(0);
  });
});

test.describe('設定: プリフェッチ', () => {
  const prefetchLinks = (page: Page) =>
    page
      .locator('link[rel="prefetch"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));

  async function visitAndLookAround(page: Page, connection: FakeConnection): Promise<Request[]> {
    await page.addInitScript(fakeConnection, connection);
    const requests = collectJsRequests(page);
    await page.goto(routes.home);
    await waitForPageReady(page);
    await page.locator('footer').scrollIntoViewIfNeeded();
    await page.getByRole('link', {name: 'ブログ', exact: true}).first().hover();
    await page.waitForLoadState('networkidle');
    return requests;
  }

  test('通常の回線では、見えている内部リンクの JS チャンクを先読みする', async ({page}) => {
    const requests = await visitAndLookAround(page, connections.fast);
    await expect.poll(async () => (await prefetchLinks(page)).length).toBeGreaterThan(0);
    const hrefs = await prefetchLinks(page);
    expect(hrefs.length, '同じチャンクは一度だけ先読みする').toBe(new Set(hrefs).size);
    const jsHrefs = hrefs.filter((href) => href.endsWith('.js'));
    expect(jsHrefs.length).toBeGreaterThan(0);
    const requested = requests.map((r) => new URL(r.url()).pathname);
    expect(requested).toEqual(
      expect.arrayContaining(jsHrefs.map((href) => new URL(href, page.url()).pathname)),
    );
  });

  for (const [label, connection] of [
    ['データセーバー (saveData)', connections.saveData],
    ['2g 回線', connections.twoG],
  ] as const) {
    test(`${label} では先読みせず、チャンクはクリックしてから読む`, async ({page}) => {
      const requests = await visitAndLookAround(page, connection);
      // 先読みを試みる時間を与えてから、何も起きていないことを確かめる
      await page.waitForTimeout(500);
      await page.waitForLoadState('networkidle');
      expect(await prefetchLinks(page)).toEqual([]);
      const beforeClick = new Set(requests.map((r) => r.url()));

      await page.locator('nav.navbar').getByRole('link', {name: 'ブログ', exact: true}).click();
      await expect(page).toHaveURL(routes.blog);
      await page.waitForLoadState('networkidle');
      const afterClick = requests.map((r) => r.url()).filter((url) => !beforeClick.has(url));
      expect(afterClick.length).toBeGreaterThan(0);
    });
  }
});

test.describe('設定: ブログ', () => {
  const post = routeByName('blogPost');

  test('記事に公開日「2025年3月16日」と読了時間「約N分」が出る（ハイドレーション後も）', async ({
    page,
  }) => {
    await page.goto(post.path);
    await waitForHydration(page);
    const header = page.locator('article header');
    await expect(header.locator('time[datetime^="2025-03-16"]')).toHaveText('2025年3月16日');
    await expect(header).toContainText(/2025年3月16日 · 約\d+分/);
  });

  test('アーカイブは記事を「3月16日 - 題名」の形で年ごとに並べる', async ({page}) => {
    await page.goto(routes.blogArchive);
    await waitForHydration(page);
    await expect(page.getByRole('link', {name: `3月16日 - ${post.heading}`})).toHaveAttribute(
      'href',
      post.path,
    );
  });

  test('ブログのサイドバーは年ごと（2025）にまとまっている', async ({page}) => {
    await page.goto(post.path);
    const sidebar = page.locator('aside nav');
    await expect(sidebar.getByRole('heading', {name: '2025'})).toBeVisible();
    const group = sidebar.locator('[role="group"]', {
      has: page.getByRole('heading', {name: '2025'}),
    });
    await expect(group.locator(`a[href="${post.path}"]`)).toHaveText(String(post.heading));
  });

  for (const feed of ['rss.xml', 'atom.xml'] as const) {
    test(`/blog/${feed} は XML として読めて記事を含む`, async ({page, request}) => {
      const response = await request.get(`${routes.blog}/${feed}`);
      expect(response.status()).toBe(200);
      const xml = await response.text();
      await page.goto(routes.home);
      const parsed = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        const items = Array.from(doc.querySelectorAll('item, entry'));
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          root: doc.documentElement.nodeName,
          titles: items.map((item) => item.querySelector('title')?.textContent ?? ''),
          links: items.map(
            (item) =>
              item.querySelector('link')?.getAttribute('href') ??
              item.querySelector('link')?.textContent ??
              '',
          ),
        };
      }, xml);
      expect(parsed.error).toBeNull();
      expect(parsed.root).toBe(feed === 'rss.xml' ? 'rss' : 'feed');
      expect(parsed.titles).toEqual([post.heading]);
      expect(parsed.links[0]).toMatch(new RegExp(`${post.path}$`));
    });
  }

  test('著者ページ /blog/authors/matsuri に名前・肩書き・X と GitHub へのリンク', async ({
    page,
  }) => {
    const response = await page.goto(routes.blogAuthor);
    expect(response?.status()).toBe(200);
    const main = page.locator('main');
    await expect(main.getByRole('heading', {level: 1})).toHaveText('まつり');
    await expect(main).toContainText('電鬼アプリ開発者 / FunAMP社代表');
    await expect(main.locator('a[href="https://x.com/matsuri_ee"]').first()).toBeAttached();
    await expect(main.locator('a[href="https://github.com/sandaime-RM"]').first()).toBeAttached();
    await expect(main.locator(`a[href="${post.path}"]`).first()).toBeVisible();
  });
});
