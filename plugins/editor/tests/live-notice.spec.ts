/**
 * 「サイトに出ました」（issue 66。client/live/）: 本物のエディター（npm run build が組んだ build-editor の /admin/、
 * このサイトの設定そのまま）で「公開」したあと、GitHub の代わり（github-stand-in.ts と deploy-stand-in.ts）が
 * main のデプロイのようすを 1 段ずつ答え、エディターが 390 px の画面の下の知らせで、待っているもの（「確認を
 * 待っています」「サイトに出しています」）、「サイトに出ました」と記事のサイトの上のアドレスのリンク、出せなかった
 * ときの「サイトに出せませんでした」と実行の記録のリンクを出すこと。
 * - タブを閉じて開き直しても、端末に残した状態から続きを追う。つながっていない間は GitHub にたずねず、つながったら
 *   すぐ確かめる。済んだら、たずねるのをやめる。
 * - あとの変更のデプロイ（マージのコミットを含む）が先に済んでも、「サイトに出ました」になる。
 * - 端末の保存場所がいっぱいなら、日本語で知らせ、開いている間は追い続ける。
 * 次にたずねる時を待たずに進めるため、ページの時計（page.clock）を先へ進める。
 * 費用: ワーカーの時間で約 30〜40 秒（エディターを 6 回開く）。
 */
import type {BrowserContext, Locator, Page} from '@playwright/test';
import {testServer} from '../../../lib/test-server';
import {siteUrl} from '../../../src/constants/site';
import {localBackendParam} from '../shared';
import {
  deployment,
  mergeSha,
  routeDeploys,
  type DeployStandIn,
  type StandInCheckRun,
} from './deploy-stand-in';
import {phone} from './editor-page';
import {expect, test} from './fixture';
import {pendingReport, routeGitHub, signedIn, type Post} from './github-stand-in';
import {horizontalOverflow} from './phone-layout';

const post = pendingReport;
/** サイトが記事に付けるアドレス（blog/2026-11-27-shibuya-report/index.md）。 */
const postUrl = `${siteUrl}/blog/2026/11/27/shibuya-report`;
const runUrl = 'https://github.com/sandaime-RM/traffic-tag-docs/actions/runs/901/job/902';

test.use({viewport: phone, hasTouch: true});

let deploys: DeployStandIn;

test.beforeEach(async ({context}) => {
  await routeGitHub(context, post);
  deploys = await routeDeploys(context);
  await signedIn(context);
  // main の CI が動いている（デプロイはまだ）。
  deploys.checkRuns[mergeSha] = [{name: 'build', status: 'in_progress'}];
});

const editorUrl = (hash: string) =>
  `${testServer.editorBaseURL}/admin/?${localBackendParam}=${testServer.editorPort}#${hash}`;

/** 時計を差し替えたページで、記事を開いて「公開」する。 */
async function publishPost(page: Page): Promise<void> {
  await page.clock.install();
  await page.goto(editorUrl(`/collections/blog/entries/${post.slug}`));
  await expect(page.getByLabel('題', {exact: true})).toHaveValue(post.title);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', {name: '公開', exact: true}).click();
  await page.getByRole('menuitem', {name: '公開する'}).click();
  await expect(page.getByRole('alert').filter({hasText: '公開しました。'})).toBeVisible();
}

/** 画面の下の知らせ。 */
const notice = (page: Page): Locator => page.getByRole('region', {name: 'サイトへの公開'});

/** 次にたずねる時まで、ページの時計を進める（間は最長 1 分）。 */
const nextPoll = (page: Page) => page.clock.fastForward('01:05');

/**
 * 知らせが text を含むまで、ページの時計を 1 回ずつ先へ進める（前の確かめがまだ GitHub の答えを待っていると、
 * 次の確かめの時計はその答えのあとで始まる）。
 */
async function pollUntil(page: Page, text: string): Promise<void> {
  await expect
    .poll(
      async () => {
        if ((await notice(page).textContent())?.includes(text)) return true;
        await nextPoll(page);
        return (await notice(page).textContent())?.includes(text) ?? false;
      },
      {timeout: 30_000},
    )
    .toBe(true);
}

/** main の先頭との比べの問い合わせの数。 */
const headReads = (standIn: DeployStandIn) =>
  standIn.reads.filter((read) => read.endsWith(`/compare/${mergeSha}...main`)).length;

test('公開のあと、確認・デプロイの途中を日本語で知らせ、済むと「サイトに出ました」と記事のアドレスのリンクを出す（開き直しても続き、済んだらたずねない）', async ({
  context,
  page,
}) => {
  test.setTimeout(90_000);
  await publishPost(page);
  await expect(notice(page)).toContainText('確認を待っています');
  await expect(notice(page)).toContainText('このページを閉じてもかまいません');
  expect(await horizontalOverflow(page)).toEqual([]);

  // タブを閉じて、あとで開き直す（ワークフローの画面）。端末に残した状態から続きを追う。
  await page.close();
  const reopened = await context.newPage();
  await reopened.clock.install();
  await reopened.goto(editorUrl('/workflow'));
  await expect(notice(reopened)).toContainText('確認を待っています');

  // deploy ジョブが始まり、GitHub がデプロイメントを作る（queued → in_progress）。
  deploys.deployments = [deployment(1, mergeSha, {state: 'queued'})];
  deploys.checkRuns[mergeSha] = [
    {name: 'build', status: 'completed', conclusion: 'success'},
    {name: 'deploy', status: 'queued'},
  ];
  await pollUntil(reopened, 'サイトに出しています');
  deploys.deployments[0]?.statuses.unshift({state: 'in_progress'});
  // 1 回の確かめが済むまで待つ（デプロイ中のときの最後の問い合わせは、main の先頭との比べ）。
  const reads = headReads(deploys);
  await expect
    .poll(async () => {
      await nextPoll(reopened);
      return headReads(deploys);
    })
    .toBeGreaterThan(reads);
  await expect(notice(reopened)).toContainText('サイトに出しています');

  // つながっていない間はたずねず、つながったらすぐ確かめる。
  await context.setOffline(true);
  await expect(notice(reopened)).toContainText('つながっていない');
  const offlineReads = deploys.reads.length;
  deploys.deployments[0]?.statuses.unshift({state: 'success'});
  await nextPoll(reopened);
  await nextPoll(reopened);
  expect(deploys.reads.length).toBe(offlineReads);
  await context.setOffline(false);

  await expect(notice(reopened)).toContainText('サイトに出ました');
  const link = notice(reopened).getByRole('link', {name: postUrl});
  await expect(link).toHaveAttribute('href', postUrl);
  await expect(link).toHaveAttribute('target', '_blank');
  expect(await horizontalOverflow(reopened)).toEqual([]);

  // 済んだら、たずねない。
  const done = deploys.reads.length;
  await nextPoll(reopened);
  await nextPoll(reopened);
  expect(deploys.reads.length).toBe(done);
  // 「閉じる」で知らせが消え、開き直しても出ない。
  await notice(reopened).getByRole('button', {name: '閉じる'}).click();
  await expect(notice(reopened)).toHaveCount(0);
  await reopened.reload();
  await expect(reopened.locator('#nc-root header')).toBeVisible();
  await expect(notice(reopened)).toHaveCount(0);
});

const failures: readonly {
  readonly what: string;
  readonly arrange: (standIn: DeployStandIn) => void;
}[] = [
  {
    what: 'デプロイが失敗した',
    arrange: (standIn) => {
      standIn.deployments = [
        deployment(1, mergeSha, {state: 'failure', log_url: runUrl}, {state: 'in_progress'}),
      ];
    },
  },
  {
    what: 'main のテストが失敗して deploy ジョブが動かなかった',
    arrange: (standIn) => {
      const runs: StandInCheckRun[] = [
        {name: 'e2e (2)', status: 'completed', conclusion: 'failure', html_url: runUrl},
        {name: 'deploy', status: 'completed', conclusion: 'skipped'},
      ];
      standIn.checkRuns[mergeSha] = runs;
    },
  },
];

for (const {what, arrange} of failures) {
  test(`${what}ときは「サイトに出せませんでした」と、担当者に知らせることと実行の記録のリンクを出す`, async ({
    page,
  }) => {
    await publishPost(page);
    await expect(notice(page)).toContainText('確認を待っています');
    arrange(deploys);
    await pollUntil(page, 'サイトに出せませんでした');
    await expect(notice(page)).toContainText(
      '事務局の担当者（リポジトリーの持ち主）に知らせてください',
    );
    await expect(notice(page).getByRole('link', {name: 'GitHub の記録を見る'})).toHaveAttribute(
      'href',
      runUrl,
    );
    await expect(notice(page)).not.toContainText('サイトに出ました');
  });
}

test('あとの変更のデプロイ（マージのコミットを含む）が済んでも「サイトに出ました」になる', async ({
  page,
}) => {
  await publishPost(page);
  await expect(notice(page)).toContainText('確認を待っています');
  // あとの変更が main に入り、マージのコミットのデプロイは先頭でないので出さずに終わった。
  const later = 'f'.repeat(40);
  deploys.head = later;
  deploys.checkRuns[mergeSha] = [{name: 'deploy', status: 'completed', conclusion: 'skipped'}];
  deploys.deployments = [deployment(2, later, {state: 'in_progress'})];
  await pollUntil(page, 'サイトに出しています');
  deploys.deployments[0]?.statuses.unshift({state: 'success'});
  await pollUntil(page, 'サイトに出ました');
  await expect(notice(page).getByRole('link', {name: postUrl})).toBeVisible();
});

test('端末の保存場所がいっぱいなら日本語で知らせ、開いている間は追い続ける', async ({
  context,
  page,
}) => {
  await failToStore(context);
  await publishPost(page);
  await expect(notice(page)).toContainText('端末の保存場所がいっぱい');
  await expect(notice(page)).toContainText('確認を待っています');
  deploys.deployments = [deployment(1, mergeSha, {state: 'success'})];
  await pollUntil(page, 'サイトに出ました');
});

/** 知らせの状態を localStorage に書くと、保存場所がいっぱいで断られる。 */
async function failToStore(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key === 'denki-live-watch')
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    };
  });
}

test('日付が先の記事は、デプロイのあとで公開予約の日を知らせる', async ({context, page}) => {
  await context.unrouteAll();
  const future: Post = {...post, slug: '2099-01-05-new-year'};
  await routeGitHub(context, future);
  deploys = await routeDeploys(context);
  // デプロイはすぐ済む（公開のあとの最初の確かめで済んでいる）。
  deploys.deployments = [deployment(1, mergeSha, {state: 'success'})];
  await page.clock.install();
  await page.goto(editorUrl(`/collections/blog/entries/${future.slug}`));
  await expect(page.getByLabel('題', {exact: true})).toHaveValue(post.title);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', {name: '公開', exact: true}).click();
  await page.getByRole('menuitem', {name: '公開する'}).click();
  await expect(notice(page)).toContainText('1月5日の 0 時 5 分ごろ');
  await expect(notice(page)).toContainText('公開予約');
  await expect(
    notice(page).getByRole('link', {name: `${siteUrl}/blog/2099/01/05/new-year`}),
  ).toBeVisible();
});

test('ほかのアカウントが API で作ったデプロイメントでは「サイトに出ました」にならず、記録のリンクはこのリポジトリーの github.com だけ', async ({
  page,
}) => {
  await publishPost(page);
  await expect(notice(page)).toContainText('確認を待っています');
  // 書き込みの権限を持つアカウントは、成功したデプロイメントを API で作れる（ワークフローのものではない）。
  deploys.deployments = [
    {...deployment(7, mergeSha, {state: 'success'}), creator: 'office-writer'},
  ];
  deploys.checkRuns[mergeSha] = [
    {name: 'e2e (1)', status: 'completed', conclusion: 'failure', html_url: 'javascript:alert(1)'},
  ];
  await pollUntil(page, 'サイトに出せませんでした');
  await expect(notice(page)).not.toContainText('サイトに出ました');
  await expect(notice(page).getByRole('link', {name: 'GitHub の記録を見る'})).toHaveAttribute(
    'href',
    'https://github.com/sandaime-RM/traffic-tag-docs/actions',
  );
});
