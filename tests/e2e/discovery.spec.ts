/** 見つけてもらう・共有される・古いリンクが生きる・オフラインで読める（issue 3 の §2〜§5）。 */
import {expect, test, type APIRequestContext, type Page} from '@playwright/test';
import {
  appUsagePages,
  colors,
  legacyAppUsageDir,
  routes,
  site,
  siteUrl,
} from '../../src/constants/site';
import {builtRoutes} from '../support/sitemap';
import {waitForPageReady} from '../../lib/page-ready';

const allRoutes = builtRoutes();

/** 公開 URL（siteUrl から始まる）をローカルのパスにする。 */
function localPath(url: string): string {
  expect(url.startsWith(siteUrl)).toBe(true);
  return url.slice(siteUrl.length) || '/';
}

/** PNG の幅と高さ（IHDR）を読む。署名が違えば例外。 */
function pngSize(bytes: Buffer): {width: number; height: number} {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature)) throw new Error('PNG ではありません');
  if (bytes.subarray(12, 16).toString('ascii') !== 'IHDR') throw new Error('IHDR がありません');
  return {width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20)};
}

async function meta(page: Page, selector: string): Promise<string | null> {
  return page.locator(selector).first().getAttribute('content');
}

async function fetchOk(request: APIRequestContext, path: string): Promise<Buffer> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.body();
}

test.describe('古い URL の転送', () => {
  const legacy = [
    {from: '/docs/0_intro', to: routes.intro},
    {from: legacyAppUsageDir, to: routes.appIntro},
    ...appUsagePages.map((page) => ({
      from: `${legacyAppUsageDir}/${page}`,
      to: `/docs/app-usage/${page}`,
    })),
  ];
  const variants = (from: string): string[] => {
    const encoded = encodeURI(from);
    return [...new Set([from, `${from}/`, encoded, `${encoded}/`])];
  };
  // 古い URL ごとに 1 枚のページで、書き方の違う URL（末尾の / と符号化）を順に開く。Service Worker は
  // 止めて、どの URL もサーバーの答えから転送されることを確かめる（新しいコンテキストと同じ条件）。
  test.describe('書き方の違う URL', () => {
    test.use({serviceWorkers: 'block'});
    for (const {from, to} of legacy) {
      test(`${from} → ${to}`, async ({page}) => {
        for (const url of variants(from)) {
          await test.step(url, async () => {
            await page.goto(url);
            await expect(page).toHaveURL(new RegExp(`${to}$`));
            await expect(page.locator('h1')).toBeVisible();
            await expect(page.locator('h1')).not.toHaveText('ページが見つかりません');
          });
        }
      });
    }
  });

  test('クエリとアンカーを転送先に引き継ぐ', async ({page}) => {
    await page.goto('/docs/0_intro?from=old#game-flow');
    await expect(page).toHaveURL(new RegExp(`${routes.intro}\\?from=old#game-flow$`));
    await expect(page.locator('#game-flow')).toBeVisible();
  });

  test.describe('JavaScript なし', () => {
    test.use({javaScriptEnabled: false});

    test('転送ページは日本語の title と転送先の canonical を持ち、meta refresh で移る', async ({
      page,
    }) => {
      const html = (await fetchOk(page.request, '/docs/0_intro')).toString('utf8');
      expect(html).toMatch(/<title>ページを移動しました \| 電鬼<\/title>/);
      expect(html).toContain(`<link rel="canonical" href="${siteUrl}${routes.intro}">`);
      await page.goto('/docs/0_intro');
      await expect(page).toHaveURL(new RegExp(`${routes.intro}$`));
      await expect(page.locator('h1')).toBeVisible();
    });
  });
});

test.describe('検索エンジンと SNS', () => {
  // クローラーは JavaScript を実行しないので、配信された HTML そのものを調べる。
  test.use({javaScriptEnabled: false});

  test('sitemap.xml と robots.txt が公開 URL で書かれている', async ({request}) => {
    const sitemap = (await fetchOk(request, '/sitemap.xml')).toString('utf8');
    expect(sitemap).toContain(`<loc>${siteUrl}${routes.intro}</loc>`);
    expect(sitemap).toContain(`<loc>${siteUrl}${routes.blogPost}</loc>`);
    const robots = (await fetchOk(request, '/robots.txt')).toString('utf8');
    expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
    expect(robots).toMatch(/User-agent: \*/);
  });

  // JavaScript を切ったページは軽いので、全ルートを 1 枚のページで順に開く（ルートごとの結果は step に出る）。
  test('どのルートも canonical・Open Graph・Twitter カードを持ち、og:image は 1200×630 の PNG', async ({
    page,
    request,
  }) => {
    for (const route of allRoutes) {
      await test.step(route, async () => {
        await page.goto(route);
        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
        expect.soft(canonical, route).toBe(`${siteUrl}${route === '/' ? '/' : route}`);
        expect.soft(await meta(page, 'meta[property="og:title"]'), route).toBeTruthy();
        expect.soft(await meta(page, 'meta[property="og:url"]'), route).toBe(canonical);
        expect
          .soft(await meta(page, 'meta[name="twitter:card"]'), route)
          .toBe('summary_large_image');
        const image = await meta(page, 'meta[property="og:image"]');
        expect(image, route).toBeTruthy();
        expect.soft(await meta(page, 'meta[name="twitter:image"]'), route).toBe(image);
        const png = await fetchOk(request, localPath(image ?? ''));
        expect.soft(pngSize(png), route).toEqual({width: 1200, height: 630});
      });
    }
  });

  test('ページごとのカードはそのページのために描かれている（ブログの一覧のたぐいはサイト共通のカード）', async ({
    page,
  }) => {
    for (const route of [routes.intro, routes.blogPost]) {
      await page.goto(route);
      expect(await meta(page, 'meta[property="og:image"]')).toBe(`${siteUrl}/img/og${route}.png`);
    }
    for (const route of [routes.blog, routes.blogTagUpdate, routes.blogArchive]) {
      await page.goto(route);
      expect(await meta(page, 'meta[property="og:image"]'), route).toBe(
        `${siteUrl}/img/social-card.png`,
      );
    }
  });

  test('ホームには運営者（Organization）、記事には BlogPosting の JSON-LD', async ({page}) => {
    const jsonLd = async (): Promise<{'@type'?: string; name?: string}[]> => {
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      return blocks.map((text) => JSON.parse(text) as {'@type'?: string; name?: string});
    };
    await page.goto(routes.home);
    const organization = (await jsonLd()).find((data) => data['@type'] === 'Organization');
    expect(organization?.name).toBe(site.office);
    await page.goto(routes.blogPost);
    expect((await jsonLd()).some((data) => data['@type'] === 'BlogPosting')).toBe(true);
  });
});

test.describe('ホーム画面に追加できるアプリとして', () => {
  test('マニフェストは日本語の名前、ブランドの色、描いたアイコンを持つ', async ({
    page,
    request,
  }) => {
    await page.goto(routes.home);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.json');
    const manifest = JSON.parse((await fetchOk(request, href ?? '')).toString('utf8')) as {
      name: string;
      short_name: string;
      lang: string;
      theme_color: string;
      icons: {src: string; sizes: string; type: string}[];
    };
    expect(manifest.name).toContain(site.title);
    expect(manifest.short_name).toBe(site.title);
    expect(manifest.lang).toBe('ja');
    expect(manifest.theme_color).toBe(colors.deep);
    for (const icon of manifest.icons.filter((item) => item.type === 'image/png')) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await fetchOk(request, icon.src))).toEqual({width, height});
    }
  });
});

test.describe('日本語の組版', () => {
  test('本文は日本語のフォントを優先し system-ui を使わず、行間は約 1.8、禁則は strict', async ({
    page,
  }) => {
    await page.goto(routes.intro);
    const style = await page.evaluate(() => {
      const body = getComputedStyle(document.body);
      const paragraph = document.querySelector('article p');
      const heading = document.querySelector('article h2');
      return {
        fontFamily: body.fontFamily,
        lineHeight: paragraph ? parseFloat(getComputedStyle(paragraph).lineHeight) : 0,
        fontSize: paragraph ? parseFloat(getComputedStyle(paragraph).fontSize) : 1,
        lineBreak: getComputedStyle(paragraph ?? document.body).lineBreak,
        headingWordBreak: heading ? getComputedStyle(heading).wordBreak : '',
        headingPhrases: heading?.classList.contains('phrases') ?? false,
        unsplitWordBreak: (() => {
          // ビルド時に文節に分けていない見出し（あれば）は、対応するエンジンの auto-phrase に任せる。
          const probe = document.createElement('h2');
          document.querySelector('article')?.append(probe);
          const value = getComputedStyle(probe).wordBreak;
          probe.remove();
          return value;
        })(),
      };
    });
    expect(style.fontFamily).not.toMatch(/system-ui/);
    expect(style.fontFamily).toMatch(/^"?Hiragino Sans"?/);
    expect(style.fontFamily).toMatch(/Noto Sans JP/);
    expect(style.lineHeight / style.fontSize).toBeCloseTo(1.8, 1);
    expect(style.lineBreak).toBe('strict');
    // 見出しはビルド時に BudouX で文節に分けてあり、その区切りだけで折り返す（どのエンジンでも同じ）。
    expect(style.headingPhrases).toBe(true);
    expect(style.headingWordBreak).toBe('keep-all');
    expect(style.unsplitWordBreak).toBe('auto-phrase');
  });

  test('Web フォントを読み込まない（文字の表示を待たせない）', async ({page}) => {
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(request.url());
    });
    await page.goto(routes.home);
    await waitForPageReady(page);
    expect(fonts).toEqual([]);
  });
});
