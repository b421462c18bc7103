/** issue 3 の 1: 日本語の全文検索（Pagefind）。本番ビルドを firebase.json どおりに配信して確かめる。 */
import {expect, test, type Page, type Request} from '@playwright/test';
import {routes} from '../../../src/constants/site';
import {searchStrings} from '../shared';
import {waitForHydration} from '../../../lib/page-ready';
import {
  isHit,
  openSearch,
  pagePath,
  resultLinks,
  searchButton,
  searchDialog,
  searchFor,
  searchInput,
  uniquePages,
  waitForResults,
} from '../quality/dialog';
import {viewports, type ViewportName} from '../../../tests/support/viewports';
import {axeFor} from '../../../tests/support/axe';
import {normalizeQuery} from '../theme/SearchDialog/normalize';
import {highlightExcerpt, parseExcerpt} from '../theme/SearchDialog/text';
import {
  indexedPart,
  isIndexedPage,
  isRedirectPage,
  pageSection,
  separateCells,
  urlForHtmlFile,
  withSection,
} from '../selection';
import {
  READER_REQUIRED_HIT_RATE,
  REQUIRED_HIT_RATE,
  TOP_N,
  readerQueries,
  searchQueries,
} from '../quality/queries';
import {READINGS_FILE} from '../shared-kana';
import {dispatchEnter, type EnterKind} from '../../../tests/support/ime';
import {registersServiceWorker} from '../../../tests/support/service-worker';

const isPagefind = (url: string): boolean => new URL(url).pathname.startsWith('/pagefind/');

async function gotoReady(page: Page, route: string = routes.home): Promise<void> {
  await page.goto(route);
  await waitForHydration(page);
}

/** ページ内のエラーと alert などのダイアログを集める。 */
function watchPage(page: Page): {errors: string[]; dialogs: string[]} {
  const seen = {errors: [] as string[], dialogs: [] as string[]};
  page.on('pageerror', (error) => seen.errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(message.text());
  });
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

async function activeElementInfo(page: Page): Promise<{inDialog: boolean; tag: string}> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return {inDialog: Boolean(active?.closest('dialog')), tag: active?.tagName ?? ''};
  });
}

test('サイト内検索: 抜粋は <mark> 以外を文字として扱い、検索語は本文の表記にそろえる', () => {
  expect(parseExcerpt('a &lt;script&gt;x<mark>野田</mark><mark>線</mark><b>y</b>&amp;')).toEqual([
    {text: 'a <script>x', marked: false},
    {text: '野田線', marked: true},
    {text: 'y&', marked: false},
  ]);
  // Pagefind の印が語の切れ目でずれても、検索語そのものに付け直す。
  expect(highlightExcerpt('東<mark>武野</mark>田線', ['野田線'])).toEqual([
    {text: '東武', marked: false},
    {text: '野田線', marked: true},
  ]);
  expect(highlightExcerpt('<mark>鬼</mark>ごっこ', ['存在しない'])).toEqual([
    {text: '鬼', marked: true},
    {text: 'ごっこ', marked: false},
  ]);
  expect(normalizeQuery('  １５分　ＱＲ  ')).toBe('15分 QR');
  expect(normalizeQuery('ｱｸﾃｨﾍﾞｰﾄ')).toBe('アクティベート');
  expect(normalizeQuery('あ'.repeat(500)).length).toBeLessThanOrEqual(100);
});

test('サイト内検索: 索引するページと URL（404・ブログ一覧・転送ページは除く）', () => {
  expect(isIndexedPage('docs/intro.html')).toBe(true);
  expect(isIndexedPage('blog/2025/03/16/docs-site-launch.html')).toBe(true);
  expect(isIndexedPage('index.html')).toBe(true);
  for (const file of ['404.html', 'blog.html', 'blog/archive.html', 'blog/tags/update.html']) {
    expect(isIndexedPage(file), file).toBe(false);
  }
  expect(isIndexedPage('blog/authors/matsuri.html')).toBe(false);
  expect(urlForHtmlFile('docs/intro.html')).toBe(routes.intro);
  expect(urlForHtmlFile('index.html')).toBe(routes.home);
  expect(urlForHtmlFile('docs/0_intro/index.html')).toBe('/docs/0_intro');
  expect(isRedirectPage('<meta http-equiv="refresh" content="0; url=/docs/intro">')).toBe(true);
  expect(isRedirectPage('<meta name="description" content="refresh">')).toBe(false);
  expect(separateCells('<tr><td>中断<td>ゲーム<li>a<link rel=x><thead>')).toBe(
    ' <tr> <td>中断 <td>ゲーム <li>a<link rel=x><thead>',
  );
  expect(pageSection('docs/app-usage/intro.html')).toBe('docs');
  expect(pageSection('docs.html')).toBe('docs');
  expect(pageSection('blog/2025/03/16/docs-site-launch.html')).toBe('blog');
  expect(pageSection('markdown-page.html')).toBe('page');
  expect(withSection('<body><main class=x>', 'blog')).toBe(
    '<body><main data-pagefind-filter="section:blog" class=x>',
  );
  expect(() => withSection('<body><div>', 'docs')).toThrow(/<main>/);
  // 索引に渡すのは <head> と <main> だけ（外側のナビゲーションやサイドバーは語に分けない）。
  expect(
    indexedPart(
      '<html lang=ja><head><title>t</title></head><body class=b><nav>ナビ</nav><main><h1>本文</h1></main><footer>足</footer></body></html>',
    ),
  ).toBe(
    '<html lang=ja><head><title>t</title></head><body class=b><main><h1>本文</h1></main></body></html>',
  );
  expect(indexedPart('<body><div>本文</div></body>')).toBe('<body><div>本文</div></body>');
});

test.describe('サイト内検索', () => {
  test.use({viewport: viewports.desktop});

  test('クエリ一覧の正解率が 95 % 以上（上位3件に期待のページ）', async ({page}) => {
    test.setTimeout(120_000);
    await gotoReady(page);
    await openSearch(page);
    const failures: string[] = [];
    for (const query of searchQueries) {
      const pages = uniquePages(await searchFor(page, query.query));
      if (!isHit(query, pages)) {
        const got = pages.slice(0, TOP_N).join(', ') || '(結果なし)';
        failures.push(`${query.query} → ${got}（期待: ${query.expect.join(', ')}）`);
      }
    }
    const hits = searchQueries.length - failures.length;
    const rate = hits / searchQueries.length;
    console.log(
      `検索の正解率: ${hits}/${searchQueries.length} = ${(rate * 100).toFixed(1)} %（上位${TOP_N}件）`,
    );
    for (const failure of failures) console.log(`  不正解: ${failure}`);
    expect(searchQueries.length).toBeGreaterThanOrEqual(25);
    expect(rate).toBeGreaterThanOrEqual(REQUIRED_HIT_RATE);
  });

  test('読者の打ち方（かな・読み・質問・言い換え）のクエリの正解率が 90 % 以上で、空の答えがない', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await gotoReady(page);
    await openSearch(page);
    const failures: string[] = [];
    const empty: string[] = [];
    for (const query of readerQueries) {
      const pages = uniquePages(await searchFor(page, query.query));
      if (pages.length === 0) empty.push(query.query);
      if (!isHit(query, pages)) {
        const got = pages.slice(0, TOP_N).join(', ') || '(結果なし)';
        failures.push(
          `[${query.kind}] ${query.query} → ${got}（期待: ${query.expect.join(', ')}）`,
        );
      }
    }
    const rate = (readerQueries.length - failures.length) / readerQueries.length;
    console.log(`読者の打ち方の正解率: ${(rate * 100).toFixed(1)} %（上位${TOP_N}件）`);
    for (const failure of failures) console.log(`  不正解: ${failure}`);
    expect(readerQueries.length).toBeGreaterThanOrEqual(40);
    expect(rate).toBeGreaterThanOrEqual(READER_REQUIRED_HIT_RATE);
    expect(empty).toEqual([]);
  });

  test('どの語も含むページがないときは、見つからなかった語を伝えて、ほかの語の結果を出す', async ({
    page,
  }) => {
    await gotoReady(page);
    await openSearch(page);
    const pages = uniquePages(await searchFor(page, 'ミッション 宇宙人'));
    expect(pages[0]).toBe(routes.organizerGameSetup);
    await expect(searchDialog(page).getByRole('status')).toHaveText(
      `${searchStrings.notFound(['宇宙人'])}${searchStrings.resultsFor(['ミッション'])}` +
        searchStrings.found(pages.length),
    );
    // どの語もどこかにあるが、すべてを含むページはないとき。
    const apart = uniquePages(await searchFor(page, 'しゅうごうばしょ'));
    expect(apart[0]).toBe(routes.intro);
    await expect(searchDialog(page).getByRole('status')).toHaveText(
      `${searchStrings.apart(['しゅうごう', 'ばしょ'])}${searchStrings.found(apart.length)}`,
    );
    // 読みで見つけた語（しゅうごう → 集合）に、抜粋の印が付く。
    await searchFor(page, 'しゅうごう');
    await expect(resultLinks(page).first().locator('mark').first()).toHaveText('集合');
  });

  test('結果にページ名・見出し・強調付きの抜粋が出て、クリックでその見出しへ移動する', async ({
    page,
  }) => {
    await gotoReady(page);
    await openSearch(page);
    await searchFor(page, '野田線');
    const first = resultLinks(page).first();
    const href = (await first.getAttribute('href')) ?? '';
    expect(pagePath(href)).toBe(routes.eventExamples);
    const anchor = new URL(href, 'http://localhost').hash.slice(1);
    expect(anchor).not.toBe('');

    // ページ名はリンクの説明（aria-describedby）として結び付いている。
    const titleId = (await first.getAttribute('aria-describedby')) ?? '';
    await expect(page.locator(`[id="${titleId}"]`)).toHaveText('開催事例');
    await expect(page.locator(`[id="${titleId}"]`)).toBeVisible();
    const section = (await first.locator('span').first().innerText()).trim();
    expect(section).not.toBe('');
    await expect(first.locator('mark').first()).toHaveText(/野田線/);

    await first.click();
    await expect(searchDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === routes.eventExamples);
    expect(new URL(page.url()).hash).toBe(`#${anchor}`);
    const heading = page.locator(`[id="${anchor}"]`);
    await expect(heading).toHaveText(new RegExp(section.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    expect(['H2', 'H3']).toContain(await heading.evaluate((el) => el.tagName));
    await expect(heading).toBeInViewport();
  });

  test('キーボードだけで開く・選ぶ・開く・閉じる（Tab、Ctrl+K、/、矢印、Enter、Escape）', async ({
    page,
  }) => {
    await gotoReady(page);

    // Tab で検索ボタンに届き、Enter で開く。
    let reached = false;
    for (let i = 0; i < 40 && !reached; i += 1) {
      await page.keyboard.press('Tab');
      reached = await searchButton(page).evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await expect(searchDialog(page)).toBeVisible();
    await expect(searchDialog(page)).toHaveAttribute('aria-modal', 'true');
    await expect(searchInput(page)).toBeFocused();

    // Escape で閉じ、フォーカスはボタンに戻る。
    await page.keyboard.press('Escape');
    await expect(searchDialog(page)).toHaveCount(0);
    await expect(searchButton(page)).toBeFocused();

    // Ctrl+K と ⌘K と / で開く。
    for (const shortcut of ['Control+k', 'Meta+k', '/']) {
      await page.locator('main h1, main h2').first().click();
      await page.keyboard.press(shortcut);
      await expect(searchInput(page), shortcut).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(searchDialog(page)).toHaveCount(0);
    }

    // 入力欄の中の / は文字として入る。矢印で結果を移動し、Enter で開く。
    await page.keyboard.press('Control+k');
    await page.keyboard.type('アクティベート/');
    await expect(searchInput(page)).toHaveValue('アクティベート/');
    await page.keyboard.press('Backspace');
    await waitForResults(page, 'アクティベート');
    const links = resultLinks(page);
    expect(await links.count()).toBeGreaterThan(1);
    await page.keyboard.press('ArrowDown');
    await expect(links.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(links.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(searchInput(page)).toBeFocused();

    // Tab はダイアログの外に出ない。
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect((await activeElementInfo(page)).inDialog).toBe(true);
    }

    // 入力欄で Enter を押すと先頭の結果を開く。
    await searchInput(page).focus();
    const firstHref = (await links.nth(0).getAttribute('href')) ?? '';
    await page.keyboard.press('Enter');
    await expect(searchDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname + url.hash === firstHref);
    expect(pagePath(firstHref)).toBe(routes.organizerManagement);
  });

  test('IME で変換中の Enter では何も開かない', async ({page}) => {
    await gotoReady(page);
    await openSearch(page);
    await searchFor(page, 'ミッション');
    const before = page.url();
    const count = await resultLinks(page).count();
    expect(count).toBeGreaterThan(0);

    // 変換中の keydown（isComposing、または古い形の keyCode 229）を入力欄に送る。
    const sendEnter = (mode: EnterKind) => searchInput(page).evaluate(dispatchEnter, mode);
    expect(await sendEnter('isComposing')).toBe(false);
    expect(await sendEnter('keyCode229')).toBe(false);
    // 何も起きていないことを、同じ経路の通常の Enter が実際に開くことと比べて確かめる。
    await expect(searchDialog(page)).toBeVisible();
    await expect(resultLinks(page)).toHaveCount(count);
    expect(page.url()).toBe(before);

    const firstHref = (await resultLinks(page).first().getAttribute('href')) ?? '';
    expect(await sendEnter('plain')).toBe(true);
    await expect(searchDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname + url.hash === firstHref);
  });

  test.describe('コンソールも見る', () => {
    // コンソールのエラーが無いことも確かめるので、読者と同じく Service Worker を登録させる。
    test.use(registersServiceWorker);

    test('空・500 文字・正規表現の記号・<script> を入れても何も起きない', async ({page}) => {
      const seen = watchPage(page);
      await gotoReady(page);
      await openSearch(page);
      const dialog = searchDialog(page);

      await searchInput(page).fill('');
      await expect(dialog).toHaveAttribute('data-state', 'idle');
      await expect(dialog.getByRole('status')).toHaveText(searchStrings.hint);
      await searchInput(page).fill('   ');
      await expect(dialog).toHaveAttribute('data-state', 'idle');

      const inputs = [
        'ミッション'.repeat(100),
        'あ'.repeat(500),
        '.*+?^${}()|[]\\',
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(1)>',
        '<img src=x onerror="window.zzqqxx=1">',
        '"><svg onload=alert(1)>',
        '&lt;b&gt;',
      ];
      for (const input of inputs) {
        await searchInput(page).fill(input);
        const state = await waitForResults(page, input);
        expect(['results', 'empty'], input).toContain(state);
        await expect(searchInput(page)).toHaveValue(input);
      }
      // 入力はそのまま文字として表示され、要素として注入されない。
      const script = '<script>zzqqxx()</script>';
      await searchInput(page).fill(script);
      expect(await waitForResults(page, script)).toBe('empty');
      await expect(dialog.getByRole('status')).toContainText(`「${script}」`);
      expect(await page.evaluate(() => 'zzqqxx' in window)).toBe(false);
      expect(await dialog.locator('script, img, iframe, object, embed').count()).toBe(0);
      expect(await dialog.locator('svg').count()).toBe(1);
      expect(await page.evaluate(() => document.querySelectorAll('img[src="x"]').length)).toBe(0);
      expect(seen.errors).toEqual([]);
      expect(seen.dialogs).toEqual([]);
    });
  });

  test('見つからないときは日本語で伝える', async ({page}) => {
    await gotoReady(page);
    await openSearch(page);
    const query = 'zzqqxx';
    await searchInput(page).fill(query);
    expect(await waitForResults(page, query)).toBe('empty');
    await expect(searchDialog(page).getByRole('status')).toHaveText(
      `${searchStrings.noResults(query)}${searchStrings.noResultsHint}`,
    );
    await expect(searchDialog(page)).toContainText(
      `「${query}」に一致するページは見つかりませんでした`,
    );
    await expect(resultLinks(page)).toHaveCount(0);
  });
});

test.describe('サイト内検索の読み込み', () => {
  // Service Worker の precache（オフライン用）を除き、ページが自分で取りに行く量を測る。
  test.use({viewport: viewports.desktop, serviceWorkers: 'block'});

  test('初回表示では索引を取りに行かず、最初の検索で取りに行く（バイト数を表示）', async ({
    page,
  }) => {
    const requests: Request[] = [];
    page.on('request', (request) => {
      if (isPagefind(request.url())) requests.push(request);
    });
    await gotoReady(page, routes.intro);
    await page.waitForLoadState('networkidle');
    expect(requests.map((r) => r.url())).toEqual([]);

    // ナビゲーションしても読み込まない。
    await page.getByRole('link', {name: '鬼ごっこの開催'}).first().click();
    await expect(page).toHaveURL((url) => url.pathname === routes.host);
    await page.waitForLoadState('networkidle');
    expect(requests).toHaveLength(0);

    await openSearch(page);
    await searchFor(page, 'ミッション');
    await page.waitForLoadState('networkidle');
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.map((r) => new URL(r.url()).pathname)).toContain('/pagefind/pagefind.js');

    let total = 0;
    const lines: string[] = [];
    for (const request of requests) {
      const response = await request.response();
      expect(response?.status(), request.url()).toBe(200);
      const bytes = (await response?.body())?.length ?? 0;
      total += bytes;
      lines.push(`  ${new URL(request.url()).pathname}: ${bytes} B`);
    }
    console.log(`最初の検索で読み込んだ量: ${total} B（${requests.length} ファイル）`);
    for (const line of lines) console.log(line);
    expect(total).toBeGreaterThan(0);
  });
  test('読みの辞書は、ひらがなを含む検索のときだけ読み込む（バイト数を表示）', async ({page}) => {
    const readings: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/${READINGS_FILE}`) readings.push(request);
    });
    await gotoReady(page, routes.intro);
    await openSearch(page);
    await searchFor(page, 'ミッション');
    await searchFor(page, '集合');
    expect(readings).toHaveLength(0);
    expect(uniquePages(await searchFor(page, 'しゅうごう'))[0]).toBe(routes.intro);
    expect(readings).toHaveLength(1);
    const response = await readings[0]?.response();
    expect(response?.status()).toBe(200);
    const bytes = (await response?.body())?.length ?? 0;
    console.log(`ひらがなの検索で読む読みの辞書: ${bytes} B（${READINGS_FILE}）`);
    // 二度目からは読み込まない。
    await searchFor(page, 'あかうんと');
    expect(readings).toHaveLength(1);
  });

  test('索引を読み込めないときは日本語で伝え、「もう一度試す」で回復する', async ({page}) => {
    await page.route('**/pagefind/pagefind.js', (route) => route.abort('internetdisconnected'));
    await gotoReady(page);
    await openSearch(page);
    await expect(searchDialog(page)).toHaveAttribute('data-state', 'error');
    await expect(searchDialog(page).getByRole('status')).toHaveText(searchStrings.error);

    await page.unroute('**/pagefind/pagefind.js');
    await searchDialog(page).getByRole('button', {name: searchStrings.retry}).click();
    // 再読み込みが始まって「エラー」の状態を抜けるまで待つ（抜ける前に結果を待つと古い状態を読む）
    await expect(searchDialog(page)).not.toHaveAttribute('data-state', 'error');
    await searchInput(page).fill('クレジット');
    expect(await waitForResults(page, 'クレジット')).toBe('results');
  });
});

test.describe('サイト内検索（スマートフォン）', () => {
  test.use({viewport: viewports.mobile});

  test('390 px でもボタンが見え、ダイアログが画面幅いっぱいに開いて検索できる', async ({page}) => {
    await gotoReady(page, routes.intro);
    await expect(searchButton(page)).toBeVisible();
    const box = await searchButton(page).boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
    await openSearch(page);
    const dialogBox = await searchDialog(page).boundingBox();
    expect(Math.round(dialogBox?.width ?? 0)).toBe(viewports.mobile.width);
    await searchFor(page, 'クレジット');
    await expect(resultLinks(page).first()).toBeVisible();
    await searchDialog(page).getByRole('button', {name: searchStrings.close}).click();
    await expect(searchDialog(page)).toHaveCount(0);
    await expect(searchButton(page)).toBeFocused();
  });
});

for (const viewportName of Object.keys(viewports) as ViewportName[]) {
  test(`サイト内検索: 結果を表示したダイアログに axe の違反がない（${viewports[viewportName].width} px）`, async ({
    page,
  }) => {
    await page.setViewportSize(viewports[viewportName]);
    await gotoReady(page, routes.intro);
    await openSearch(page);
    await searchFor(page, 'ミッション');
    await page.keyboard.press('ArrowDown');
    const {violations} = await axeFor(page).include('dialog').analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
}
