/**
 * 読者の通信量（issue 11）: データセーバーでは裏で何も取らない、「オフラインで読めるように保存」
 * （量の表示・進み具合・完了・削除・接続切れ・容量不足）、オフラインの表示とオフライン用ページ。
 */
import {appendFileSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {expect, test, type BrowserContext, type Page, type Request} from '@playwright/test';
import {filesFor, type SaveList, type SaveScope} from '../shared';
import {routes} from '../../../src/constants/site';
import {fileTimeoutMs} from '../client/limits';
import {connections, fakeConnection} from '../../../lib/connection';
import {waitForHydration, waitForPageReady} from '../../../lib/page-ready';
import {serveBuildCopy} from '../../../lib/site-server';
import {openSearch, resultLinks, searchFor} from '../../search/quality/dialog';
import {registersServiceWorker} from '../../../tests/support/service-worker';

test.use(registersServiceWorker);

const saveList = JSON.parse(readFileSync('build/offline-save.json', 'utf8')) as SaveList;
const offerBytes = (scope: SaveScope): number =>
  saveList.offers.find((offer) => offer.id === scope)?.bytes ?? Number.NaN;
const sizeText = (scope: SaveScope): string =>
  `約 ${(offerBytes(scope) / (1024 * 1024)).toFixed(1)} MB`;
const scopeName: Readonly<Record<SaveScope, string>> = {docs: 'ドキュメントだけ', all: 'すべて'};
const saveButton = 'オフラインで読めるように保存';
const offlinePageHeading = 'オフラインのため、このページは開けません';

const mainHeading = (page: Page) => page.locator('main h1, article h1').first();

/** データセーバーの端末: Save-Data ヘッダーと navigator.connection.saveData。 */
async function emulateSaveData(context: BrowserContext): Promise<void> {
  await context.setExtraHTTPHeaders({'Save-Data': 'on'});
  await context.addInitScript(fakeConnection, connections.saveData);
}

/** 保存ボタンを押し、選択肢の量を確かめてから scope を選ぶ（既定の選択はドキュメントだけ）。 */
async function chooseScope(page: Page, scope: SaveScope): Promise<void> {
  for (const id of ['docs', 'all'] as const) {
    await expect(page.getByRole('radio', {name: new RegExp(`^${scopeName[id]}`)})).toBeVisible();
    await expect(page.getByText(`${scopeName[id]}（${sizeText(id)}）`)).toBeVisible();
  }
  await page.getByRole('radio', {name: new RegExp(`^${scopeName[scope]}`)}).check();
  await expect(
    page.getByRole('button', {name: `保存を始める（${sizeText(scope)}）`}),
  ).toBeVisible();
}

async function openSaveControl(page: Page, scope: SaveScope = 'all'): Promise<void> {
  await page.goto(routes.participantGuide);
  await waitForHydration(page);
  await page.getByRole('button', {name: saveButton}).click();
  await chooseScope(page, scope);
}

async function saveEverything(page: Page): Promise<void> {
  await openSaveControl(page);
  await page.getByRole('button', {name: /保存を始める/}).click();
  await expect(page.getByRole('status').filter({hasText: '保存が終わりました'})).toBeVisible({
    timeout: 60_000,
  });
}

/** 保存の一覧の最後の 2 つ（どちらも裏では取らず、保存のときだけ取る）。 */
const heldFile = '**/pagefind/wasm.unknown.pagefind';
const secondHeldFile = '**/pagefind/index/*.pf_index';

type Outcome = 'continue' | 'drop';
type HeldFile = {
  /** 止めた要求（ページの要求か、ページを制御している Service Worker が代わりに出した要求）。 */
  readonly arrived: Promise<Request>;
  release(outcome: Outcome): void;
};

/**
 * url の応答を止めておく。release で通すか、電波が切れたように落とす。
 * only を渡すと、それに合う要求だけを止める（ほかはそのまま通す）。
 */
async function holdFile(
  context: BrowserContext,
  url: string | ((url: URL) => boolean),
  only: (request: Request) => boolean = () => true,
): Promise<HeldFile> {
  let reached: (request: Request) => void = () => undefined;
  let release: (outcome: Outcome) => void = () => undefined;
  const arrived = new Promise<Request>((resolve) => (reached = resolve));
  const outcome = new Promise<Outcome>((resolve) => (release = resolve));
  await context.route(url, async (route) => {
    if (!only(route.request())) return route.continue();
    reached(route.request());
    // 止めている間にブラウザーが要求を取り消していれば、通すことも落とすこともできない。
    if ((await outcome) === 'continue') await route.continue().catch(() => undefined);
    else await route.abort('internetdisconnected').catch(() => undefined);
  });
  return {arrived, release};
}

/**
 * ページの出した request の URL の要求が、失敗に終わる（取り消された、落とされた）のを待つ。
 * Service Worker が制御していれば、止めてあるのは Service Worker の要求で、ページの要求は別にある。
 */
const pageRequestFailed = (context: BrowserContext, request: Request): Promise<unknown> =>
  context.waitForEvent('requestfailed', {
    predicate: (r) => r.url() === request.url() && !r.serviceWorker(),
    timeout: 0,
  });

type Start = 'service worker installs during the save' | 'service worker already in control';
const starts: readonly Start[] = [
  'service worker installs during the save',
  'service worker already in control',
];

/**
 * 保存の前の状態を作る。データセーバーの端末では、保存ボタンが Service Worker を登録し、
 * 保存の最中にプリキャッシュが走る。そうでなければ最初の訪問で登録され、保存の前から制御している。
 */
async function prepare(page: Page, context: BrowserContext, start: Start): Promise<void> {
  if (start === 'service worker installs during the save') {
    await emulateSaveData(context);
    await openSaveControl(page);
    return;
  }
  await page.goto(routes.participantGuide);
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await openSaveControl(page);
}

/** データセーバーの端末で保存を始め、1 ファイルを止めたところで返す。 */
async function startSaveWithHeldFile(page: Page, context: BrowserContext) {
  await prepare(page, context, 'service worker installs during the save');
  const held = await holdFile(context, heldFile);
  await page.getByRole('button', {name: /保存を始める/}).click();
  await held.arrived;
  return held;
}

const networkFailure = '接続が切れたため';

/** 保存が止まり、完了とは言わず、「続きから保存」を出していること。 */
async function expectStoppedSave(page: Page): Promise<void> {
  await expect(page.getByRole('alert')).toContainText(networkFailure);
  await expect(page.getByRole('button', {name: '続きから保存'})).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByText('保存が終わりました')).toHaveCount(0);
}

/** オフラインにして新しいタブで route を開き、check する。終われば回線を戻す。 */
async function openOffline(
  context: BrowserContext,
  route: string,
  check: (fresh: Page) => Promise<void>,
): Promise<void> {
  await context.setOffline(true);
  try {
    const fresh = await context.newPage();
    await fresh.goto(route);
    await check(fresh);
  } finally {
    await context.setOffline(false);
  }
}

test.describe('data plan and offline reading', () => {
  test.describe.configure({timeout: 120_000});

  test('Save-Data: the first visit registers no service worker and precaches nothing', async ({
    page,
    context,
  }) => {
    await emulateSaveData(context);
    const background: string[] = [];
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (request.serviceWorker() || url.pathname === '/sw.js') background.push(url.pathname);
    });
    await page.goto(routes.participantGuide);
    await waitForPageReady(page);
    // 登録は読み込みの後に非同期で走るので、少し待ってからも何も起きていないことを見る。
    await page.waitForTimeout(3_000);
    expect(background).toEqual([]);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0);
    await expect(mainHeading(page)).toBeVisible();
  });

  test('the save control states the size, shows progress, and a never-visited page then opens offline', async ({
    page,
    context,
  }) => {
    // 1 ファイルを止めておき、その間に進み具合のバーを確かめる。
    const held = await startSaveWithHeldFile(page, context);
    const progress = page.getByRole('progressbar', {name: 'オフライン用の保存の進み具合'});
    await expect(progress).toBeVisible();
    await expect(page.getByRole('status').filter({hasText: '保存しています'})).toBeVisible();
    held.release('continue');
    await expect(page.getByRole('status').filter({hasText: '保存が終わりました'})).toBeVisible({
      timeout: 60_000,
    });
    await expect(progress).toHaveCount(0);

    await openOffline(context, routes.blogPost, async (blog) => {
      await waitForHydration(blog);
      await expect(mainHeading(blog)).toBeVisible();
      await expect(mainHeading(blog)).not.toHaveText(offlinePageHeading);
      await expect(
        blog.getByText('オフラインです。保存してある内容を表示しています。'),
      ).toBeVisible();
    });
  });

  test('the save control offers the docs on their own and everything, each with its size; docs first, the rest later', async ({
    page,
    context,
  }) => {
    expect(saveList.offers.map((offer) => offer.id)).toEqual(['docs', 'all']);
    const docsFiles = filesFor(saveList, 'docs').map((file) => file.url);
    expect(offerBytes('docs')).toBeLessThan(offerBytes('all'));
    expect(docsFiles).toContain(routes.organizerManagement);
    expect(docsFiles.some((url) => url.startsWith('/blog') || url.startsWith('/pagefind'))).toBe(
      false,
    );

    await emulateSaveData(context);
    await page.goto(routes.participantGuide);
    await waitForHydration(page);
    await page.getByRole('button', {name: saveButton}).click();
    // 既定はドキュメントだけ（通信量の少ないほう）。
    await expect(page.getByRole('radio', {name: /^ドキュメントだけ/})).toBeChecked();
    await chooseScope(page, 'docs');
    await page.getByRole('button', {name: /保存を始める/}).click();
    await expect(
      page.getByRole('status').filter({hasText: '電波がなくても、ドキュメントを読めます'}),
    ).toBeVisible({timeout: 60_000});
    await openOffline(context, routes.blogPost, async (blog) => {
      await expect(blog.getByRole('heading', {level: 1})).toHaveText(offlinePageHeading);
    });
    await openOffline(context, routes.organizerManagement, async (doc) => {
      await waitForHydration(doc);
      await expect(mainHeading(doc)).toHaveText('ゲームの運営（主催者）');
    });

    // あとから「すべて」にすると、残り（ブログと検索）だけを取りに行く。
    const fetched: string[] = [];
    context.on('requestfinished', (request) => {
      if (!request.serviceWorker()) fetched.push(new URL(request.url()).pathname);
    });
    await page.getByRole('button', {name: 'ブログと検索も保存する'}).click();
    await expect(page.getByRole('radio', {name: /^すべて/})).toBeChecked();
    await page.getByRole('button', {name: /保存を始める/}).click();
    await expect(
      page.getByRole('status').filter({hasText: '電波がなくても、ドキュメントとブログを読めます'}),
    ).toBeVisible({timeout: 60_000});
    expect(fetched).toContain(routes.blogPost);
    expect(fetched).not.toContain(routes.organizerManagement);
    await openOffline(context, routes.blogPost, async (blog) => {
      await waitForHydration(blog);
      await expect(mainHeading(blog)).not.toHaveText(offlinePageHeading);
    });
  });

  test('the saved copy can be removed; an unsaved page offline shows the Japanese offline page', async ({
    page,
    context,
  }) => {
    await emulateSaveData(context);
    await saveEverything(page);
    await page.getByRole('button', {name: '保存した内容を削除'}).click();
    await expect(page.getByText('保存した内容を削除しました。')).toBeVisible();
    expect(await page.evaluate(() => caches.has('denki-offline-save'))).toBe(false);
    await expect(page.getByRole('button', {name: saveButton})).toBeVisible();

    await openOffline(context, routes.blogPost, async (blog) => {
      await expect(blog.getByRole('heading', {level: 1})).toHaveText(offlinePageHeading);
      await expect(blog.locator('html')).toHaveAttribute('lang', 'ja');
      // 保存してあるページ（裏で取ったドキュメント）へのリンクから、読める所へ戻れる。
      await blog
        .getByRole('link', {name: /はじめに|電鬼/})
        .first()
        .click();
      await waitForHydration(blog);
      await expect(mainHeading(blog)).not.toHaveText(offlinePageHeading);
    });
  });

  for (const start of starts) {
    test(`a dropped connection stops the save without claiming it is complete, and it resumes (${start})`, async ({
      page,
      context,
    }) => {
      // 保存の途中で 1 ファイルの接続が切れる。そのとき取りに行っている最中のもう 1 ファイルは、
      // 保存がすぐ取り消す（切れたあとに届いて「保存しています」に戻ることがない）。ページの時計を
      // 止めておき、応答が止まったときの待ち時間（fileTimeoutMs）では取り消されないようにする。
      await page.clock.install();
      await prepare(page, context, start);
      const dropped = await holdFile(context, heldFile);
      const inFlight = await holdFile(context, secondHeldFile);
      await page.getByRole('button', {name: /保存を始める/}).click();
      const [, second] = await Promise.all([dropped.arrived, inFlight.arrived]);
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      const secondCancelled = pageRequestFailed(context, second);
      dropped.release('drop');
      await expect(page.getByRole('alert')).toContainText(networkFailure);
      await secondCancelled;
      await expectStoppedSave(page);
      inFlight.release('continue');
      await context.unrouteAll();
      await page.clock.resume();

      await page.reload();
      await waitForHydration(page);
      await expect(page.getByRole('alert')).toContainText('前回の保存は途中で止まっています');

      await page.getByRole('button', {name: '続きから保存'}).click();
      // 途中で止まった保存は「すべて」だったので、続きも「すべて」が選ばれている。
      await expect(page.getByRole('radio', {name: /^すべて/})).toBeChecked();
      await page.getByRole('button', {name: /保存を始める/}).click();
      await expect(page.getByRole('status').filter({hasText: '保存が終わりました'})).toBeVisible({
        timeout: 60_000,
      });
    });
  }

  test('going offline stops the save at once, even while a file is still on its way', async ({
    page,
    context,
  }) => {
    // トンネルに入った: ブラウザーがオフラインになった時点で、止めてあるファイルの答えを待たずに止まる。
    const held = await startSaveWithHeldFile(page, context);
    await context.setOffline(true);
    await expectStoppedSave(page);
    held.release('drop');
    await context.setOffline(false);
    await expect(page.getByText('保存が終わりました')).toHaveCount(0);
  });

  test('a file whose answer stalls ends the save after the stall time-out', async ({
    page,
    context,
  }) => {
    // 電波が弱く、応答が返らないまま止まる。ページの時計を進めて、待ち時間を過ぎたことにする。
    await page.clock.install();
    const held = await startSaveWithHeldFile(page, context);
    await expect(page.getByRole('status').filter({hasText: '保存しています'})).toBeVisible();
    await page.clock.fastForward(fileTimeoutMs);
    await expectStoppedSave(page);
    held.release('drop');
  });

  test('a service worker that cannot finish its precache stops the save instead of leaving it hanging', async ({
    page,
    context,
  }) => {
    // 保存の最中に入る Service Worker のプリキャッシュが、接続が切れて失敗する。保存したファイルを
    // 返す Service Worker がいないので、全ファイルを取り終えても完了とは言わない。
    await prepare(page, context, 'service worker installs during the save');
    const precache = await holdFile(
      context,
      (url) => url.pathname === routes.intro,
      (request) => Boolean(request.serviceWorker()),
    );
    await page.getByRole('button', {name: /保存を始める/}).click();
    await precache.arrived;
    precache.release('drop');
    await expectStoppedSave(page);
  });

  test('when the service worker cannot read its caches, it still answers from the network', async ({
    page,
    context,
  }) => {
    await page.goto(routes.intro);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    const worker = context.serviceWorkers().find((sw) => new URL(sw.url()).pathname === '/sw.js');
    expect(worker, 'Service Worker').toBeDefined();
    // Cache Storage がどの操作でも失敗する（壊れた、書き込みの途中で読めないなど）。
    await worker?.evaluate(() => {
      const broken = (): Promise<never> =>
        Promise.reject(new DOMException('broken', 'UnknownError'));
      Object.assign(caches, {open: broken, keys: broken, has: broken, match: broken});
    });
    // プリキャッシュにあるページと、そのルートのチャンクを、ネットワークから読む。
    await page.goto(routes.host);
    await waitForHydration(page);
    await expect(mainHeading(page)).toHaveText('鬼ごっこの開催');
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  });

  test('a storage quota error gives a clear message and leaves nothing half saved', async ({
    page,
    context,
  }) => {
    await emulateSaveData(context);
    await context.addInitScript(() => {
      const put = Cache.prototype.put;
      let calls = 0;
      Cache.prototype.put = function (this: Cache, request, response) {
        calls += 1;
        if (calls > 5) return Promise.reject(new DOMException('full', 'QuotaExceededError'));
        return put.call(this, request, response);
      };
    });
    await openSaveControl(page);
    await page.getByRole('button', {name: /保存を始める/}).click();
    // 6 件目の保存で容量不足になる。そこまでの取得と Service Worker の登録は、混んだ CI では 5 秒を超える。
    await expect(page.getByRole('alert')).toContainText('空き容量が足りない', {timeout: 30_000});
    expect(await page.evaluate(() => caches.has('denki-offline-save'))).toBe(false);
    // 読むことはそのまま続けられる。
    await page.getByRole('link', {name: '開催事例'}).first().click();
    await expect(mainHeading(page)).toHaveText('開催事例');
  });

  test('offline, a page read from the cache says so discreetly', async ({page, context}) => {
    await page.goto(routes.intro);
    await waitForHydration(page);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const worker = registration.active;
      if (worker && worker.state !== 'activated') {
        await new Promise((resolve) => worker.addEventListener('statechange', resolve));
      }
    });
    const notice = 'オフラインです。保存してある内容を表示しています。';
    await expect(page.getByText(notice)).toHaveCount(0);
    await openOffline(context, routes.appIntro, async (fresh) => {
      await waitForHydration(fresh);
      await expect(fresh.getByRole('status').filter({hasText: notice})).toBeVisible();
    });
    await expect(page.getByText(notice)).toHaveCount(0);
  });

  test('a new service worker still brings the update prompt, and 更新 reloads into it', async ({
    page,
  }) => {
    // 次のデプロイを装うため、ビルドの複製を配信し、その sw.js だけを書き換える。
    const site = await serveBuildCopy();
    try {
      await page.goto(`${site.baseURL}${routes.intro}`);
      await waitForHydration(page);
      await page.evaluate(() => navigator.serviceWorker.ready);
      appendFileSync(path.join(site.dir, 'sw.js'), '\n// next deploy\n');
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      await expect(page.getByText('新しいバージョンがあります')).toBeVisible({timeout: 30_000});
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', {name: '更新'}).click();
      await reloaded;
      await waitForHydration(page);
      await expect(mainHeading(page)).toBeVisible();
    } finally {
      await site.stop();
    }
  });

  test('after a deploy removed the old files, a returning reader still searches and opens a page without load errors', async ({
    page,
    context,
  }) => {
    // 前の訪問で入った Service Worker は、自分の版のページを返し続ける（新しい版は「更新」まで待つ）。
    // その版の遅延チャンク（検索の画面など）も手元に無いと、配信から消えたあとで読み込みに失敗する。
    const site = await serveBuildCopy();
    try {
      await page.goto(`${site.baseURL}${routes.intro}`);
      await waitForHydration(page);
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
      // 次のデプロイ: 名前にハッシュのある JS と CSS は、すべて新しい名前に置き換わる（古いものは消える）。
      for (const dir of ['assets/js', 'assets/css']) {
        rmSync(path.join(site.dir, dir), {recursive: true, force: true});
      }
      const failed: string[] = [];
      const errors: string[] = [];
      context.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.reload();
      await waitForHydration(page);
      // 見えているリンクの先読み（空き時間に始まる）も済ませてから確かめる。
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
      await page.waitForLoadState('networkidle');
      await openSearch(page);
      const found = await searchFor(page, 'ミッション');
      expect(found.length).toBeGreaterThan(0);
      await resultLinks(page).first().click();
      await waitForHydration(page);
      await expect(mainHeading(page)).toBeVisible();
      expect({failed, errors}).toEqual({failed: [], errors: []});
    } finally {
      await site.stop();
    }
  });
});
