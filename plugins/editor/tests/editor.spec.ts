/**
 * エディター（/admin/）で報告を書く: リポジトリーの一時的な複製に decap-server（git モード）をつなぎ、
 * 390 px の Chromium で、事務局の人と同じ順に操作する。保存は複製へのコミットになり、その複製をビルドして
 * 読者のページを確かめる。約 2 分（複製のビルドが半分）。
 */
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from './fixture';
import {buildSiteCopy} from '../../../lib/site-copy';
import {startSiteServer} from '../../../lib/site-server';
import {loadAnnouncement} from '../../../lib/announcement';
import {announcementId} from '../../../src/constants/site';
import {createEditorRepo, type EditorRepo} from '../../../lib/editor-repo';
import {expectCommittedReport, existingPosts} from './committed';
import {
  altField,
  choose,
  localBackups,
  phone,
  publish,
  publishReady,
  save,
  setDate,
  setStatus,
  signIn,
  typeWithIme,
} from './editor-page';
import {horizontalOverflow, smallTargets} from './phone-layout';
import {writePhotoFiles, type PhotoFiles} from './photo-files';

test.describe.configure({mode: 'serial'});
test.use({viewport: phone, serviceWorkers: 'block'});

const buildTimeoutMs = 400_000;
const postDir = 'blog/2026-11-27-shibuya-report';
const branch = `cms/${postDir}/index`;
const postRoute = '/blog/2026/11/27/shibuya-report';
const title = '渋谷で電鬼を開きました';
const alts = [
  '渋谷駅のハチ公口で、出発の合図を待つ参加者たち',
  '縦に持って撮った、山手線のホームの案内板',
  '当日の逃走範囲を色分けした地図',
] as const;
/** MDX ならビルドを止める書き方（事務局の人が知らずに書くもの）。記事は CommonMark なので、そのまま通る。 */
const trickyLines = [
  "import { 集合 } from '渋谷駅'",
  '{ 持ち物 } は <b>水</b> と <交通系 IC カード>',
  '<div>終わりの合図は 17 時です</div>',
  '😀 写真は https://example.com/photos?id=1&size=l にも',
];
/** いまのお知らせ（src/data/announcement.json）。 */
const announcement = loadAnnouncement(path.resolve(__dirname, '../../..'));
const newNotice = {text: '12月の電鬼の参加者を募集しています。', linkLabel: '募集を読む'};

let repo: EditorRepo;
let photoDir: string;
let photos: PhotoFiles;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  photoDir = mkdtempSync(path.join(tmpdir(), 'denki-editor-photos-'));
  [repo, photos] = await Promise.all([createEditorRepo(), writePhotoFiles(photoDir)]);
});

test.afterAll(async () => {
  await repo?.remove();
  rmSync(photoDir, {recursive: true, force: true});
});

const commitCount = async (): Promise<number> =>
  Number(await repo.git('rev-list', '--count', 'HEAD'));
/** エディターが記事ごとに作るブランチ（Decap の編集の流れ。GitHub ではプルリクエストになる）。 */
const editorBranches = async (): Promise<string> =>
  (await repo.git('branch', '--list', 'cms/*', '--format=%(refname:short)')).trim();

test('手元のリポジトリーに入ると、いまの記事がすべて一覧に並ぶ', async ({page}) => {
  await signIn(page, repo.editorUrl(''));
  await page.getByRole('link', {name: 'ブログ記事'}).first().click();
  const posts = existingPosts();
  expect(posts.length).toBeGreaterThan(0);
  for (const post of posts) await expect(page.getByText(post.title)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    phone.width,
  );
});

test('390 px: 一覧と記事は横にはみ出さず、押せるものは 24 px 以上で、プレビューは切り替えで読者と同じ記事を見せる', async ({
  page,
}) => {
  const [post] = existingPosts();
  if (!post) throw new Error('記事がありません');
  await signIn(page, repo.editorUrl('', '#/collections/blog'));
  await expect(page.getByText(post.title)).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);

  await page.getByText(post.title).click();
  const title = page.getByLabel('題', {exact: true});
  // 狭い画面では、記事は欄から開く（プレビューは切り替えで見る）。記事と写真の一覧を読み終えるまで（2 コアを
  // ほかの作業と分け合うと、要求 1 つに 0.5 秒、描くのに数秒かかることがある）。
  await expect(title).toBeVisible({timeout: 30_000});
  await expect(page.locator('#preview-pane')).toHaveCount(0);
  expect(await horizontalOverflow(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);

  const toggle = page.getByTitle('プレビュー表示を切り替える');
  await toggle.click();
  const preview = page.frameLocator('#preview-pane');
  await expect(preview.getByRole('heading', {level: 1})).toHaveText(post.title);
  await expect(preview.locator('article .markdown h2').first()).toBeVisible();
  await expect(title).toBeHidden();
  expect(await horizontalOverflow(page)).toEqual([]);
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  expect(frame, 'プレビューの枠').toBeDefined();
  if (frame) expect(await smallTargets(frame)).toEqual([]);
  await toggle.click();
  await expect(title).toBeVisible();
});

test('いまの記事の 1 つの欄だけを直して保存すると、その行だけが変わる', async ({page}) => {
  const [post] = existingPosts();
  if (!post) throw new Error('記事がありません');
  const before = await commitCount();
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, repo.editorUrl('', `#/collections/blog/entries/${post.dir}/index`));
  const description = page.getByLabel('説明', {exact: true});
  await description.fill(`${await description.inputValue()}（直しました）`);
  await publish(page);
  await expect.poll(commitCount).toBe(before + 1);
  // decap-server は取り込んだあとで記事のブランチを消す。それが終わるまで、この複製の git に触らない。
  // エディターは公開した記事を読み直し、decap-server はそのたびに git を動かす（index.lock を取る）ので、
  // ページを閉じ、git が手を離してから戻す。
  await expect.poll(editorBranches).toBe('');
  await page.close();
  await expect.poll(() => existsSync(path.join(repo.copy.dir, '.git/index.lock'))).toBe(false);
  const diff = await repo.git('diff', '--numstat', 'HEAD~1', 'HEAD');
  expect(diff.trim()).toBe(`1\t1\tblog/${post.dir}/index.md`);
  await repo.git('reset', '-q', '--hard', 'HEAD~1');
});

test('IME で題と本文を書き、写真 3 枚に説明を付けて公開すると、記事と写真が 1 つのコミットになる', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const before = await commitCount();
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, repo.editorUrl('', '#/collections/blog/new'));
  const cdp = await page.context().newCDPSession(page);
  await typeWithIme(cdp, page.getByLabel('題', {exact: true}), [
    {reading: 'しぶやで', text: '渋谷で'},
    {reading: 'でんきを', text: '電鬼を'},
    {reading: 'ひらきました', text: '開きました'},
  ]);
  await setDate(page, 2026, 11, 27);
  // 1 文字ずつ打つ（打つたびに同じ URL の記事を探しても、打った文字が落ちない）。
  const urlName = page.getByLabel('URL の名前', {exact: false}).first();
  await urlName.fill('');
  await urlName.pressSequentially('shibuya-report');
  await expect(urlName).toHaveValue('shibuya-report');
  await choose(page, '書いた人', 'まつり（matsuri）');
  await choose(page, 'タグ', 'お知らせ（announcement）');
  await choose(page, 'タグ', 'アップデート（update）');
  await page
    .getByLabel('説明', {exact: true})
    .fill('渋谷駅を出発点に、山手線の内側で電鬼を開きました。');
  await typeWithIme(cdp, page.getByLabel('本文', {exact: true}), [
    {reading: 'さんかしゃは', text: '参加者は'},
    {reading: 'よんじゅうにんでした。', text: '40人でした。'},
  ]);
  await page.getByLabel('本文', {exact: true}).press('End');
  await page.keyboard.insertText(`\n\n${trickyLines.join('\n\n')}\n\n`);
  await page
    .locator('input[type=file]')
    .setInputFiles([photos.twelveMegapixel, photos.sideways, photos.png]);
  for (const [index, alt] of alts.entries()) await altField(page, index + 1).fill(alt);
  await expect(page.getByLabel('題', {exact: true})).toHaveValue(title);

  // 保存の途中でバックエンドが止まっても、何も書かれず（ブランチもできず）、書いたものは画面に残り、
  // もう一度押せば保存できる。
  await repo.stopBackend();
  await save(page);
  await expect(
    page.getByText(/保存できませんでした。書いた内容はこの画面に残っています/),
  ).toBeVisible();
  expect(await repo.git('status', '--porcelain')).toBe('');
  expect(await editorBranches()).toBe('');
  expect(await commitCount()).toBe(before);
  await expect(page.getByLabel('題', {exact: true})).toHaveValue(title);
  await repo.startBackend();
  await save(page);

  // 保存した記事は下書きで、記事のブランチにだけある（GitHub ではプルリクエスト）。main はまだ変わらない。
  // 写真 3 枚の保存と、保存した記事の読み直しが終わるまで（2 コアを分け合うと 5 秒を超えることがある）。
  await expect(page.getByRole('button', {name: 'ステータス: 下書き'})).toBeVisible({
    timeout: 30_000,
  });
  expect(await editorBranches()).toBe(branch);
  expect(await commitCount()).toBe(before);
  expect(await horizontalOverflow(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
  await setStatus(page, 'レビュー待ち');
  expect(await repo.git('config', `branch.${branch}.description`)).toContain('pending_review');

  // 読む人は「ワークフロー」の画面の「レビュー待ち」の列から記事を開き、「公開待ち」にして公開する。
  await page.goto(repo.editorUrl('', '#/workflow'));
  await expect(page.getByText('1件がレビュー待ち、0件が公開待ちです。')).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);
  await page.getByRole('link', {name: new RegExp(title)}).click();
  await setStatus(page, '公開待ち');
  await publishReady(page);
  await expect.poll(commitCount, {timeout: 30_000}).toBe(before + 1);
  await expect.poll(editorBranches).toBe('');

  const source = await expectCommittedReport(repo, {
    postDir,
    title,
    body: '参加者は40人でした。',
    alts,
  });
  for (const line of trickyLines) expect(source).toContain(`\n${line}\n`);
});

test('使えない写真・説明のない写真・空の題・同じ URL は、日本語で知らせて保存せず、離れても書いたものは戻る', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const before = await commitCount();
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, repo.editorUrl('', '#/collections/blog/new'));

  // 何も書いていない記事の「保存」は押せない。説明だけを書くと押せて、題がないと知らせる。
  await expect(page.getByRole('button', {name: '保存', exact: true})).toBeDisabled();
  await page.getByLabel('説明', {exact: true}).fill('題を書き忘れた記事です。');
  await save(page);
  await expect(page.getByText('題は必須です。')).toBeVisible();

  await page
    .locator('input[type=file]')
    .setInputFiles([photos.heic, photos.htmlAsJpeg, photos.oversized, photos.twelveMegapixel]);
  const problems = page.getByRole('alert').filter({hasText: 'HEIC'});
  await expect(problems).toContainText(`「${path.basename(photos.heic)}」は HEIC`);
  await expect(problems).toContainText('「互換性優先」');
  await expect(problems).toContainText(
    `「${path.basename(photos.htmlAsJpeg)}」は写真ではないファイル`,
  );
  await expect(problems).toContainText(
    `「${path.basename(photos.oversized)}」は 50 MB を超えている`,
  );
  // 使える 1 枚は、使えないファイルがあっても本文に入る（12 メガピクセルを整え終えるまで。2 コアをほかの作業と
  // 分け合うと 5 秒を超える）。
  await expect(page.getByText(/写真を用意しています/)).toHaveCount(0, {timeout: 60_000});
  await expect(altField(page, 1)).toBeVisible();
  await expect(altField(page, 2)).toHaveCount(0);

  await page.getByLabel('題', {exact: true}).fill('同じ URL の記事');
  await setDate(page, 2025, 3, 16);
  const urlName = page.getByLabel('URL の名前', {exact: false}).first();
  await urlName.fill('docs-site-launch');
  const duplicate = '同じ日付で「docs-site-launch」という';
  await expect(page.getByText(duplicate).first()).toBeVisible();
  await save(page);
  // 欄の赤い文（同じ文は、保存を断った知らせにも出る: client/refusal.ts）。
  await expect(
    page.getByRole('listitem').filter({hasText: `${duplicate} URL の名前の記事が、もうあります`}),
  ).toBeVisible();

  await urlName.fill('bad-input');
  await expect(page.getByText('記事の URL: /blog/2025/03/16/bad-input')).toBeVisible();
  await save(page);
  await expect(page.getByText('説明のない写真が 1 枚あります。').first()).toBeVisible();
  expect(await commitCount()).toBe(before);
  expect(await repo.git('status', '--porcelain')).toBe('');
  expect(await editorBranches()).toBe('');

  // 保存せずに離れても、同じ端末で開き直せば書いたものが戻る（Decap の控え。戻すかを尋ねる）。
  await page.getByLabel('本文', {exact: true}).fill('離れる前に書いた本文です。');
  await expect.poll(() => localBackups(page)).toContain('離れる前に書いた本文です。');
  await page.goto('about:blank');
  // 開き直すと、控えは端末に残っていて（新しい記事を開いても空の記事で上書きしない）、Decap は
  // 「バックアップが復旧できました。利用しますか？」と尋ね、承諾すると欄に戻る（空の記事づくりが終わってから
  // 控えを読むよう、組むときに直している: plugins/editor/decap-patches.ts）。
  const offer = page.waitForEvent('dialog', {
    predicate: (dialog) => dialog.message().includes('バックアップ'),
  });
  await page.goto(repo.editorUrl('', '#/collections/blog/new'));
  await offer;
  await expect(page.getByLabel('題', {exact: true})).toHaveValue('同じ URL の記事');
  await expect(page.getByLabel('本文', {exact: true})).toHaveValue(/^離れる前に書いた本文です。/);
  expect(await commitCount()).toBe(before);
});

test('お知らせバーの文を直すと、データのファイルだけが変わる', async ({page}) => {
  const before = await commitCount();
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, repo.editorUrl('', '#/collections/site/entries/announcement'));
  await page.getByLabel('お知らせの文', {exact: true}).fill(newNotice.text);
  await page.getByLabel('リンクの文字', {exact: true}).fill(newNotice.linkLabel);
  await page.getByLabel('リンク先', {exact: true}).fill(postRoute);
  await publish(page);
  await expect.poll(commitCount).toBe(before + 1);
  await expect.poll(editorBranches).toBe('');
  const files = (await repo.git('show', '--name-only', '--format=', 'HEAD')).trim();
  expect(files).toBe('src/data/announcement.json');
  expect(JSON.parse(readFileSync(path.join(repo.copy.dir, files), 'utf8'))).toEqual({
    ...newNotice,
    link: postRoute,
  });
});

test('エディターが書いた複製はビルドでき、記事には 3 枚の写真と説明、お知らせバーには新しい文と id', async ({
  page,
}) => {
  test.setTimeout(buildTimeoutMs + 60_000);
  const result = await buildSiteCopy(repo.copy, buildTimeoutMs);
  expect(result.exitCode, result.output).toBe(0);
  const server = await startSiteServer({buildDir: repo.copy.outDir});
  try {
    await page.goto(`${server.baseURL}${postRoute}`);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(title);
    // MDX なら止まる行も、書いたとおりの文字で出る（HTML のタグは HTML として）。
    await expect(page.locator('article')).toContainText("import { 集合 } from '渋谷駅'");
    await expect(page.locator('article')).toContainText('{ 持ち物 } は 水 と <交通系 IC カード>');
    const rawHtml = page.getByText('終わりの合図は 17 時です', {exact: true});
    await expect(rawHtml).toBeVisible();
    expect(await rawHtml.evaluate((element) => element.tagName)).toBe('DIV');
    for (const alt of alts) await expect(page.getByRole('img', {name: alt}).first()).toBeAttached();
    await expect(page.locator('article img[alt]:not([alt=""])')).toHaveCount(alts.length);
    const bar = page.getByRole('region', {name: 'お知らせ'});
    await expect(bar).toContainText(newNotice.text);
    await expect(bar.getByRole('link', {name: newNotice.linkLabel})).toHaveAttribute(
      'href',
      postRoute,
    );
    const newId = announcementId({...newNotice, link: postRoute});
    expect(newId).not.toBe(announcement.id);
    await expect
      .poll(() =>
        page.evaluate(() => {
          // Docusaurus はキーにサイトごとの接尾辞（例: -a59）を付けることがある。
          const key = Object.keys(localStorage).find((name) =>
            name.startsWith('docusaurus.announcement.id'),
          );
          return key === undefined ? null : localStorage.getItem(key);
        }),
      )
      .toBe(newId);
  } finally {
    await server.stop();
  }
});
