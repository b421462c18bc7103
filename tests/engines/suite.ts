/**
 * 読者の道筋を WebKit と Gecko で確かめる（issue 12）。エンジンごとに 1 セッションを開き、
 * 全ルートと操作のテストで使い回す。本番ビルドは Playwright の webServer が配信する。
 */
import {mkdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {routes} from '../../src/constants/site';
import {findBrokenPhrases} from '../../plugins/phrases/tests/phrase-breaks';
import {notFound, siteRoutes, unknownPaths, type SiteRoute} from '../support/routes';
import {serveBuildCopy, startSiteServer} from '../../lib/site-server';
import {dispatchEnter, type EnterKind} from '../support/ime';
import {testServer} from '../support/server';
import {startDroppingProxy} from '../support/dropping-proxy';
import {contentChunkOf} from '../support/route-chunks';
import {viewports} from '../support/viewports';
import type {EngineName, EngineSession} from './driver';
import {launchEngine} from './engines';
import {isShown, openPage, press, waitForHydration, waitForQuietNetwork, waitUntil} from './page';
import {lineBreakProbe} from './line-breaks';
import {splitNameMismatches} from './accessible-names';
import {scoreQueries} from './search-queries';
import {breakHydrationFlag, hydrationProblems} from '../support/hydration';
import {
  READER_REQUIRED_HIT_RATE,
  readerQueries,
  searchQueries,
} from '../../plugins/search/quality/queries';

const routeWidths = [390, 320, 1280] as const;
/** WebKit の 390 px で撮って目で確かめるページ。 */
const screenshotRoutes = new Set<string>([routes.home, routes.intro, routes.blogPost]);
const artifacts = '.artifacts/engines';

const selectors = {
  announcementBar: '.theme-announcement-bar',
  announcementClose: '.theme-announcement-bar button',
  menuToggle: '.navbar__toggle',
  mobileSidebar: '.navbar-sidebar',
  mobileSidebarClose: '.navbar-sidebar__close',
  searchButton: '.navbar button[aria-haspopup="dialog"]',
  searchInput: 'dialog[data-state] input[type="search"]',
  firstResult: 'dialog[data-state] a[data-search-result]',
} as const;

type PageFacts = {
  h1: string;
  h1Visible: boolean;
  scrollWidth: number;
  clientWidth: number;
};

function pageFacts(): PageFacts {
  const h1 = document.querySelector('h1');
  const rect = h1?.getBoundingClientRect();
  return {
    h1: h1?.textContent?.trim() ?? '',
    h1Visible: Boolean(rect && rect.width > 0 && rect.height > 0),
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  };
}

/** 高さはスマートフォンの幅なら縦長、デスクトップなら 800 px（tests/support/viewports.ts と同じ）。 */
function viewportFor(width: number): {width: number; height: number} {
  return {width, height: width < 600 ? viewports.mobile.height : viewports.desktop.height};
}

function expectHeading(route: SiteRoute, h1: string): void {
  if (typeof route.heading === 'string') expect(h1).toBe(route.heading);
  else expect(h1).toMatch(route.heading);
}

/** Service Worker がこのページを制御するまで待つ（初回は登録後に読み直す）。 */
async function waitForServiceWorker(session: EngineSession): Promise<void> {
  await session.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await session.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await session.reload();
    await waitForHydration(session);
  }
  await waitUntil(session, 'Service Worker の制御', () =>
    Boolean(navigator.serviceWorker.controller),
  );
}

/** 検索ダイアログを開き、query の結果が出るまで待つ。 */
async function searchFor(session: EngineSession, query: string): Promise<void> {
  await press(session, selectors.searchButton);
  await waitUntil(
    session,
    '検索の入力欄にフォーカス',
    (sel: string) => document.activeElement === document.querySelector(sel),
    selectors.searchInput,
  );
  await session.type(query);
  await waitUntil(
    session,
    `「${query}」の検索結果`,
    (q: string) => {
      const dialog = document.querySelector<HTMLElement>('dialog[data-state]');
      return dialog?.dataset.query === q && dialog.dataset.state === 'results';
    },
    query,
  );
}

/** 検索して先頭の結果を押し、そのページに移るまで待つ。移った先のパスを返す。 */
async function openFirstResult(session: EngineSession, query: string): Promise<string> {
  await searchFor(session, query);
  const href = await session.evaluate(
    (sel: string) => document.querySelector(sel)?.getAttribute('href') ?? '',
    selectors.firstResult,
  );
  const path = href.split('#')[0] ?? '';
  await press(session, selectors.firstResult);
  await waitUntil(
    session,
    '検索結果のページ',
    (p: string) => location.pathname === p && !document.querySelector('dialog[data-state]'),
    path,
  );
  return path;
}

function pathname(url: string): string {
  return decodeURI(new URL(url).pathname);
}

export function defineEngineSuite(engine: EngineName): void {
  let session: EngineSession;
  let width = 0;

  const setWidth = async (next: number): Promise<void> => {
    if (width === next) return;
    await session.setViewport(viewportFor(next));
    width = next;
  };

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    session = await launchEngine(engine, testServer.baseURL);
    width = 0;
  });

  test.afterAll(async () => {
    await session?.close();
  });

  test.beforeEach(async () => {
    await session.takeErrors();
  });

  for (const route of siteRoutes) {
    test(`${engine} ${route.path}: 390・320・1280 px で h1、エラーなし、食い違いのないハイドレーション、横スクロールなし、文節の途中で折り返さない`, async () => {
      const lineBreaks = lineBreakProbe(session, route.name);
      for (const [index, routeWidth] of routeWidths.entries()) {
        await setWidth(routeWidth);
        // 最初の幅で開き、あとは同じページで幅だけ変える（CSS のメディアクエリも React も追従する）。
        if (index === 0) {
          await openPage(session, route.path);
          // React がサーバーの DOM を食い違いなく引き継いだ（Gecko。WebKit はページのエラーだけ）。
          if (session.watchesHydration)
            expect(await session.evaluate(hydrationProblems), 'ハイドレーション').toEqual([]);
        }
        const facts = await session.evaluate(pageFacts);
        const where = `${routeWidth}px`;
        expectHeading(route, facts.h1);
        expect(facts.h1Visible, `${where}: h1 が見える`).toBe(true);
        expect(facts.scrollWidth, `${where}: 横スクロールしない`).toBeLessThanOrEqual(
          facts.clientWidth,
        );
        // auto-phrase の無いエンジンでも、見出し・ヒーロー・カードの題は文節の途中で折り返さない。
        expect(
          await session.evaluate(findBrokenPhrases),
          `${where}: 文節の途中で折り返さない`,
        ).toEqual([]);
        await lineBreaks.measure(routeWidth);
        if (engine === 'webkit' && routeWidth === 390 && screenshotRoutes.has(route.path)) {
          mkdirSync(artifacts, {recursive: true});
          await session.screenshot(`${artifacts}/webkit-390-${route.name}.png`);
        }
      }
      lineBreaks.finish();
      expect(await session.takeErrors()).toEqual([]);
    });
  }

  if (engine === 'gecko') {
    test('gecko 390px: ハイドレーションの食い違いを、React の報告と置き換わったサーバーの要素で見つける', async () => {
      await setWidth(390);
      await openPage(session, routes.home);
      await session.evaluate((key: string) => sessionStorage.setItem(key, '1'), breakHydrationFlag);
      try {
        await openPage(session, routes.intro);
        const problems = (await session.evaluate(hydrationProblems)).join('\n');
        expect(problems).toContain('Minified React error #418');
        expect(problems).toContain('React が作り直した');
      } finally {
        await session.evaluate((key: string) => sessionStorage.removeItem(key), breakHydrationFlag);
      }
      // 食い違いは console.error に出るので、ページのエラーにも数えられる。
      expect((await session.takeErrors()).join('\n')).toContain('onRecoverableError');
    });
  }

  test(`${engine} 見つからないページ: 390・320・1280 px で見出しが文節の途中で折り返さない`, async () => {
    const lineBreaks = lineBreakProbe(session, 'notFound');
    for (const [index, pageWidth] of routeWidths.entries()) {
      await setWidth(pageWidth);
      if (index === 0) await openPage(session, unknownPaths[0]);
      expect((await session.evaluate(pageFacts)).h1).toBe(notFound.heading);
      expect(await session.evaluate(findBrokenPhrases), `${pageWidth}px`).toEqual([]);
      await lineBreaks.measure(pageWidth);
    }
    lineBreaks.finish();
  });

  test(`${engine} 1280px: 文節で区切った名前は、アクセシビリティツリーでも元の文字列のまま`, async () => {
    await setWidth(1280);
    for (const path of [routes.intro, routes.host, routes.blogPost]) {
      await openPage(session, path);
      const {checked, mismatches} = await splitNameMismatches(session);
      expect(checked, `${path}: 調べた名前の数`).toBeGreaterThan(5);
      expect(mismatches, `${path}: 名前が元の文字列と違う`).toEqual([]);
    }
  });

  test(`${engine} 1280px: サイドバーのリンクで、読み直さずに次のページへ移る`, async () => {
    await setWidth(1280);
    await openPage(session, routes.intro);
    await session.evaluate(() => {
      (window as unknown as {engineMarker?: string}).engineMarker = 'same-document';
    });
    await press(session, `.theme-doc-sidebar-menu a[href="${routes.host}"]`);
    await waitUntil(
      session,
      '鬼ごっこの開催ページ',
      (path: string) =>
        location.pathname === path &&
        document.querySelector('h1')?.textContent === '鬼ごっこの開催',
      routes.host,
    );
    const marker = await session.evaluate(
      () => (window as unknown as {engineMarker?: string}).engineMarker ?? 'reloaded',
    );
    expect(marker).toBe('same-document');
    expect(await session.takeErrors()).toEqual([]);
  });

  test(`${engine} 390px: モバイルメニューを開いて閉じる`, async () => {
    await setWidth(390);
    await openPage(session, routes.intro);
    expect(await session.evaluate(isShown, selectors.mobileSidebar)).toBe(false);
    await press(session, selectors.menuToggle);
    await waitUntil(session, 'メニューが開く', isShown, selectors.mobileSidebarClose);
    await press(session, selectors.mobileSidebarClose);
    await waitUntil(
      session,
      'メニューが閉じる',
      (sel: string) => {
        const sidebar = document.querySelector(sel);
        return (
          !sidebar ||
          sidebar.getBoundingClientRect().right <= 0 ||
          getComputedStyle(sidebar).visibility === 'hidden'
        );
      },
      selectors.mobileSidebar,
    );
    expect(await session.takeErrors()).toEqual([]);
  });

  test(`${engine} 390px: お知らせバーを閉じると、読み直しても閉じたまま`, async () => {
    await setWidth(390);
    await openPage(session, routes.home);
    await session.evaluate(() => localStorage.clear());
    await openPage(session, routes.home);
    await waitUntil(session, 'お知らせバー', isShown, selectors.announcementBar);
    await press(session, selectors.announcementClose);
    await waitUntil(
      session,
      'お知らせバーが消える',
      (sel: string) => !document.querySelector(sel),
      selectors.announcementBar,
    );
    await session.reload();
    await waitForHydration(session);
    expect(await session.evaluate(isShown, selectors.announcementBar)).toBe(false);
    expect(await session.takeErrors()).toEqual([]);
  });

  for (const searchWidth of [1280, 390]) {
    test(`${engine} ${searchWidth}px: Service Worker が動いている状態で検索し、結果を開く`, async () => {
      await setWidth(searchWidth);
      await openPage(session, routes.home);
      await waitForServiceWorker(session);
      await session.takeErrors();
      expect(await openFirstResult(session, 'アクティベート')).toBe(routes.organizerManagement);
      expect(await session.takeErrors()).toEqual([]);
    });
  }

  test(`${engine} 1280px: 初めての訪問で、Service Worker がプリキャッシュしている間に検索しても、読み込みは失敗しない`, async () => {
    // 別のポートで配信する: Service Worker もキャッシュもない、初めての訪問になる。
    await setWidth(1280);
    const site = await startSiteServer();
    try {
      await openPage(session, `${site.baseURL}${routes.home}`);
      // 前のページを離れたときに取り消された読み込みの知らせは、この訪問のものではない。
      await session.takeBrowserErrors();
      // 登録したばかりの Service Worker がプリキャッシュしている間に検索し、結果を開く。
      expect(await openFirstResult(session, 'アクティベート')).toBe(routes.organizerManagement);
      await waitForQuietNetwork(session);
      // Service Worker がページを制御してから（ルートのチャンクを Service Worker が返す）もう一度。
      await session.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await waitUntil(session, 'Service Worker の制御', () =>
        Boolean(navigator.serviceWorker.controller),
      );
      await openFirstResult(session, 'ミッション');
      // 読み込みの途中でページを離れると、取り消した読み込みもエラーとして出るので、終わるのを待つ。
      await waitForQuietNetwork(session);
      // ChunkLoadError はページのエラーに、Service Worker が要求をしくじったことはブラウザーのエラーに出る。
      const errors = {page: await session.takeErrors(), browser: await session.takeBrowserErrors()};
      expect(errors).toEqual({page: [], browser: []});
    } finally {
      await site.stop();
    }
  });

  test(`${engine} 1280px: 前の版の Service Worker のまま再訪しても、デプロイで消えたファイルを取りに行かずに検索できる`, async () => {
    // 前の訪問で入った Service Worker は、新しい版を「更新」まで待たせ、自分の版のページを返す。その版の
    // 遅延チャンク（検索の画面など）が手元に無いと、配信から消えているので読み込みに失敗する（issue 17 の
    // Firefox の「A ServiceWorker intercepted the request and encountered an unexpected error」と ChunkLoadError）。
    await setWidth(1280);
    const site = await serveBuildCopy();
    try {
      await openPage(session, `${site.baseURL}${routes.home}`);
      await waitForServiceWorker(session);
      await waitForQuietNetwork(session);
      // 次のデプロイ: 名前にハッシュのある JS と CSS は、すべて新しい名前に置き換わる（古いものは消える）。
      for (const dir of ['assets/js', 'assets/css']) {
        rmSync(path.join(site.dir, dir), {recursive: true, force: true});
      }
      await openPage(session, `${site.baseURL}${routes.home}`);
      await waitForQuietNetwork(session);
      // 前のページを離れたときに取り消された読み込みの知らせは、この訪問のものではない。
      await session.takeErrors();
      await session.takeBrowserErrors();
      expect(await openFirstResult(session, 'アクティベート')).toBe(routes.organizerManagement);
      await waitForQuietNetwork(session);
      const errors = {page: await session.takeErrors(), browser: await session.takeBrowserErrors()};
      expect(errors).toEqual({page: [], browser: []});
    } finally {
      await site.stop();
    }
  });

  test(`${engine} 1280px: 変換中の Enter では検索結果を開かない`, async () => {
    // WebDriver（従来版も BiDi も）には IME で文字を組み立てる命令がない。エンジンが変換中に
    // 送る keydown（isComposing、または keyCode 229）を入力欄に送り、サイトが無視することを確かめる。
    await setWidth(1280);
    await openPage(session, routes.home);
    await searchFor(session, 'ミッション');
    const sendEnter = (how: EnterKind): Promise<boolean> =>
      session.evaluate(dispatchEnter, selectors.searchInput, how);
    expect(await sendEnter('isComposing')).toBe(false);
    expect(await sendEnter('keyCode229')).toBe(false);
    expect(pathname(await session.url())).toBe(routes.home);
    expect(await session.evaluate(isShown, selectors.firstResult)).toBe(true);
    const href = await session.evaluate(
      (sel: string) => document.querySelector(sel)?.getAttribute('href') ?? '',
      selectors.firstResult,
    );
    expect(await sendEnter('plain')).toBe(true);
    await waitUntil(
      session,
      '先頭の結果のページ',
      (path: string) => location.pathname === path,
      href.split('#')[0],
    );
    expect(await session.takeErrors()).toEqual([]);
  });

  test(`${engine} 390px: ルートのチャンクの最初の要求が途中で切れても、ページを描いて React が動き、ページのエラーを出さない`, async () => {
    // 電車で途切れた要求（issue 53）: 本文のチャンクへの最初の要求だけ、答えの途中で接続をリセットする。
    // 中継は別のポートの新しいオリジン（Service Worker もキャッシュもない初めての訪問。チャンクは配信から読む）。
    await setWidth(390);
    const chunk = contentChunkOf(routes.intro);
    const proxy = await startDroppingProxy(testServer.baseURL, {
      drop: (pathname) => pathname === chunk,
    });
    try {
      await openPage(session, `${proxy.baseURL}${routes.intro}`);
      expect((await session.evaluate(pageFacts)).h1).toBe('どんなイベント？');
      await waitUntil(session, '本文', isShown, '.theme-doc-markdown');
      await waitForQuietNetwork(session);
      expect(proxy.dropped(), '切った要求').toEqual([chunk]);
      expect(await session.takeErrors()).toEqual([]);
    } finally {
      await proxy.stop();
    }
  });

  // Firefox は、ページを離れるときに取り消した読み込みでも、離れるページのスクリプトの要素に error を送る。
  // 読み込み中のチャンクがあると、離れるページに ChunkLoadError が出ていた（issue 53 の再現キットの失敗）。
  if (engine === 'gecko') {
    test(`gecko 390px: ルートのチャンクを読んでいる途中でページを離れても、取り消された読み込みをページのエラーにしない`, async () => {
      await setWidth(390);
      const chunk = contentChunkOf(routes.intro);
      const proxy = await startDroppingProxy(testServer.baseURL, {
        hold: (pathname) => pathname === chunk,
      });
      try {
        await openPage(session, `${proxy.baseURL}${routes.docs}`);
        await session.takeBrowserErrors();
        // 読み込みの終わりを待たずに移り、本文のチャンクの要求が届いた（答えを待っている）ところで別のページへ。
        await session.evaluate((path: string) => window.location.assign(path), routes.intro);
        const deadline = Date.now() + 15_000;
        while (proxy.held().length === 0) {
          if (Date.now() > deadline) throw new Error('本文のチャンクの要求が届きません');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await openPage(session, `${proxy.baseURL}${routes.host}`);
        await waitForQuietNetwork(session);
        expect(proxy.held()).toEqual([chunk]);
        const errors = {
          page: await session.takeErrors(),
          browser: await session.takeBrowserErrors(),
        };
        expect(errors).toEqual({page: [], browser: []});
      } finally {
        await proxy.stop();
      }
    });
  }

  test(`${engine} 1280px: 一度訪ねたページは、サーバーが止まっても開ける`, async () => {
    await setWidth(1280);
    const site = await startSiteServer();
    try {
      await openPage(session, `${site.baseURL}${routes.intro}`);
      await waitForServiceWorker(session);
      await waitForQuietNetwork(session);
      expect(await session.takeErrors(), 'オンラインでの訪問').toEqual([]);
    } finally {
      await site.stop();
    }
    await openPage(session, `${site.baseURL}${routes.intro}`);
    const facts = await session.evaluate(pageFacts);
    expect(facts.h1).toBe('どんなイベント？');
    // 登録はブラウザーの API だけで行う（遅延チャンクを取りに行かない）ので、オフラインでもエラーは出ない。
    expect(await session.takeErrors()).toEqual([]);
  });

  // 検索の決めてあるクエリ（issue 29）: Chromium の e2e と同じ正解率を、このエンジンでも求める。
  test(`${engine} 1280px: 検索の決めてあるクエリと読者の打ち方のクエリに、Chromium と同じように答える`, async () => {
    test.setTimeout(300_000);
    await setWidth(1280);
    await openPage(session, routes.home);
    await searchFor(session, 'ミッション');
    const site = await scoreQueries(session, searchQueries);
    const reader = await scoreQueries(session, readerQueries);
    console.log(
      `${engine}: 決めてあるクエリ ${site.hits}/${searchQueries.length}、` +
        `読者の打ち方 ${reader.hits}/${readerQueries.length}（結果なし ${reader.empty.length}）`,
    );
    for (const failure of [...site.failures, ...reader.failures])
      console.log(`  不正解: ${failure}`);
    expect(site.failures).toEqual([]);
    expect(reader.hits / readerQueries.length).toBeGreaterThanOrEqual(READER_REQUIRED_HIT_RATE);
    expect(reader.empty).toEqual([]);
    expect(await session.takeErrors()).toEqual([]);
  });
}
