/**
 * 本物のエディター（npm run build が組む build-editor の /admin/、このサイトの設定そのまま）を、GitHub のバックエンドで
 * 開く（issue 60）。GitHub の REST API には代わり（github-stand-in.ts）が答え、記事は「公開待ち」のプルリクエストに
 * なっている。ログインの画面は通らない（ログインは functions/tests/editor-sign-in.spec.ts）。
 * - 記事のプルリクエストの head のコミットに、このプロジェクトのプレビューチャンネルの「プレビュー」の状態があれば
 *   「プレビューを見る」が出て、その URL をそのまま開く。ほかの URL の状態なら、何も出ない。
 * - 「公開」を GitHub が断ると（405）、足りないものを日本語で知らせ、main には何も書き込まない（Decap の
 *   forceMergePR を外した）。GitHub が受け入れれば、公開できる。
 * 費用: ワーカーの時間で約 25〜35 秒（エディターを 5 回開く。組み直さず、npm run build が組んだものを使う）。
 */
import type {Page} from '@playwright/test';
import {previewStatusContext} from '../../../src/constants/editor-sign-in';
import {liveProjectId, previewProjectId} from '../../../src/constants/preview-channel';
import {sourceRepository} from '../../../src/constants/site';
import {testServer} from '../../../lib/test-server';
import {localBackendParam} from '../shared';
import {expect, test} from './fixture';
import {pendingReport, routeGitHub, signedIn, type GitHubStandIn} from './github-stand-in';

const post = pendingReport;

/** プレビューだけのプロジェクトのプレビューチャンネルの URL（プレビューのワークフローが状態に付けるもの）。 */
const channelUrl = `https://${previewProjectId}--pr7-cms-blog-2026-11-27-shib-a1b2c3d4.web.app`;

const repo = `/repos/${sourceRepository.repo}`;
let github: GitHubStandIn;

test.beforeEach(async ({context}) => {
  github = await routeGitHub(context, post);
  await signedIn(context);
});

/** 記事を開き、Decap が記事を読み終えるまで待つ。 */
async function openPost(page: Page): Promise<void> {
  const editorPort = testServer.editorPort;
  await page.goto(
    `${testServer.editorBaseURL}/admin/?${localBackendParam}=${editorPort}#/collections/blog/entries/${post.slug}`,
  );
  await expect(page.getByLabel('題', {exact: true})).toHaveValue(post.title);
  await expect(page.getByRole('button', {name: 'ステータス: 公開待ち'})).toBeVisible();
}

/** 「プレビューを見る」のリンク（Decap の日本語の deployPreviewButtonLabel）。 */
const previewLink = (page: Page) => page.getByRole('link', {name: 'プレビューを見る'});

test('a preview-channel status on the head commit shows 「プレビューを見る」 opening exactly that URL', async ({
  page,
}) => {
  github.statuses = [{context: previewStatusContext, state: 'success', target_url: channelUrl}];
  await openPost(page);
  await expect(previewLink(page)).toBeVisible();
  await expect(previewLink(page)).toHaveAttribute('href', channelUrl);
  await expect(previewLink(page)).toHaveAttribute('target', '_blank');
  // 押すと、新しいタブでその URL が開く（プレビューのサイトの代わりが答える。インターネットには出ない）。
  await page
    .context()
    .route(`${new URL(channelUrl).origin}/**`, (route) =>
      route.fulfill({contentType: 'text/html; charset=utf-8', body: '<title>プレビュー</title>'}),
    );
  const opened = page.waitForEvent('popup');
  await previewLink(page).click();
  const preview = await opened;
  await expect(preview).toHaveTitle('プレビュー');
  expect(preview.url()).toBe(new URL(channelUrl).href);
  expect(github.reads.filter((read) => read.endsWith('/status'))).toHaveLength(1);
});

for (const [what, targetUrl] of [
  ['another site', 'https://phishing.example/login'],
  ["another Firebase project's channel", 'https://someone-else--pr7-a1b2c3d4.web.app'],
  ["the live project's own channel", `https://${liveProjectId}--pr7-a1b2c3d4.web.app`],
] as const) {
  test(`a preview status pointing to ${what} shows no preview link`, async ({page}) => {
    github.statuses = [{context: previewStatusContext, state: 'success', target_url: targetUrl}];
    await openPost(page);
    // 状態を読み終えると、Decap は状態が無いときと同じ「プレビューのチェック」（読み直すボタン）を押せるようにする
    // （読んでいる間は押せない）。
    await expect(page.getByRole('button', {name: 'プレビューのチェック'})).toBeEnabled();
    await expect(previewLink(page)).toHaveCount(0);
    await expect(page.locator(`a[href="${targetUrl}"]`)).toHaveCount(0);
    // 読み直しても同じ。
    const reads = github.reads.length;
    await page.getByRole('button', {name: 'プレビューのチェック'}).click();
    await expect
      .poll(() => github.reads.slice(reads).some((read) => read.endsWith('/status')))
      .toBe(true);
    await expect(page.getByRole('button', {name: 'プレビューのチェック'})).toBeEnabled();
    await expect(previewLink(page)).toHaveCount(0);
  });
}

/** 「公開」→「公開する」。確かめのダイアログは承諾する。 */
async function publishNow(page: Page): Promise<void> {
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', {name: '公開', exact: true}).click();
  await page.getByRole('menuitem', {name: '公開する'}).click();
}

/** main への書き込み（main の付け替え、main に積む木とコミット）。 */
const writesToMain = (standIn: GitHubStandIn) =>
  standIn.writes.filter(
    (write) =>
      /\/git\/(?:trees|commits|blobs)$/.test(write.path) ||
      write.path.endsWith('/git/refs/heads/main') ||
      write.path.includes('/contents/'),
  );

test('a merge that GitHub refuses (405) shows what is missing in Japanese and writes nothing to main', async ({
  page,
}) => {
  github.merge = {
    status: 405,
    message:
      'Repository rule violations found\n\nWaiting on code owner review from sandaime-RM.\n\nRequired status check "build" is expected.\n\n',
  };
  await openPost(page);
  await publishNow(page);
  // 公開の結果の知らせ（「公開しました。」か「公開できませんでした。」）が出るまで待ち、まず main に書いていないことを見る。
  const result = page.getByRole('alert').filter({hasText: /公開しました。|公開できませんでした。/});
  await expect(result).toBeVisible();
  expect(writesToMain(github)).toEqual([]);
  expect(github.writes.map((write) => `${write.method} ${write.path}`)).toEqual([
    `PUT ${repo}/pulls/7/merge`,
  ]);
  await expect(result).toContainText('公開できませんでした。');
  await expect(result).toContainText('テスト（GitHub のチェック）がまだ終わっていません');
  await expect(result).toContainText('コードの持ち主（CODEOWNERS）の承認が要ります');
  await expect(result).toContainText('main には何も書き込んでいません');
  await expect(result).toContainText('Required status check "build" is expected.');
  // 記事は公開待ちのまま、ブランチも残る。
  await expect(page.getByRole('button', {name: 'ステータス: 公開待ち'})).toBeVisible();
});

test('a merge that GitHub accepts publishes the post through the pull request only', async ({
  page,
}) => {
  github.merge = {status: 200};
  await openPost(page);
  await publishNow(page);
  await expect(page.getByRole('alert').filter({hasText: '公開しました。'})).toBeVisible();
  await expect(page.getByRole('alert').filter({hasText: '公開できませんでした'})).toHaveCount(0);
  await expect
    .poll(() => github.writes.map((write) => `${write.method} ${write.path}`))
    .toEqual(
      expect.arrayContaining([
        `PUT ${repo}/pulls/7/merge`,
        `DELETE ${repo}/git/refs/heads/${encodeURIComponent(`cms/blog/${post.slug}`)}`,
      ]),
    );
  expect(writesToMain(github)).toEqual([]);
});
