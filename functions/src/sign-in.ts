/**
 * エディター（エディターのサイトの /admin/）の GitHub でのログイン: GitHub App のユーザーのアクセストークン
 * （アプリを入れたリポジトリーだけに、アプリの権限（contents と pull requests）だけで、8 時間で切れる）に、
 * 承認のコードを換える、Firebase にも express にも
 * よらない処理（Node.js の http の req と res）。Cloud Function（index.ts）は秘密の値を渡して呼ぶだけで、
 * テスト（functions/tests/）は GitHub の代わりのループバックのサーバーに向けて直接呼ぶ。
 *
 * 1. GET /api/auth: ほかのサイトから始めさせない（Sec-Fetch-Site が cross-site なら断る）。推測できない state を作り、/api だけに送られる HttpOnly の cookie（__session。Firebase
 *    Hosting が関数に渡す cookie はこの名前だけ）に 10 分だけ入れて、GitHub の承認の画面へ転送する。
 * 2. GET /api/callback: cookie の state と GitHub が戻した state が同じでなければ断る。コードをトークンに換え
 *    （時間を区切る）、そのアカウントがリポジトリーに書き込めるか（permissions.push）を確かめ、Decap CMS の
 *    ポップアップの約束どおりにトークンを渡すページを返す。書き込めないアカウントのために換えたトークンは、
 *    渡さずに GitHub で取り消す（DELETE /applications/{client_id}/token）。期限（expires_in）の無いトークン（GitHub App の
 *    「Expire user authorization tokens」がオフ）も、渡さずに取り消す。リフレッシュトークンはブラウザーに渡さない
 *    （8 時間で切れたら、もう一度ログインする）。
 *
 * トークンを渡すページのスクリプトは、開いた窓（window.opener）に 'authorizing:github' を送り、エディターのサイトの
 * オリジン（読者のサイトとは別）からの返事を待って、そのオリジンだけに 'authorization:github:success:{…}' を送る（'*' には送らない）。
 * 断るときも同じ手順で 'authorization:github:error:{…}' を送り、Decap のログインの画面に日本語の理由を出す。
 * スクリプトは毎回同じ文字列なので、CSP はそのハッシュだけを許す（firebase.json の /api/** も同じ値）。
 */
import {createHash, randomBytes, timingSafeEqual} from 'node:crypto';
import type {IncomingMessage, ServerResponse} from 'node:http';
import {editorPath, signInCallbackPath, signInPath} from '../../src/constants/editor-sign-in';

/** GitHub の場所。テストはループバックの代わりのサーバーに向ける。 */
export type GitHubEndpoints = {
  /** 承認の画面（https://github.com/login/oauth/authorize）。 */
  readonly authorizeUrl: string;
  /** コードをトークンに換えるところ（https://github.com/login/oauth/access_token）。 */
  readonly tokenUrl: string;
  /** REST API の根（https://api.github.com）。 */
  readonly apiRoot: string;
};

export const gitHubEndpoints: GitHubEndpoints = {
  authorizeUrl: 'https://github.com/login/oauth/authorize',
  tokenUrl: 'https://github.com/login/oauth/access_token',
  apiRoot: 'https://api.github.com',
};

export type SignInSettings = {
  /**
   * エディターのサイトのオリジン（https://traffic-tag-docs-editor.web.app。読者のサイトとは別）。GitHub が戻す先と、
   * トークンを送る先。
   */
  readonly editorOrigin: string;
  /** 書き込めるかを確かめるリポジトリー（owner/name）。 */
  readonly repository: string;
  /** GitHub App の Client ID（空ならログインは準備中）。 */
  readonly clientId: string;
  /** GitHub App の Client secret（Secret Manager から。空ならログインは準備中）。 */
  readonly clientSecret: string;
  readonly github?: GitHubEndpoints;
  /** GitHub への 1 回の問い合わせを待つ時間（ミリ秒）。既定は 10 秒。 */
  readonly timeoutMs?: number;
  /** サーバーの記録（トークンと秘密の値は渡さない）。既定は console.error。 */
  readonly log?: (message: string) => void;
};

/** state を入れる cookie の名前。Firebase Hosting は、関数へ回す要求から __session 以外の cookie を除く。 */
export const stateCookie = '__session';
/** state を覚えておく時間（秒）。 */
export const stateMaxAgeSeconds = 600;

const provider = 'github';
const handshake = `authorizing:${provider}`;

/** ポップアップのページのスクリプト。データは同じページの JSON（実行されない）から読むので、中身は毎回同じ。 */
const handshakeScript = `(function () {
  var data = JSON.parse(document.getElementById('decap-result').textContent);
  var opener = window.opener;
  if (!opener) return;
  var sent = false;
  window.addEventListener('message', function (event) {
    if (sent || event.origin !== data.origin || event.source !== opener || event.data !== ${JSON.stringify(handshake)}) return;
    sent = true;
    opener.postMessage(data.message, data.origin);
  });
  opener.postMessage(${JSON.stringify(handshake)}, data.origin);
})();`;

const pageStyle =
  'body{margin:0;font-family:system-ui,sans-serif;line-height:1.8;color:#1c1e21;background:#fff}' +
  'main{max-width:36rem;margin:0 auto;padding:1.5rem 1rem}h1{font-size:1.4rem;line-height:1.4;color:#6c44a2}' +
  'a{color:#6c44a2}';

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** 関数が返すすべてのページの CSP。インラインのスクリプトとスタイルは、上の決まった中身のハッシュだけ許す。 */
export const signInContentSecurityPolicy = [
  "default-src 'none'",
  `script-src ${sha256(handshakeScript)}`,
  `style-src ${sha256(pageStyle)}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * 関数のすべての答えに付けるヘッダー。firebase.json の /api/** の規則も同じ値を付ける（Hosting の規則は
 * 関数の答えのヘッダーを上書きするため。tests/node/csp.spec.ts が照合する）。Cross-Origin-Opener-Policy は
 * 付けない: 付けると、GitHub を経て戻ったポップアップと /admin/ の間の window.opener が切れる。
 */
export const signInHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': signInContentSecurityPolicy,
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Robots-Tag': 'noindex, nofollow',
};

type Page = {
  readonly status: number;
  readonly title: string;
  readonly paragraphs: readonly string[];
  /** Decap に送るもの（ログインの結果）。無ければスクリプトを入れない。 */
  readonly result?: {readonly message: string; readonly origin: string};
  readonly headers?: Readonly<Record<string, string | string[]>>;
};

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[char] ?? char,
  );

/** <script type="application/json"> の中に置ける JSON（</script> やコメントで閉じられない）。 */
const jsonInHtml = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

function html(page: Page): string {
  const data = page.result
    ? `<script type="application/json" id="decap-result">${jsonInHtml(page.result)}</script>\n<script>${handshakeScript}</script>\n`
    : '';
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(page.title)} | 電鬼 エディター</title>
<style>${pageStyle}</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
${page.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
<p><a href="${editorPath}">エディターに戻る</a></p>
</main>
${data}</body>
</html>
`;
}

function send(res: ServerResponse, page: Page): void {
  const body = Buffer.from(html(page));
  res.writeHead(page.status, {
    ...signInHeaders,
    ...page.headers,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(body.length),
  });
  res.end(body);
}

/** 断るページ。開いた窓がエディターなら、Decap のログインの画面にも同じ理由を出す。 */
function refusal(
  settings: SignInSettings,
  status: number,
  title: string,
  paragraphs: readonly string[],
  headers?: Page['headers'],
): Page {
  const reason = `${title}。${paragraphs.join('')}`;
  return {
    status,
    title,
    paragraphs,
    headers,
    result: {
      origin: settings.editorOrigin,
      message: `authorization:${provider}:error:${JSON.stringify({message: reason})}`,
    },
  };
}

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function stateCookieHeader(settings: SignInSettings, value: string, maxAge: number): string {
  const secure = settings.editorOrigin.startsWith('https:') ? '; Secure' : '';
  return `${stateCookie}=${value}; Path=/api; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

function sameState(expected: string | undefined, received: string | null): boolean {
  if (!expected || !received) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** GitHub が答えなかった・答えが壊れていた（画面には理由だけを出す）。 */
class GitHubUnavailable extends Error {
  constructor(
    readonly timedOut: boolean,
    detail: string,
  ) {
    super(detail);
  }
}

async function askGitHub(
  settings: SignInSettings,
  url: string,
  init: RequestInit,
): Promise<{status: number; body: Record<string, unknown>}> {
  try {
    const response = await fetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new GitHubUnavailable(false, `${url}: ${response.status}、JSON ではない答え`);
    }
    if (response.status >= 500) {
      throw new GitHubUnavailable(false, `${url}: ${response.status}`);
    }
    return {status: response.status, body: (body ?? {}) as Record<string, unknown>};
  } catch (error) {
    if (error instanceof GitHubUnavailable) throw error;
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new GitHubUnavailable(timedOut, `${url}: ${(error as Error).name}`);
  }
}

function apiHeaders(token: string): Record<string, string> {
  return {
    Accept: 'application/vnd.github+json',
    Authorization: `Bearer ${token}`,
    'User-Agent': 'denki-docs-editor-sign-in',
    'X-GitHub-Api-Version': '2022-11-28',
  };
}

/**
 * 換えたトークンを GitHub で取り消す（GitHub App の Client ID と Client secret の Basic 認証で
 * DELETE /applications/{client_id}/token）。取り消せなくても断る答えは変えない（記録だけ残す）。
 */
async function revokeToken(settings: SignInSettings, token: string): Promise<void> {
  const github = settings.github ?? gitHubEndpoints;
  const log = settings.log ?? console.error;
  const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
  try {
    const response = await fetch(
      `${github.apiRoot}/applications/${encodeURIComponent(settings.clientId)}/token`,
      {
        method: 'DELETE',
        redirect: 'error',
        signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
        headers: {
          Accept: 'application/vnd.github+json',
          Authorization: `Basic ${basic}`,
          'Content-Type': 'application/json',
          'User-Agent': 'denki-docs-editor-sign-in',
          'X-GitHub-Api-Version': '2022-11-28',
        },
        body: JSON.stringify({access_token: token}),
      },
    );
    await response.body?.cancel();
    if (response.status !== 204) log(`断ったトークンを取り消せませんでした: ${response.status}`);
  } catch (error) {
    log(`断ったトークンを取り消せませんでした: ${(error as Error).name}`);
  }
}

/**
 * ほかのサイトのページが /api/auth を開かせた（リンク、フォーム、ポップアップ）。ブラウザーが付ける
 * Sec-Fetch-Site が cross-site のときだけ断る（同じオリジンの Decap のポップアップは same-origin、アドレス欄に
 * 打ったときやブックマークは none。付けない古いブラウザーは通す）。
 */
function startedFromAnotherSite(req: IncomingMessage): boolean {
  return req.headers['sec-fetch-site'] === 'cross-site';
}

/** /api/auth: state を覚えて GitHub の承認の画面へ。 */
function startSignIn(settings: SignInSettings, res: ServerResponse): void {
  const github = settings.github ?? gitHubEndpoints;
  const state = randomBytes(32).toString('base64url');
  const authorize = new URL(github.authorizeUrl);
  authorize.search = new URLSearchParams({
    client_id: settings.clientId,
    redirect_uri: `${settings.editorOrigin}${signInCallbackPath}`,
    state,
    allow_signup: 'false',
  }).toString();
  const body = Buffer.from(`GitHub のログインの画面へ移ります: ${authorize.href}\n`);
  res.writeHead(302, {
    ...signInHeaders,
    Location: authorize.href,
    'Set-Cookie': stateCookieHeader(settings, state, stateMaxAgeSeconds),
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(body.length),
  });
  res.end(body);
}

const tryAgain = 'この窓を閉じて、エディターの「GitHub でログインする」をもう一度押してください。';
const waitAndTryAgain =
  'しばらく待ってから、この窓を閉じて、エディターの「GitHub でログインする」をもう一度押してください。';

/** /api/callback: state を確かめ、コードをトークンに換え、書き込めるアカウントだけにトークンを渡す。 */
async function finishSignIn(
  settings: SignInSettings,
  req: IncomingMessage,
  url: URL,
): Promise<Page> {
  const github = settings.github ?? gitHubEndpoints;
  const log = settings.log ?? console.error;
  // state は 1 度だけ使う。どの答えでも cookie を消す。
  const clear = {'Set-Cookie': stateCookieHeader(settings, '', 0)};
  const state = url.searchParams.get('state');
  if (!sameState(cookieValue(req, stateCookie), state)) {
    return refusal(
      settings,
      400,
      'ログインの手続きを確かめられませんでした',
      [
        `このページは、エディターの「GitHub でログインする」から始めて 10 分以内に開いたときだけ使えます（始めてから時間がたったか、別の画面や端末から開いたためです）。`,
        tryAgain,
      ],
      clear,
    );
  }
  // GitHub が付けた誤りの名前（ページに出すので短く切る。ページでは HTML として逃がす）。
  const error = url.searchParams.get('error')?.slice(0, 100) ?? null;
  if (error === 'access_denied') {
    return refusal(
      settings,
      403,
      'ログインを取りやめました',
      ['GitHub の画面で承認しなかったため、ログインしていません。', tryAgain],
      clear,
    );
  }
  const code = url.searchParams.get('code');
  if (error || !code) {
    log(`GitHub がログインを断りました: ${error ?? 'code がない'}`);
    return refusal(
      settings,
      502,
      'GitHub がログインを断りました',
      [`GitHub から「${error ?? 'コードがない'}」という答えが返りました。`, waitAndTryAgain],
      clear,
    );
  }

  try {
    const exchanged = await askGitHub(settings, github.tokenUrl, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': 'denki-docs-editor-sign-in',
      },
      body: new URLSearchParams({
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        code,
        redirect_uri: `${settings.editorOrigin}${signInCallbackPath}`,
      }).toString(),
    });
    const token = exchanged.body.access_token;
    if (exchanged.status !== 200 || typeof token !== 'string' || token === '') {
      const reason = String(exchanged.body.error ?? exchanged.status);
      log(`GitHub がコードをトークンに換えませんでした: ${reason}`);
      return refusal(
        settings,
        502,
        'GitHub がログインを断りました',
        [`GitHub から「${reason}」という答えが返りました。`, waitAndTryAgain],
        clear,
      );
    }

    // 切れないトークン（GitHub App の「Expire user authorization tokens」がオフ）は渡さない。端末に残ったトークンが
    // いつまでも使えてしまう。
    // GitHub は JSON では数で返す（フォームの形の答えでは文字列）。
    const expiresIn = Number(exchanged.body.expires_in ?? Number.NaN);
    if (!Number.isFinite(expiresIn) || expiresIn <= 0) {
      log(
        '期限の無いトークンを GitHub が渡したので断りました（GitHub App の「Expire user authorization tokens」）',
      );
      await revokeToken(settings, token);
      return refusal(
        settings,
        503,
        'ログインの設定に誤りがあります',
        [
          'GitHub が期限の無いトークンを渡したため、ログインを止めました（GitHub App の「Expire user authorization tokens」がオフになっています）。',
          'このトークンは取り消しました。事務局に、GitHub App の設定を直すよう知らせてください。',
        ],
        clear,
      );
    }

    const [user, repository] = await Promise.all([
      askGitHub(settings, `${github.apiRoot}/user`, {headers: apiHeaders(token)}),
      askGitHub(settings, `${github.apiRoot}/repos/${settings.repository}`, {
        headers: apiHeaders(token),
      }),
    ]);
    const login = typeof user.body.login === 'string' ? user.body.login : '';
    const permissions = repository.body.permissions as {push?: unknown} | undefined;
    if (user.status !== 200 || repository.status !== 200 || permissions?.push !== true) {
      log(`書き込めないアカウントのログインを断りました: ${login || user.status}`);
      // 渡さないトークンも、切れるまで使える。すぐ取り消す。
      await revokeToken(settings, token);
      const account = login ? `GitHub のアカウント「${login}」` : 'この GitHub のアカウント';
      return refusal(
        settings,
        403,
        'このアカウントでは記事を書けません',
        [
          `${account}には、サイトのリポジトリー（${settings.repository}）に書き込む権限がありません。`,
          'エディターで書くには、事務局に頼んで、このアカウントに書き込みの権限（Write）を付けてもらってください。',
          '別のアカウントで入るときは、GitHub からログアウトしてから、もう一度ログインしてください。',
        ],
        clear,
      );
    }

    return {
      status: 200,
      title: 'ログインしました',
      paragraphs: [
        'この窓は自動で閉じます。閉じないときは、この窓を閉じてエディターの画面に戻ってください。',
      ],
      headers: clear,
      result: {
        origin: settings.editorOrigin,
        message: `authorization:${provider}:success:${JSON.stringify({token, provider})}`,
      },
    };
  } catch (error) {
    if (!(error instanceof GitHubUnavailable)) throw error;
    log(`GitHub に問い合わせられませんでした: ${error.message}`);
    return error.timedOut
      ? refusal(
          settings,
          504,
          'GitHub から返事がありません',
          ['GitHub が決まった時間のうちに答えませんでした。', waitAndTryAgain],
          clear,
        )
      : refusal(
          settings,
          502,
          'GitHub から正しい返事がありませんでした',
          ['GitHub が一時的に使えないようです。', waitAndTryAgain],
          clear,
        );
  }
}

/**
 * 関数の入口。settings は要求ごとに作る（Secret Manager の値は、関数が動いている間にしか読めない）。
 * どの失敗も日本語のページで答え、スタックトレースは返さない（記録には残す）。
 */
export function signInHandler(
  settings: () => SignInSettings,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    let log: (message: string) => void = console.error;
    try {
      const current = settings();
      log = current.log ?? log;
      const url = new URL(req.url ?? '/', current.editorOrigin);
      const known = url.pathname === signInPath || url.pathname === signInCallbackPath;
      if (!known) {
        send(res, {
          status: 404,
          title: 'ページが見つかりません',
          paragraphs: [
            `このアドレスにはページがありません。エディターは ${editorPath} から開いてください。`,
          ],
        });
        return;
      }
      if (req.method !== 'GET') {
        send(res, {
          status: 405,
          title: 'このページはこの方法では開けません',
          paragraphs: [
            'ログインのページは、ブラウザーでリンクをたどって開くものです。エディターの「GitHub でログインする」から始めてください。',
          ],
          headers: {Allow: 'GET'},
        });
        return;
      }
      if (!current.clientId || !current.clientSecret) {
        log('GitHub App の Client ID か Client secret がありません（README の「デプロイ」）');
        send(res, {
          status: 503,
          title: 'エディターのログインは準備中です',
          paragraphs: [
            'GitHub でのログインの設定（GitHub App）がまだ済んでいません。事務局に知らせてください。',
          ],
        });
        return;
      }
      if (url.pathname === signInPath) {
        if (startedFromAnotherSite(req)) {
          log('ほかのサイトから始めたログインを断りました（Sec-Fetch-Site: cross-site）');
          send(res, {
            status: 403,
            title: 'ほかのサイトからはログインを始められません',
            paragraphs: [
              'エディターのログインは、エディターの画面の「GitHub でログインする」からだけ始められます。',
              'エディターを開いて、もう一度ログインしてください。',
            ],
          });
          return;
        }
        startSignIn(current, res);
        return;
      }
      send(res, await finishSignIn(current, req, url));
    } catch (error) {
      log(`ログインの処理が失敗しました: ${(error as Error).stack ?? String(error)}`);
      if (res.headersSent) {
        res.end();
        return;
      }
      send(res, {
        status: 500,
        title: 'ログインの途中で問題が起きました',
        paragraphs: [
          'しばらく待ってから、もう一度エディターの「GitHub でログインする」を押してください。続くときは事務局に知らせてください。',
        ],
      });
    }
  };
}
