/**
 * 区画ごとのルート表（plugins/routes）: 入口のスクリプトに各ページのルートとチャンクのファイル名がなく、
 * 別の区画へ移るときはその区画の表を読んでから、読み直さずに描く。本番ビルドを配信して確かめる。
 */
import {expect, test, type Page, type Request} from '@playwright/test';
import {routes} from '../../../src/constants/site';
import {openReady, waitForHydration} from '../../../lib/page-ready';

const entryScript = /\/assets\/js\/(runtime~main|react-dom|main)\.[0-9a-f]+\.js$/;
const routeTable = /\/assets\/js\/routes-([a-z0-9-]+)-\d+\.[0-9a-f]+\.js$/;

const mainHeading = (page: Page) => page.locator('main h1, article h1, header h1').first();

/** データセーバー: リンクの先読みをしないので、遷移のときに読むものがそのまま見える。 */
async function saveData(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      value: {saveData: true, effectiveType: '4g'},
    });
  });
}

function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request: Request) => {
    const {pathname} = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.push(pathname);
  });
  return scripts;
}

test('入口の main と runtime~main に、記事や各ページのルートとチャンクのファイル名がない', async ({
  page,
  request,
}) => {
  await saveData(page);
  const scripts = recordScripts(page);
  await openReady(page, routes.intro);
  const entry = scripts.filter((script) => entryScript.test(script));
  expect(entry).toHaveLength(3);
  const text = async (path: string): Promise<string> => (await request.get(path)).text();
  const main = await text(entry.find((script) => script.includes('/main.')) as string);
  const runtime = await text(entry.find((script) => script.includes('/runtime~main.')) as string);
  // Docusaurus の registry.js のモジュールのパスと、routes.js のルート。
  for (const generated of ['@site/docs/', '.mdx', '/blog/tags/announcement', '/blog/archive']) {
    expect(main, generated).not.toContain(generated);
  }
  // ドキュメントの区画の表は読んであり、そこに各ページのルートがある。
  const docsTable = scripts.find((script) => routeTable.exec(script)?.[1] === 'docs');
  expect(docsTable, 'ドキュメントの区画の表').toBeDefined();
  expect(await text(docsTable as string)).toContain(`"${routes.eventExamples}"`);

  // 別のページへ移って初めて読むチャンク（ページの本文）: 名前はランタイムになく、区画の表にある。
  scripts.length = 0;
  await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: '開催事例'}).click();
  await expect(mainHeading(page)).toHaveText('開催事例');
  const pageChunks = scripts.map((script) => script.split('/').pop() as string);
  expect(pageChunks.length).toBeGreaterThan(0);
  for (const file of pageChunks) {
    const [name] = file.split('.');
    expect(runtime, `runtime~main に ${file}`).not.toContain(`"${name}"`);
    expect(await text(docsTable as string)).toContain(file);
  }
});

test('別の区画（ブログ）へは、その区画の表を読んでから、読み直さずに移る', async ({page}) => {
  await saveData(page);
  const scripts = recordScripts(page);
  await openReady(page, routes.intro);
  expect(scripts.filter((script) => routeTable.exec(script)?.[1] === 'blog')).toEqual([]);
  await page.evaluate(() => {
    (window as unknown as {denkiSamePage: boolean}).denkiSamePage = true;
  });

  scripts.length = 0;
  await page.locator('.navbar').getByRole('link', {name: 'ブログ', exact: true}).click();
  await expect(page).toHaveURL(new RegExp(`${routes.blog}$`));
  await expect(mainHeading(page)).toHaveText('ブログ');
  const tables = scripts.filter((script) => routeTable.test(script));
  expect(tables.map((script) => routeTable.exec(script)?.[1])).toEqual(['blog']);
  // 区画の表が先、そのあとにページのチャンク。
  expect(scripts.indexOf(tables[0] as string)).toBe(0);
  expect(scripts.length).toBeGreaterThan(1);

  scripts.length = 0;
  await page
    .getByRole('link', {name: '電鬼の公式ドキュメントサイトを公開しました'})
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`${routes.blogPost}$`));
  await expect(mainHeading(page)).toHaveText('電鬼の公式ドキュメントサイトを公開しました');
  // 同じ区画の中では表を読み直さない。
  expect(scripts.filter((script) => routeTable.test(script))).toEqual([]);
  expect(
    await page.evaluate(() => (window as unknown as {denkiSamePage?: boolean}).denkiSamePage),
  ).toBe(true);
});

test('区画の表を待つ間は元のページのまま進み具合のバーを出し、読めたら移る', async ({page}) => {
  await saveData(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(routeTable, async (route) => {
    if (routeTable.exec(new URL(route.request().url()).pathname)?.[1] === 'blog') await held;
    await route.continue();
  });
  await openReady(page, routes.intro);
  await page.locator('.navbar').getByRole('link', {name: 'ブログ', exact: true}).click();
  await expect(page.locator('#nprogress .bar')).toBeVisible();
  await expect(mainHeading(page)).toHaveText('どんなイベント？');
  release();
  await expect(mainHeading(page)).toHaveText('ブログ');
  await expect(page.locator('#nprogress')).toHaveCount(0);
});

test('画面に入ったリンクの行き先は、区画の表ごと空き時間に先読みする', async ({page, context}) => {
  // ブログの一覧が読むルートのチャンク（名前の付いたもの）を、先読みなしで開いて調べる。
  const probe = await context.newPage();
  await saveData(probe);
  const direct = recordScripts(probe);
  await openReady(probe, routes.blog);
  await probe.close();
  const named = (scripts: readonly string[]) =>
    scripts.filter((script) => /\/[0-9a-f]{8}\.[0-9a-f]{8}\.js$/.test(script));
  const expected = named(direct);
  expect(expected.length).toBeGreaterThan(0);

  // ナビバーの「ブログ」が見えているので、ブログの区画の表を読み、一覧のチャンクを先読みする。
  const scripts = recordScripts(page);
  await openReady(page, routes.intro);
  const prefetched = () =>
    page
      .locator('link[rel="prefetch"]')
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
      );
  await expect
    .poll(async () => {
      const links = await prefetched();
      return expected.filter((script) => !links.includes(script));
    })
    .toEqual([]);
  expect(scripts.filter((script) => routeTable.exec(script)?.[1] === 'blog')).toHaveLength(1);
});

test('区画の中にも外にもないパスは見つからないページ（区画の表を読んでも）', async ({page}) => {
  for (const path of ['/blog/2099/01/01/none', '/docs/none', '/none-section/x']) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(mainHeading(page)).toHaveText('ページが見つかりません');
  }
});
