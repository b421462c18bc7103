/**
 * 本物のエディター（エディターのサイトの /admin/ の Decap CMS）で GitHub にログインする。エディターを、エディターの
 * オリジン（Decap の base_url）をこのテストのサーバーにして組み直し（EDITOR_URL、scripts/editor.ts）、
 * 「GitHub でログインする」を押す。ポップアップは /api/auth → 別のオリジンの GitHub の代わり（人が「承認」を押す）→ /api/callback と移り、
 * Decap は postMessage でトークンを受け取って、GitHub の REST API（api.github.com。ここでは代わりのサーバーへ
 * 回す）でアカウントと書き込みの権限を確かめる。
 * 手元の decap-server を探す先（?local_backend=）は、このサーバー自身にする（見つからないので GitHub を使う）。
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {expect, test} from '../../plugins/editor/tests/fixture';
import {localBackendParam} from '../../plugins/editor/shared';
import {choose, localBackups, save} from '../../plugins/editor/tests/editor-page';
import {runCommand} from '../../tests/support/run-command';
import {
  login,
  startEditorWithSignIn,
  startGitHubStandIn,
  startReaderSite,
  token,
  type EditorWithSignIn,
  type GitHubStandIn,
} from './stand-ins';

const buildDir = process.env.BUILD_DIR ?? 'build';
/** Decap の GitHub の既定の api_root（このサイトの設定は変えない）。 */
const gitHubApi = 'https://api.github.com';

// エディターを組み直すのは 1 度だけにし、同じワーカーで順に走らせる。
test.describe.configure({mode: 'serial', timeout: 120_000});

let github: GitHubStandIn;
let site: EditorWithSignIn;
/** このテストのために組んだエディターのサイトの public のフォルダー。 */
let siteDir: string;
/** Decap が api.github.com から受け取る書き込みの権限（関数が確かめたあとで外されたとき）。 */
let pushSeenByEditor: boolean | undefined;

test.beforeAll(async () => {
  siteDir = mkdtempSync(path.join(tmpdir(), 'denki-editor-sign-in-'));
  github = await startGitHubStandIn();
  site = await startEditorWithSignIn(siteDir, github);
  const bundled = await runCommand(
    process.execPath,
    ['--import', 'tsx', 'scripts/editor.ts', siteDir],
    {env: {...process.env, EDITOR_URL: site.origin}},
  );
  expect(bundled.code, bundled.output).toBe(0);
});

test.afterAll(async () => {
  await site?.close();
  await github?.close();
  if (siteDir) rmSync(siteDir, {recursive: true, force: true});
});

test.beforeEach(async ({context}) => {
  github.canPush = true;
  github.revokedTokens.length = 0;
  pushSeenByEditor = undefined;
  // ブラウザーから api.github.com への要求を、代わりのサーバーに回す（CSP の connect-src はそのまま効く）。
  await context.route(`${gitHubApi}/**`, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const answer = await fetch(`${github.origin}${url.pathname}${url.search}`, {
      method: request.method(),
      headers: {authorization: request.headers().authorization ?? ''},
    });
    let body = await answer.text();
    if (pushSeenByEditor !== undefined && url.pathname.startsWith('/repos/') && answer.ok) {
      const repository = JSON.parse(body) as {permissions?: {push: boolean}};
      if (repository.permissions) repository.permissions.push = pushSeenByEditor;
      body = JSON.stringify(repository);
    }
    await route.fulfill({
      status: answer.status,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'access-control-allow-origin': site.origin,
      },
      body,
    });
  });
});

/**
 * エディターを開き、「GitHub でログインする」から承認まで進め、ポップアップが閉じるまで待つ（Decap は結果を
 * 受け取ると閉じる）。閉じるのを待ち始めてから承認を押す（押したあとでは、閉じたことを聞き逃すことがある）。
 */
async function signIn(page: Page): Promise<void> {
  const port = new URL(site.origin).port;
  await page.goto(`${site.origin}/admin/?${localBackendParam}=${port}`);
  const button = page.getByRole('button', {name: 'GitHub でログインする'});
  const popupOpened = page.waitForEvent('popup');
  await button.click();
  const popup = await popupOpened;
  await popup.waitForURL(`${github.origin}/login/oauth/authorize?**`);
  const closed = popup.waitForEvent('close');
  await popup.locator('#approve').click();
  await closed;
}

const storedUser = (page: Page) => page.evaluate(() => localStorage.getItem('decap-cms-user'));

test('the editor signs in through the popup and uses the token for the GitHub API', async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByRole('button', {name: 'GitHub でログインする'})).toHaveCount(0);
  await expect.poll(() => storedUser(page)).not.toBeNull();
  const user = JSON.parse((await storedUser(page)) ?? '{}') as {token?: string; login?: string};
  expect(user).toMatchObject({token, login});
  // ブラウザーの Decap が、受け取ったトークンで GitHub の API を呼んだ。
  const fromEditor = github.requests.filter((r) => r.authorization === `token ${token}`);
  expect(fromEditor.map((r) => r.path)).toEqual(
    expect.arrayContaining(['/user', expect.stringMatching(/^\/repos\//)]),
  );
});

test('an account without write access sees the Japanese reason on the sign-in screen, and no token is kept', async ({
  page,
}) => {
  github.canPush = false;
  await signIn(page);
  await expect(page.getByText('書き込む権限がありません')).toBeVisible();
  await expect(page.getByText('書き込みの権限（Write）を付けてもらってください')).toBeVisible();
  await expect(page.getByRole('button', {name: 'GitHub でログインする'})).toBeVisible();
  expect(await storedUser(page)).toBeNull();
});

test("when the editor's own check finds no write access (removed after sign-in), Decap's message is Japanese", async ({
  page,
}) => {
  pushSeenByEditor = false;
  await signIn(page);
  const toast = page.getByRole('alert');
  await expect(toast).toContainText('ログインできませんでした');
  await expect(toast).toContainText('ページを読み込み直してから、もう一度ログインしてください');
  expect(await storedUser(page)).toBeNull();
  // Decap は「ログインしています...」のまま止まる。読み込み直せば、またログインできる。
  await page.reload();
  await expect(page.getByRole('button', {name: 'GitHub でログインする'})).toBeEnabled();
});

test("a page served by the reader site (with firebase.json's headers) cannot read a signed-in editor's token: the editor is another origin", async ({
  page,
}) => {
  const reader = await startReaderSite(buildDir);
  try {
    expect(new URL(reader.origin).origin).not.toBe(new URL(site.origin).origin);
    await signIn(page);
    await expect.poll(() => storedUser(page)).toContain(token);
    // 読者のサイトのページ（記事としてコミットされたものも、ここで配られる）で動くスクリプトから見ると:
    await page.goto(`${reader.origin}/`);
    await expect(page.locator('h1').first()).toBeVisible();
    expect(await storedUser(page), '読者のオリジンの localStorage').toBeNull();
    // エディターを窓で開いても、別のオリジンの localStorage は読めない。
    const popupOpened = page.waitForEvent('popup');
    await page.evaluate((editorUrl) => {
      (window as unknown as {opened: Window | null}).opened = window.open(editorUrl, '_blank');
    }, `${site.origin}/admin/`);
    const popup = await popupOpened;
    await popup.waitForLoadState();
    expect(new URL(popup.url()).origin).toBe(site.origin);
    expect(await storedUser(popup), 'エディターの窓では、トークンがある').toContain(token);
    const fromReader = await page.evaluate(() => {
      try {
        const opened = (window as unknown as {opened: Window | null}).opened;
        return String(opened?.localStorage.getItem('decap-cms-user'));
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(fromReader).not.toContain(token);
    expect(fromReader).toBe('SecurityError');
    await popup.close();
    // エディターのページは、読者のページの枠（iframe）にも入らない（frame-ancestors 'none'）。
    const framed = await page.evaluate(async (editorUrl) => {
      const frame = document.createElement('iframe');
      frame.src = editorUrl;
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve));
      document.body.append(frame);
      await loaded;
      try {
        return String(frame.contentWindow?.localStorage.getItem('decap-cms-user'));
      } catch (error) {
        return (error as Error).name;
      }
    }, `${site.origin}/admin/`);
    expect(framed).not.toContain(token);
    expect(framed).toBe('SecurityError');
    // エディターのオリジンには、まだトークンがある（ログインしたまま）。
    await page.goto(`${site.origin}/admin/`);
    expect(await storedUser(page)).toContain(token);
  } finally {
    await reader.close();
  }
});

test('after the GitHub App token expires (8 hours), saving shows a Japanese message, keeps the draft, and signs in again in place: the next save uses the new token', async ({
  page,
}) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page);
  // Decap がアカウントを確かめて覚え終えてから移る（その前に読み込み直すと、ログインの画面に戻る）。
  await expect.poll(() => storedUser(page)).not.toBeNull();
  const firstToken = github.issuedTokens.at(-1) ?? '';
  await page.evaluate(() => {
    window.location.hash = '#/collections/blog/new';
  });
  await page.getByLabel('題', {exact: true}).fill('期限の切れる日の報告');
  await page.getByLabel('説明', {exact: true}).fill('ログインの期限が切れた日の記事です。');
  await choose(page, '書いた人', 'まつり（matsuri）');
  await page.getByLabel('本文', {exact: true}).fill('期限が切れる前に書いた本文です。');
  await expect.poll(() => localBackups(page)).toContain('期限が切れる前に書いた本文です。');

  // 8 時間たった: GitHub はこのトークンに 401（Bad credentials）を返す。「保存」の GitHub の呼び出しで知らせる。
  github.expireTokens();
  await save(page);
  const expired = page.getByRole('alertdialog', {name: 'ログインの期限が切れました'});
  await expect(expired).toBeVisible();
  await expect(expired).toContainText('8 時間で切れます');
  await expect(expired).toContainText('消えていません');
  // 書いたものは画面にも、端末の控えにも残っている。
  expect(await localBackups(page)).toContain('期限が切れる前に書いた本文です。');
  await expect(page.getByLabel('題', {exact: true})).toHaveValue('期限の切れる日の報告');

  // その場でもう一度ログインする（ポップアップで GitHub の承認を経る）。
  const popupOpened = page.waitForEvent('popup');
  await expired.getByRole('button', {name: 'もう一度ログインする'}).click();
  const popup = await popupOpened;
  await popup.waitForURL(`${github.origin}/login/oauth/authorize?**`);
  const closed = popup.waitForEvent('close');
  await popup.locator('#approve').click();
  await closed;
  const again = page.getByRole('alertdialog', {name: 'ログインし直しました'});
  await expect(again).toBeVisible();
  const secondToken = github.issuedTokens.at(-1) ?? '';
  expect(secondToken).not.toBe(firstToken);
  await again.getByRole('button', {name: '閉じる'}).click();
  await expect(again).toHaveCount(0);
  expect(JSON.parse((await storedUser(page)) ?? '{}')).toMatchObject({token: secondToken});

  // もう一度「保存」: GitHub の呼び出しは新しいトークンで通り、切れたトークンはもう使わない。記事は画面に残っている。
  const before = github.requests.length;
  await save(page);
  await expect
    .poll(() =>
      github.requests.slice(before).some((r) => r.authorization === `token ${secondToken}`),
    )
    .toBe(true);
  expect(
    github.requests.slice(before).filter((r) => r.authorization === `token ${firstToken}`),
  ).toEqual([]);
  await expect(page.getByRole('alertdialog', {name: 'ログインの期限が切れました'})).toHaveCount(0);
  await expect(page.getByLabel('題', {exact: true})).toHaveValue('期限の切れる日の報告');
});

test('opening the editor after the token expired: the Japanese message instead of a bare sign-in screen, and signing in again opens the editor with the draft offered back', async ({
  page,
}) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page);
  // Decap がアカウントを確かめて覚え終えてから移る（その前に読み込み直すと、ログインの画面に戻る）。
  await expect.poll(() => storedUser(page)).not.toBeNull();
  await page.evaluate(() => {
    window.location.hash = '#/collections/blog/new';
  });
  await page.getByLabel('題', {exact: true}).fill('翌朝に開き直した報告');
  await expect.poll(() => localBackups(page)).toContain('翌朝に開き直した報告');

  // 翌朝、同じ端末でエディターを開き直す。Decap は切れたトークンで断られてログアウトする。
  github.expireTokens();
  await page.reload();
  const expired = page.getByRole('alertdialog', {name: 'ログインの期限が切れました'});
  await expect(expired).toBeVisible();
  expect(await localBackups(page)).toContain('翌朝に開き直した報告');
  const popupOpened = page.waitForEvent('popup');
  await expired.getByRole('button', {name: 'もう一度ログインする'}).click();
  const popup = await popupOpened;
  await popup.waitForURL(`${github.origin}/login/oauth/authorize?**`);
  const closed = popup.waitForEvent('close');
  // ログインし直すと、エディターが読み込み直す（Decap はもうログアウトしているので）。
  const reloaded = page.waitForEvent('load');
  await popup.locator('#approve').click();
  await closed;
  await reloaded;
  // 新しいトークンでログインしたエディターが開く。
  const secondToken = github.issuedTokens.at(-1) ?? '';
  await expect.poll(() => storedUser(page)).toContain(secondToken);
  await expect(page.getByRole('button', {name: 'GitHub でログインする'})).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.evaluate(() => {
    window.location.hash = '#/collections/blog/new';
  });
  await expect(page.getByLabel('題', {exact: true})).toHaveValue('翌朝に開き直した報告');
});
