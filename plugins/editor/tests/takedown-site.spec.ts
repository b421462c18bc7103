/**
 * 取り下げと写真の削除のあとのサイト（issue 66）。サイトの複製に公開済みの記事を 2 本（写真 2 枚ずつ）足してビルドし（A）、
 * 読者がそれを「すべて、写真も」オフライン用に保存する。本物のエディター（390 px、指で操作、GitHub のバックエンドに
 * published-stand-in.ts の代わり）で 1 本を取り下げ、もう 1 本から写真を 1 枚外して、どちらも「公開」する。
 * 代わりの GitHub の main を複製に当てて、もう一度ビルドし（B）、同じオリジン（同じポート）で配信する。
 * - B では、取り下げた記事の URL が日本語の見つからないページ（404）で、その写真・SNS カード・フィード・検索の索引
 *   （Pagefind の断片）・サイトマップから消え、外した写真とその説明も消える（A には、どれもあった）。
 * - A で保存した読者が、B を 1 度つながった状態で開くと、保存した分から取り下げた記事のページと写真、外した写真が
 *   消え、オフラインではその記事が開けない（plugins/offline/client/prune.ts）。
 * 費用: ワーカーの時間で約 1〜8 分（複製のビルド 2 回。写真とカードのキャッシュが温まっていれば約 1 分、2 回目は Rspack のキャッシュが効く）。
 */
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import {gunzipSync} from 'node:zlib';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {BrowserContext, Page} from '@playwright/test';
import {buildSiteCopy, createSiteCopy, type SiteCopy} from '../../../lib/site-copy';
import {freePort, startSiteServer, type SiteServer} from '../../../lib/site-server';
import {waitForHydration} from '../../../lib/page-ready';
import {expect, test, watchPageErrors} from './fixture';
import {phone, setStatus} from './editor-page';
import {signedIn} from './github-stand-in';
import {routePublishedRepo} from './published-stand-in';
import {
  changes,
  openPublished,
  otherBlogFiles,
  postFiles,
  publishNow,
  removedAlt,
  removeSecondPhoto,
  takeDown,
  takenDown,
  trimmed,
  type PublishedPost,
} from './takedown-posts';

test.use({viewport: phone, hasTouch: true, isMobile: true, serviceWorkers: 'block'});

const buildTimeoutMs = 480_000;
const saveCacheName = 'denki-offline-save';

/** Pagefind の索引の断片（gzip の JSON）が指すページの URL。 */
function indexedUrls(outDir: string): string[] {
  const folder = path.join(outDir, 'pagefind', 'fragment');
  return readdirSync(folder).map((name) => {
    const text = gunzipSync(readFileSync(path.join(folder, name))).toString('utf8');
    return (JSON.parse(text.replace(/^pagefind_dcd/, '')) as {url: string}).url;
  });
}

/** ページの写真の URL（どの幅も。/assets/photos/…）。alt を渡すと、その説明の写真だけ。 */
async function photoUrls(page: Page, alt?: string): Promise<string[]> {
  return page.evaluate((only) => {
    const urls = new Set<string>();
    for (const img of Array.from(document.querySelectorAll('article img'))) {
      if (only !== null && img.getAttribute('alt') !== only) continue;
      const picture = img.closest('picture');
      const sources = [img, ...Array.from(picture?.querySelectorAll('source') ?? [])];
      for (const source of sources) {
        const set = `${source.getAttribute('src') ?? ''},${source.getAttribute('srcset') ?? ''}`;
        for (const part of set.split(',')) {
          const url = part.trim().split(/\s+/)[0] ?? '';
          if (url.startsWith('/assets/photos/')) urls.add(url);
        }
      }
    }
    return [...urls].sort();
  }, alt ?? null);
}

/** 読者の保存した分のキャッシュにある URL のパス。 */
const savedPaths = (page: Page): Promise<string[]> =>
  page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, saveCacheName);

async function status(url: string): Promise<number> {
  return (await fetch(url, {redirect: 'manual'})).status;
}

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return response.text();
}

/** 読者がひととおり開いてから、すべて（写真も）をオフライン用に保存する。 */
async function saveEverything(page: Page, base: string, post: PublishedPost): Promise<void> {
  await page.goto(`${base}${post.route}`);
  await waitForHydration(page);
  await page.getByRole('button', {name: 'オフラインで読めるように保存'}).tap();
  await page.getByRole('radio', {name: /^すべて/}).check();
  await page.getByRole('checkbox', {name: /^写真も保存する/}).check();
  await page.getByRole('button', {name: /保存を始める/}).tap();
  await expect(page.getByRole('status').filter({hasText: '保存が終わりました'})).toBeVisible({
    timeout: 120_000,
  });
}

/** 代わりの GitHub の main（after）を、複製の blog/ に当てる（before にあって after に無いものは消す）。 */
function applyMain(
  copy: SiteCopy,
  before: ReadonlyMap<string, Buffer>,
  after: ReadonlyMap<string, Buffer>,
): void {
  const {removed, changed} = changes(before, after);
  for (const file of removed) rmSync(path.join(copy.dir, file));
  for (const file of changed) {
    mkdirSync(path.dirname(path.join(copy.dir, file)), {recursive: true});
    writeFileSync(path.join(copy.dir, file), after.get(file) ?? '');
  }
}

/** エディターで 1 本を取り下げ、もう 1 本から写真を 1 枚外し、どちらも公開する。公開したあとの main を返す。 */
async function editInEditor(
  editor: BrowserContext,
  initial: ReadonlyMap<string, Buffer>,
): Promise<Map<string, Buffer>> {
  const repo = await routePublishedRepo(editor, initial);
  await signedIn(editor);
  const first = await editor.newPage();
  await openPublished(first, takenDown);
  await takeDown(first);
  await publishNow(first);
  await first.close();
  // 別のページで開く（同じページで URL の # だけを変えると、Decap が開き直すのを待ち続けることがある）。
  const second = await editor.newPage();
  await openPublished(second, trimmed);
  await removeSecondPhoto(second);
  await setStatus(second, '公開待ち');
  await publishNow(second);
  await expect.poll(() => repo.pulls.filter((pull) => pull.merged).length).toBe(2);
  // main は、2 つのプルリクエストのマージでだけ動いた。
  expect(repo.writes.filter((write) => /\/git\/refs\/heads\/main$/.test(write.path))).toEqual([]);
  const main = repo.files('main');
  expect(main).toBeDefined();
  return main ?? new Map();
}

test('取り下げた記事と外した写真は、次のビルドのページ・写真・カード・フィード・検索・サイトマップから消え、保存した読者の端末からも 1 度の訪問で消える', async ({
  browser,
}) => {
  test.setTimeout(2 * buildTimeoutMs + 180_000);
  const copy = createSiteCopy('takedown');
  const buildA = mkdtempSync(path.join(tmpdir(), 'denki-takedown-a-'));
  const servers: SiteServer[] = [];
  const reader = await browser.newContext({
    viewport: phone,
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'allow',
  });
  const editor = await browser.newContext({viewport: phone, hasTouch: true, isMobile: true});
  const editorErrors = watchPageErrors(editor);
  try {
    const posts = await postFiles();
    for (const [file, content] of posts) {
      mkdirSync(path.dirname(path.join(copy.dir, file)), {recursive: true});
      writeFileSync(path.join(copy.dir, file), content);
    }
    const built = await buildSiteCopy(copy, buildTimeoutMs);
    expect(built.exitCode, built.output).toBe(0);
    cpSync(copy.outDir, buildA, {recursive: true});
    const port = await freePort();
    const a = await startSiteServer({buildDir: buildA, port});
    servers.push(a);

    // A: どちらの記事も、写真・カード・フィード・索引・サイトマップにある。読者がすべてを保存する。
    const readerPage = await reader.newPage();
    await saveEverything(readerPage, a.baseURL, trimmed);
    const trimmedPhoto = await photoUrls(readerPage, removedAlt);
    await readerPage.goto(`${a.baseURL}${takenDown.route}`);
    await expect(readerPage.getByRole('heading', {level: 1})).toHaveText(takenDown.title);
    const takenDownPhotos = await photoUrls(readerPage);
    expect(takenDownPhotos.length).toBeGreaterThan(1);
    expect(trimmedPhoto.length).toBeGreaterThan(0);
    // SNS カード（写真のある記事は最初の写真から描く。plugins/seo）。
    // ビルドが HTML に書いたもの（ページのスクリプトは、動き出すと meta をサイトの既定に戻す）。
    const cardUrl = /property="?og:image"? content="?([^\s">]+)/.exec(
      await text(`${a.baseURL}${takenDown.route}`),
    )?.[1];
    const card = new URL(cardUrl ?? '/').pathname;
    expect(card).toMatch(/^\/img\/og\//);
    expect(await status(`${a.baseURL}${card}`)).toBe(200);
    expect(await text(`${a.baseURL}/sitemap.xml`)).toContain(takenDown.route);
    expect(await text(`${a.baseURL}/blog/rss.xml`)).toContain(takenDown.title);
    expect(indexedUrls(buildA)).toContain(takenDown.route);
    const savedBefore = await savedPaths(readerPage);
    expect(savedBefore).toContain(takenDown.route);
    expect(savedBefore.filter((saved) => takenDownPhotos.includes(saved))).not.toEqual([]);
    expect(savedBefore.filter((saved) => trimmedPhoto.includes(saved))).not.toEqual([]);
    await a.stop();
    servers.pop();

    // エディターで取り下げ、写真を外して公開し、main を複製に当ててビルドし直す（B）。
    const initial = otherBlogFiles(copy.dir);
    const main = await editInEditor(editor, initial);
    expect(changes(initial, main)).toEqual({
      removed: [...posts.keys()]
        .filter((file) => file.startsWith(`blog/${takenDown.slug}/`))
        .concat(`blog/${trimmed.slug}/photo-2.jpg`)
        .sort(),
      changed: [`blog/${trimmed.slug}/index.md`],
    });
    applyMain(copy, initial, main);
    const rebuilt = await buildSiteCopy(copy, buildTimeoutMs);
    expect(rebuilt.exitCode, rebuilt.output).toBe(0);
    const b = await startSiteServer({buildDir: copy.outDir, port});
    servers.push(b);

    // B: 取り下げた記事は日本語の見つからないページ。写真・カード・フィード・索引・サイトマップにも無い。
    const visitor = await browser.newContext({viewport: phone});
    try {
      const gone = await visitor.newPage();
      const response = await gone.goto(`${b.baseURL}${takenDown.route}`);
      expect(response?.status()).toBe(404);
      await expect(gone.getByRole('heading', {level: 1})).toHaveText('ページが見つかりません');
      await gone.goto(`${b.baseURL}${trimmed.route}`);
      await expect(gone.getByRole('heading', {level: 1})).toHaveText(trimmed.title);
      await expect(gone.getByRole('img', {name: trimmed.alts[0]}).first()).toBeAttached();
      await expect(gone.getByRole('img', {name: removedAlt})).toHaveCount(0);
    } finally {
      await visitor.close();
    }
    for (const photo of [...takenDownPhotos, ...trimmedPhoto, card]) {
      expect(await status(`${b.baseURL}${photo}`), photo).toBe(404);
    }
    const sitemap = await text(`${b.baseURL}/sitemap.xml`);
    expect(sitemap).not.toContain(takenDown.route);
    expect(sitemap).toContain(trimmed.route);
    for (const feed of ['/blog/rss.xml', '/blog/atom.xml']) {
      const body = await text(`${b.baseURL}${feed}`);
      expect(body, feed).not.toContain(takenDown.title);
      expect(body, feed).not.toContain(takenDown.route);
      expect(body, feed).toContain(trimmed.title);
    }
    expect(indexedUrls(copy.outDir)).not.toContain(takenDown.route);
    expect(indexedUrls(copy.outDir)).toContain(trimmed.route);
    editorErrors();

    // A で保存した読者が、B を 1 度つながった状態で開く。保存した分から、消えたページと写真が消える。
    await readerPage.goto(`${b.baseURL}/blog`);
    // 保存した分を比べ終えるのは、ページを開いたあと（保存ボタンの本体が読み込まれてから）。
    await expect
      .poll(() => savedPaths(readerPage), {timeout: 30_000})
      .not.toContain(takenDown.route);
    const savedAfter = await savedPaths(readerPage);
    expect(savedAfter).not.toContain(takenDown.route);
    expect(savedAfter.filter((saved) => takenDownPhotos.includes(saved))).toEqual([]);
    expect(savedAfter.filter((saved) => trimmedPhoto.includes(saved))).toEqual([]);
    expect(savedAfter).toContain(trimmed.route);

    // オフラインでは、取り下げた記事は開けない（オフライン用のページ）。
    await reader.setOffline(true);
    await readerPage.goto(`${b.baseURL}${takenDown.route}`);
    await expect(readerPage.getByRole('heading', {level: 1})).toHaveText(
      'オフラインのため、このページは開けません',
    );
    await expect(readerPage.getByText(takenDown.title)).toHaveCount(0);
  } finally {
    await reader.close();
    await editor.close();
    for (const server of servers) await server.stop();
    rmSync(buildA, {recursive: true, force: true});
    copy.remove();
  }
});
