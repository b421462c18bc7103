/**
 * エディターの GitHub でのログイン（functions/src/sign-in.ts）を、GitHub の代わりのループバックのサーバーに
 * 向けて確かめる。エディターのサイトは firebase.json（hosting の target「editor」）どおりに配信し、/api/** を
 * 関数が答える（Firebase Hosting と同じくヘッダーの規則を当ててから関数に回す）。ブラウザーの確かめでは、/admin/ のページから Decap CMS と同じ手順
 * （decap-cms-lib-auth の NetlifyAuthenticator）でポップアップを開き、postMessage で受け取ったものを見る。
 * 時間では待たない: ポップアップの URL、受け取ったメッセージ、最後に送らせる目印のメッセージを待つ。
 */
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {
  functionRegion,
  hostingTargets,
  signInCallbackPath,
  signInFunctionId,
  signInPath,
} from '../../src/constants/editor-sign-in';
import {readHostingConfig} from '../../lib/hosting';
import {runCommand} from '../../tests/support/run-command';
import {signInHeaders, stateCookie, stateMaxAgeSeconds} from '../src/sign-in';
import {
  callbackUrl,
  clientId,
  clientSecret,
  login,
  startGitHubStandIn,
  startEditorWithSignIn,
  editorBuildDir,
  token,
  type GitHubStandIn,
  type EditorWithSignIn,
} from './stand-ins';

let github: GitHubStandIn;
let editor: EditorWithSignIn;

test.beforeEach(async () => {
  github = await startGitHubStandIn();
  editor = await startEditorWithSignIn(editorBuildDir, github);
});

test.afterEach(async () => {
  await editor.close();
  await github.close();
});

type Answer = {status: number; headers: Headers; body: string};

async function ask(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, {redirect: 'manual', ...init});
  return {status: response.status, headers: response.headers, body: await response.text()};
}

/** /api/auth を開き、覚えさせた state の cookie と、GitHub の承認の画面の URL を得る。 */
async function startSignIn(): Promise<{cookie: string; authorize: URL}> {
  const started = await ask(`${editor.origin}${signInPath}?provider=github`);
  expect(started.status).toBe(302);
  const cookie = started.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  return {cookie, authorize: new URL(started.headers.get('location') ?? '')};
}

/** 代わりの GitHub の承認の画面で「承認」を押したときに戻る URL（code と state つき）。 */
async function approved(authorize: URL): Promise<URL> {
  const page = await ask(authorize.href);
  const href = /id="approve" href="([^"]+)"/.exec(page.body)?.[1] ?? '';
  return new URL(href.replace(/&amp;/g, '&'));
}

/** 関数が答えたページ: 日本語で、スタックトレースもトークンもなく、関数の決まったヘッダーを持つ。 */
function expectJapanesePage(answer: Answer, status: number, heading: RegExp): void {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(answer.body).toContain('<html lang="ja">');
  expect(answer.body).toMatch(new RegExp(`<h1>${heading.source}</h1>`));
  expect(answer.body).not.toMatch(/\bat .+:\d+:\d+|Error:|TypeError|undefined/);
  expect(answer.body).not.toContain(token);
  expect(answer.body).not.toContain(clientSecret);
  for (const [key, value] of Object.entries(signInHeaders)) {
    expect(answer.headers.get(key), key).toBe(value);
  }
  // ポップアップと /admin/ の間の window.opener を切らない。
  expect(answer.headers.get('cross-origin-opener-policy') ?? 'unsafe-none').toBe('unsafe-none');
}

type Received = {origin: string; data: string};

/**
 * page から、Decap CMS の NetlifyAuthenticator と同じ手順でログインのポップアップを開く: 'message' を聞き、
 * trusted のオリジンからの 'authorizing:github' にだけ同じ文字列で返事をしてから、/api/auth を開く。
 * trusted が '*' なら、どのオリジンにも返事をする（ほかのサイトが横取りを試みる）。
 */
async function openPopup(page: Page, trusted: string): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.evaluate(
    ({url, trusted}) => {
      const state = window as unknown as {received: Received[]; popup: Window | null};
      state.received = [];
      window.addEventListener('message', (event) => {
        state.received.push({origin: event.origin, data: String(event.data)});
        if (event.data === 'authorizing:github' && (trusted === '*' || event.origin === trusted)) {
          state.popup?.postMessage(event.data, event.origin);
        }
      });
      state.popup = window.open(url, 'Netlify Authorization', 'width=960,height=600');
    },
    {url: `${editor.origin}${signInPath}?provider=github`, trusted},
  );
  return popup;
}

/** ポップアップが代わりの GitHub の画面を経て、関数のページに戻るまで進める（承認を押す）。 */
async function approveInPopup(popup: Page): Promise<void> {
  await popup.waitForURL(`${github.origin}/login/oauth/authorize?**`);
  await popup.locator('#approve').click();
  await popup.waitForURL(`${callbackUrl(editor.origin)}?**`);
  await expect(popup.locator('h1')).toBeVisible();
  // 別のオリジンを経ても、開いた窓とのつながりが残っている（/admin/ か /api/** の COOP が same-origin なら切れる）。
  expect(
    await popup.evaluate(() => window.opener !== null),
    'ポップアップの window.opener が切れた（Cross-Origin-Opener-Policy）',
  ).toBe(true);
}

const received = (page: Page): Promise<Received[]> =>
  page.evaluate(() => (window as unknown as {received: Received[]}).received);

/** ポップアップのページが送るものをすべて受け取ったところで返す（最後に目印を送らせ、それが届くまで待つ）。 */
async function allReceived(page: Page, popup: Page): Promise<Received[]> {
  await popup.evaluate(() => window.opener?.postMessage('test:done', '*'));
  await page.waitForFunction(() =>
    (window as unknown as {received: Received[]}).received.some((m) => m.data === 'test:done'),
  );
  return (await received(page)).filter((message) => message.data !== 'test:done');
}

test("/api/auth keeps a random state in an HttpOnly cookie for /api only and sends the browser to the GitHub App's authorize page without a scope (the app's permissions decide)", async () => {
  const first = await startSignIn();
  const second = await startSignIn();
  const started = await ask(`${editor.origin}${signInPath}`);
  const setCookie = started.headers.getSetCookie()[0] ?? '';
  expect(setCookie).toMatch(
    new RegExp(
      `^${stateCookie}=[A-Za-z0-9_-]{43}; Path=/api; Max-Age=${stateMaxAgeSeconds}; HttpOnly; SameSite=Lax$`,
    ),
  );
  expect(started.headers.get('cache-control')).toBe('no-store');
  for (const {cookie, authorize} of [first, second]) {
    expect(`${authorize.origin}${authorize.pathname}`).toBe(
      `${github.origin}/login/oauth/authorize`,
    );
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      client_id: clientId,
      redirect_uri: `${editor.origin}${signInCallbackPath}`,
      state: cookie.slice(`${stateCookie}=`.length),
      allow_signup: 'false',
    });
  }
  expect(first.cookie).not.toBe(second.cookie);
  // 秘密の値は転送先にも出ない。
  expect(started.headers.get('location')).not.toContain(clientSecret);
});

test("full popup round trip: the editor's /admin/ gets the token by postMessage from the editor origin, after the popup went through GitHub on another origin; the refresh token never leaves the function", async ({
  page,
}) => {
  // /admin/ は Cross-Origin-Opener-Policy: same-origin-allow-popups、/api/** は付けない（firebase.json）。
  await page.goto(`${editor.origin}/admin/`);
  const popup = await openPopup(page, editor.origin);
  await approveInPopup(popup);
  await expect(popup.locator('h1')).toHaveText('ログインしました');
  await page.waitForFunction(() =>
    (window as unknown as {received: Received[]}).received.some((m) =>
      m.data.startsWith('authorization:github:'),
    ),
  );
  const messages = await allReceived(page, popup);
  expect(messages).toEqual([
    {origin: editor.origin, data: 'authorizing:github'},
    {
      origin: editor.origin,
      data: `authorization:github:success:${JSON.stringify({token, provider: 'github'})}`,
    },
  ]);
  // GitHub App のトークンは切れる（expires_in）。6 か月使えるリフレッシュトークンはブラウザーに渡さない。
  expect(JSON.stringify(messages)).not.toContain('ghr_');
  expect(github.revokedTokens).toEqual([]);
  // 関数はコードを 1 度だけ、秘密の値と同じ callback URL で換え、そのトークンで書き込めるかを確かめた。
  expect(github.tokenRequests.map((body) => Object.fromEntries(body))).toEqual([
    {
      client_id: clientId,
      client_secret: clientSecret,
      code: 'code-1',
      redirect_uri: `${editor.origin}${signInCallbackPath}`,
    },
  ]);
  expect(
    github.requests.filter((r) => r.authorization === `Bearer ${token}`).map((r) => r.path),
  ).toEqual(expect.arrayContaining(['/user', expect.stringMatching(/^\/repos\//)]));
});

test('a callback without state, with a wrong state, or without the cookie is refused with a Japanese page, and GitHub is never asked for a token', async () => {
  const {cookie, authorize} = await startSignIn();
  const back = await approved(authorize);
  const code = back.searchParams.get('code') ?? '';
  const state = back.searchParams.get('state') ?? '';
  const callback = callbackUrl(editor.origin);
  // 最後の 1 文字だけが違う state（いまの最後の文字が A なら B に。同じ文字に変えると違わない）。
  const wrongState = `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`;
  expect(wrongState).not.toBe(state);
  const cases: [string, RequestInit][] = [
    [`${callback}?code=${code}`, {headers: {cookie}}],
    [`${callback}?code=${code}&state=${wrongState}`, {headers: {cookie}}],
    [`${callback}?code=${code}&state=${state}`, {}],
    [`${callback}?code=${code}&state=${state}`, {headers: {cookie: `${stateCookie}=`}}],
  ];
  for (const [url, init] of cases) {
    const answer = await ask(url, init);
    expectJapanesePage(answer, 400, /ログインの手続きを確かめられませんでした/);
    expect(answer.body).toContain('authorization:github:error:');
    expect(answer.body).not.toContain('authorization:github:success:');
    // 使った state の cookie は消す。
    expect(answer.headers.getSetCookie()[0]).toMatch(
      new RegExp(`^${stateCookie}=; Path=/api; Max-Age=0`),
    );
  }
  expect(github.tokenRequests).toEqual([]);
});

test('a page on another origin that opens the sign-in popup receives nothing, even when it answers the handshake', async ({
  page,
}) => {
  const other: Server = createServer((_, res) => {
    res.writeHead(200, {'Content-Type': 'text/html; charset=utf-8'});
    res.end(
      '<!doctype html><html lang="ja"><title>ほかのサイト</title><h1>ほかのサイト</h1></html>',
    );
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  try {
    const otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    expect(otherOrigin).not.toBe(editor.origin);
    await page.goto(`${otherOrigin}/`);
    const popup = await openPopup(page, '*');
    await approveInPopup(popup);
    // 関数はトークンを得たが（書き込めるアカウント）、サイトのオリジン以外には送らない。
    await expect(popup.locator('h1')).toHaveText('ログインしました');
    expect(github.tokenRequests).toHaveLength(1);
    // ほかのサイトが、サイトのオリジンを名乗らずに返事をしても同じ。
    await page.evaluate(() =>
      (window as unknown as {popup: Window}).popup.postMessage('authorizing:github', '*'),
    );
    expect(await allReceived(page, popup)).toEqual([]);
  } finally {
    other.closeAllConnections();
    await new Promise((resolve) => other.close(resolve));
  }
});

test('an account without write access gets a Japanese explanation, and the editor gets the reason instead of a token', async ({
  page,
}) => {
  github.canPush = false;
  await page.goto(`${editor.origin}/admin/`);
  const popup = await openPopup(page, editor.origin);
  await approveInPopup(popup);
  await expect(popup.locator('h1')).toHaveText('このアカウントでは記事を書けません');
  await expect(popup.locator('main')).toContainText(`「${login}」`);
  await expect(popup.locator('main')).toContainText(
    '書き込みの権限（Write）を付けてもらってください',
  );
  const messages = await allReceived(page, popup);
  expect(messages.map((m) => m.origin)).toEqual([editor.origin, editor.origin]);
  expect(messages[0].data).toBe('authorizing:github');
  const error = /^authorization:github:error:(.+)$/.exec(messages[1].data)?.[1] ?? '{}';
  expect((JSON.parse(error) as {message: string}).message).toContain('書き込む権限がありません');
  expect(JSON.stringify(messages)).not.toContain(token);
  expect(editor.log.join('\n')).toContain(login);
  // 渡さなかったトークンは、アプリの Client ID と Client secret で GitHub に取り消させた。もう使えない。
  expect(github.revokedTokens).toEqual([token]);
  const afterRevoke = await fetch(`${github.origin}/user`, {
    headers: {authorization: `Bearer ${token}`},
  });
  expect(afterRevoke.status).toBe(401);
});

// issue 60: GitHub App の「Expire user authorization tokens」がオフだと、GitHub は expires_in の無い（切れない）トークンを渡す。
test('a token answer without expires_in (tokens that never expire) is refused with a Japanese page, and the token is revoked, never handed over', async () => {
  github.expiringTokens = false;
  const {cookie, authorize} = await startSignIn();
  const back = await approved(authorize);
  const answer = await ask(back.href, {headers: {cookie}});
  expectJapanesePage(answer, 503, /ログインの設定に誤りがあります/);
  expect(answer.body).toContain('Expire user authorization tokens');
  expect(answer.body).toContain('authorization:github:error:');
  expect(answer.body).not.toContain('authorization:github:success');
  expect(editor.log.join('\n')).toContain('期限の無いトークン');
  // 渡さなかったトークンは取り消した。もう使えない。アカウントの権限も問い合わせていない。
  expect(github.issuedTokens).toEqual([token]);
  expect(github.revokedTokens).toEqual([token]);
  const afterRevoke = await fetch(`${github.origin}/user`, {
    headers: {authorization: `Bearer ${token}`},
  });
  expect(afterRevoke.status).toBe(401);
  expect(github.requests.filter((request) => request.path.startsWith('/repos/'))).toEqual([]);
});

test('/api/auth started from another site (Sec-Fetch-Site: cross-site) is refused with a Japanese 403 page and no state, while the editor itself and the address bar can start', async ({
  page,
}) => {
  const crossSite = await ask(`${editor.origin}${signInPath}`, {
    headers: {'Sec-Fetch-Site': 'cross-site'},
  });
  expectJapanesePage(crossSite, 403, /ほかのサイトからはログインを始められません/);
  expect(crossSite.headers.get('location')).toBeNull();
  expect(crossSite.headers.getSetCookie()).toEqual([]);
  for (const site of ['same-origin', 'none']) {
    const started = await ask(`${editor.origin}${signInPath}`, {
      headers: {'Sec-Fetch-Site': site},
    });
    expect(started.status, site).toBe(302);
    expect(started.headers.get('location'), site).toMatch(
      new RegExp(`^${github.origin}/login/oauth/authorize\\?`),
    );
  }
  // 本物のブラウザーで: ほかのオリジンのページのリンクから開くと、Chromium が cross-site を付け、関数が断る。
  const other: Server = createServer((_, res) => {
    res.writeHead(200, {'Content-Type': 'text/html; charset=utf-8'});
    res.end(
      `<!doctype html><html lang="ja"><title>ほかのサイト</title><a href="${editor.origin}${signInPath}?provider=github">ログイン</a></html>`,
    );
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://localhost:${(other.address() as AddressInfo).port}/`);
    await page.getByRole('link', {name: 'ログイン'}).click();
    await expect(page.locator('h1')).toHaveText('ほかのサイトからはログインを始められません');
    expect(github.authorizeRequests).toEqual([]);
  } finally {
    other.closeAllConnections();
    await new Promise((resolve) => other.close(resolve));
  }
});

test('GitHub refusing, answering an error, failing or not answering gives a Japanese page with a fitting status', async () => {
  const callbackWith = async (params: (back: URL) => string): Promise<Answer> => {
    const {cookie, authorize} = await startSignIn();
    const back = await approved(authorize);
    return ask(`${callbackUrl(editor.origin)}?${params(back)}`, {headers: {cookie}});
  };
  const codeAndState = (back: URL) => back.search.slice(1);
  const state = (back: URL) => `state=${back.searchParams.get('state')}`;

  // 承認の画面で「キャンセル」
  expectJapanesePage(
    await callbackWith((back) => `error=access_denied&${state(back)}`),
    403,
    /ログインを取りやめました/,
  );
  // GitHub が callback にほかの誤りを付けて戻した
  const redirectError = await callbackWith((back) => `error=redirect_uri_mismatch&${state(back)}`);
  expectJapanesePage(redirectError, 502, /GitHub がログインを断りました/);
  expect(redirectError.body).toContain('redirect_uri_mismatch');
  // トークンの交換が誤りの JSON を返した（コードの期限切れなど）
  github.tokenMode = 'error';
  const tokenError = await callbackWith(codeAndState);
  expectJapanesePage(tokenError, 502, /GitHub がログインを断りました/);
  expect(tokenError.body).toContain('bad_verification_code');
  // GitHub の 5xx（JSON でない答え）
  github.tokenMode = 'server-error';
  expectJapanesePage(
    await callbackWith(codeAndState),
    502,
    /GitHub から正しい返事がありませんでした/,
  );
  // GitHub が答えない: 関数は決まった時間で区切る（テストでは短くする）
  github.tokenMode = 'hang';
  editor.settings = {...editor.settings, timeoutMs: 300};
  expectJapanesePage(await callbackWith(codeAndState), 504, /GitHub から返事がありません/);
  expect(github.tokenRequests).toHaveLength(3);
});

test('an unknown path, a wrong method, and a missing OAuth app get Japanese pages, never a stack trace', async () => {
  expectJapanesePage(await ask(`${editor.origin}/api/nothing`), 404, /ページが見つかりません/);
  expectJapanesePage(await ask(`${editor.origin}/api/auth/extra`), 404, /ページが見つかりません/);
  for (const path of [signInPath, signInCallbackPath]) {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const answer = await ask(`${editor.origin}${path}`, {method});
      expectJapanesePage(answer, 405, /このページはこの方法では開けません/);
      expect(answer.headers.get('allow')).toBe('GET');
    }
  }
  editor.settings = {...editor.settings, clientSecret: ''};
  expectJapanesePage(
    await ask(`${editor.origin}${signInPath}`),
    503,
    /エディターのログインは準備中です/,
  );
  // 設定の誤りなど、思わぬ失敗も日本語のページ（記録にはスタックが残る）。
  editor.settings = {...editor.settings, editorOrigin: 'not an origin'};
  expectJapanesePage(
    await ask(`${editor.origin}${signInPath}`),
    500,
    /ログインの途中で問題が起きました/,
  );
  expect(editor.log.at(-1)).toMatch(/^ログインの処理が失敗しました: TypeError: Invalid URL/);
});

test("firebase deploy gets one bundle that exports the function the editor site's firebase.json rewrites /api/** to, in asia-northeast1, with its secret from Secret Manager", async () => {
  expect(readHostingConfig(hostingTargets.site).rewrites ?? []).toEqual([]);
  const rewrites = (readHostingConfig(hostingTargets.editor).rewrites ?? []).filter((rule) =>
    rule.source.startsWith('/api'),
  );
  expect(rewrites).toEqual([
    {source: '/api/**', function: {functionId: signInFunctionId, region: functionRegion}},
  ]);
  // firebase deploy と同じく firebase.json の predeploy で組む。出力だけを一時フォルダーに変える（functions/lib は
  // デプロイのもの。同時に走るテストが書き合わないように）。
  const {functions} = JSON.parse(readFileSync('firebase.json', 'utf8')) as {
    functions: {source: string; predeploy: string[]}[];
  };
  expect(functions).toHaveLength(1);
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'denki-functions-')), 'index.js');
  for (const command of functions[0].predeploy) {
    const run = await runCommand('bash', ['-c', `${command} -- --outfile="$OUT"`], {
      env: {...process.env, RESOURCE_DIR: functions[0].source, OUT: out},
    });
    expect(run.code, run.output).toBe(0);
  }
  // Firebase の CLI が関数を見つけるときと同じく、組んだものを functions/ の依存で読み込む。
  const load = await runCommand(
    process.execPath,
    [
      '-e',
      `const entry = require(${JSON.stringify(out)});
       console.log(JSON.stringify({names: Object.keys(entry), endpoint: entry.${signInFunctionId}.__endpoint}));`,
    ],
    {env: {...process.env, NODE_PATH: path.resolve(functions[0].source, 'node_modules')}},
  );
  expect(load.code, load.output).toBe(0);
  const {names, endpoint} = JSON.parse(load.output) as {names: string[]; endpoint: unknown};
  rmSync(path.dirname(out), {recursive: true, force: true});
  expect(names).toEqual([signInFunctionId]);
  expect(endpoint).toMatchObject({
    platform: 'gcfv2',
    region: [functionRegion],
    httpsTrigger: {invoker: ['public']},
    secretEnvironmentVariables: [{key: 'GITHUB_OAUTH_CLIENT_SECRET'}],
  });
});
