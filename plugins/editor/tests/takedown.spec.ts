/**
 * 取り下げと写真の削除（issue 66）を、本物のエディター（npm run build が組んだ build-editor、このサイトの設定そのまま）で、
 * 390 px の指で操作する画面から、GitHub のバックエンドで確かめる。GitHub の REST API には中身を持つ代わり
 * （published-stand-in.ts）が答え、main に公開済みの記事が 2 本（写真 2 枚ずつ）ある。
 * - 「この記事を取り下げる」は、確かめのダイアログのあとで、記事のファイルと写真だけを消すブランチとプルリクエストを
 *   「公開待ち」で作り、main には書かない。「公開」すると、プルリクエストのマージだけで main から消える。
 * - 公開済みのメニューに「未公開」（Decap が main で消す）は無い。
 * - 公開済みの記事の画面（写真と「この写真を外す」のある）に axe の違反が無く、名前が日本語で見える文字を含む。
 * - 「この写真を外す」で外して保存すると、本文の行と写真のファイルの両方を消すブランチになり、main には書かない。
 * 費用: ワーカーの時間で約 30〜45 秒（エディターを 4 回開く。組み直さない）。
 */
import {classifyChange} from '../../../lib/content-allowlist.mjs';
import type {Page} from '@playwright/test';
import {axeProblems} from '../../../tests/support/page-audit/checks';
import {controlNames, nameProblems} from './control-names';
import {expect, test} from './fixture';
import {phone} from './editor-page';
import {signedIn} from './github-stand-in';
import {horizontalOverflow} from './phone-layout';
import {routePublishedRepo, type PublishedRepo} from './published-stand-in';
import {
  changes,
  expectMainUntouched,
  openPublished,
  postFiles,
  publishNow,
  removedAlt,
  removeSecondPhoto,
  takeDown,
  takenDown,
  trimmed,
} from './takedown-posts';

test.use({viewport: phone, hasTouch: true, isMobile: true, serviceWorkers: 'block'});

let repo: PublishedRepo;
let initial: Map<string, Buffer>;

test.beforeEach(async ({context}) => {
  initial = await postFiles();
  initial.set('README.md', Buffer.from('# 電鬼 docs\n'));
  repo = await routePublishedRepo(context, initial);
  await signedIn(context);
});

/** 開いている画面の axe の違反と、押せるもの・書けるものの名前の問題（labels.spec.ts と同じ調べ）。 */
async function screenProblems(page: Page): Promise<string[]> {
  await expect(page.locator('body > canvas')).toBeHidden();
  return [...(await axeProblems(page)), ...nameProblems(await controlNames(page))];
}

/** post の記事のファイル（main にあるもの）。 */
const filesOf = (slug: string): string[] =>
  [...initial.keys()].filter((file) => file.startsWith(`blog/${slug}/`)).sort();

test('「この記事を取り下げる」は、記事と写真だけを消すプルリクエストを「公開待ち」で作り、main には書かない', async ({
  page,
}, testInfo) => {
  await openPublished(page, takenDown);
  // Decap が main で消す「未公開」（公開を取り消す）は、公開済みのメニューに無い。
  await page.getByRole('button', {name: '公開済', exact: true}).tap();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await expect(page.getByRole('menuitem', {name: /未公開|公開を取り消す/})).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.screenshot({path: testInfo.outputPath('takedown-button-390.png')});

  const message = await takeDown(page);
  expect(message).toContain('この記事をサイトから取り下げますか？');
  expect(message).toContain('「公開待ち」');
  expect(message).toContain('フィード・検索・サイトマップから消えます');
  await expect(
    page.getByRole('alert').filter({hasText: '取り下げを「公開待ち」にしました'}),
  ).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);
  await page.screenshot({path: testInfo.outputPath('takedown-pending-390.png'), fullPage: true});

  // ブランチとプルリクエスト: 記事のファイルと写真だけを消し、ほかは変えない。
  const branch = `cms/blog/${takenDown.slug}/index`;
  expect(repo.pulls.map((pull) => [pull.branch, pull.labels])).toEqual([
    [branch, ['decap-cms/pending_publish']],
  ]);
  const head = repo.files(branch);
  expect(head, `${branch} のブランチ`).toBeDefined();
  expect(changes(initial, head ?? new Map())).toEqual({
    removed: filesOf(takenDown.slug),
    changed: [],
  });
  expectMainUntouched(repo);
  // 内容だけの変更（消したファイルも内容）なので、持ち主の承認なしに CI だけで公開できる。
  expect(
    classifyChange(filesOf(takenDown.slug).map((file) => ({path: file, removed: true}))),
  ).toEqual({
    contentOnly: true,
    outside: [],
  });

  // 開き直しても、取り下げの知らせと「公開待ち」のまま（プルリクエストの差分から読む）。
  await page.reload();
  await expect(page.getByLabel('題', {exact: true})).toHaveValue(takenDown.title);
  await expect(page.getByRole('region', {name: '取り下げ'})).toBeVisible();
  await expect(page.getByRole('button', {name: 'ステータス: 公開待ち'})).toBeVisible();

  // 「公開」: プルリクエストのマージだけで、main から記事のファイルと写真が消える。
  await publishNow(page);
  await expect.poll(() => repo.pulls[0]?.merged).toBe(true);
  expect(changes(initial, repo.files('main') ?? new Map())).toEqual({
    removed: filesOf(takenDown.slug),
    changed: [],
  });
  expect(
    repo.writes.filter((write) => write.path.endsWith('/git/refs/heads/main')),
    'main の付け替え',
  ).toEqual([]);
});

test('「この写真を外す」で外して保存すると、本文の行と写真のファイルの両方を消すブランチになり、main には書かない', async ({
  page,
}, testInfo) => {
  await openPublished(page, trimmed);
  await expect(page.getByRole('textbox', {name: /^写真 2 の説明/})).toHaveValue(removedAlt);
  expect(await screenProblems(page)).toEqual([]);
  await removeSecondPhoto(page);
  await page.screenshot({path: testInfo.outputPath('photo-removed-390.png'), fullPage: true});

  const branch = `cms/blog/${trimmed.slug}/index`;
  await expect.poll(() => repo.pulls.map((pull) => pull.branch)).toEqual([branch]);
  const head = repo.files(branch) ?? new Map<string, Buffer>();
  const indexPath = `blog/${trimmed.slug}/index.md`;
  expect(changes(initial, head)).toEqual({
    removed: [`blog/${trimmed.slug}/photo-2.jpg`],
    changed: [indexPath],
  });
  const body = head.get(indexPath)?.toString() ?? '';
  expect(body).not.toContain('photo-2.jpg');
  expect(body).not.toContain(removedAlt);
  expect(body).toContain(`![${trimmed.alts[0]}](./photo-1.jpg)`);
  expectMainUntouched(repo);
  expect(
    classifyChange([
      {path: `blog/${trimmed.slug}/photo-2.jpg`, removed: true},
      {path: indexPath, mode: '100644'},
    ]),
  ).toEqual({contentOnly: true, outside: []});
});

test('取り下げを GitHub が断ると、日本語で知らせ、記事は公開済みのまま', async ({page}) => {
  await page.context().route('https://api.github.com/**/git/refs', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 403,
          contentType: 'application/json',
          headers: {'access-control-allow-origin': '*'},
          body: JSON.stringify({message: 'Resource not accessible by integration'}),
        })
      : route.fallback(),
  );
  await openPublished(page, takenDown);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', {name: 'この記事を取り下げる'}).tap();
  await expect(
    page.getByRole('alert').filter({hasText: '記事を取り下げられませんでした。'}),
  ).toBeVisible();
  await expect(page.getByRole('region', {name: '取り下げ'})).toHaveCount(0);
  await expect(page.getByRole('button', {name: 'この記事を取り下げる'})).toBeVisible();
  expectMainUntouched(repo);
});
