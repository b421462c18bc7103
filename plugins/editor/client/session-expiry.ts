/**
 * ログインの期限切れ（issue 52）: GitHub App のユーザーのアクセストークンは 8 時間で切れ、切れたトークンで GitHub の
 * API を呼ぶと 401（Bad credentials）が返る。Decap はそれを見分けず、保存の失敗として英語まじりに知らせるだけなので、
 * fetch を包んで api.github.com の 401 を見つけ、日本語で知らせて、その場でもう一度ログインさせる（Decap と同じ
 * ポップアップの手順で /api/auth を開く）。新しいトークンは、このあとの GitHub の API の呼び出しの Authorization に
 * 差し替え（Decap は最初のトークンを覚えたまま）、localStorage の decap-cms-user にも書く（読み込み直しても使える）。
 * 書いている記事は画面から消えず、端末の控え（Decap の local backup）にも残る。
 */
import './session-expiry.css';

const gitHubApi = 'https://api.github.com/';
/** Decap がログインしたアカウントとトークンを置く localStorage のキー。 */
export const userKey = 'decap-cms-user';
const provider = 'github';

export type SignInAgain = {
  /** ログインを始める URL（Decap の base_url と auth_endpoint）。 */
  readonly authUrl: string;
  /** トークンを送ってくるオリジン（エディターのサイト自身）。 */
  readonly origin: string;
};

const requestUrl = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** Decap の NetlifyAuthenticator と同じ手順: 'authorizing:github' に返事をし、結果の 1 通を待つ。 */
export function signInThroughPopup({authUrl, origin}: SignInAgain): Promise<string> {
  return new Promise((resolve, reject) => {
    const popup = window.open(authUrl, 'Netlify Authorization', 'width=960,height=600');
    if (!popup) {
      reject(
        new Error(
          'ログインの窓を開けませんでした。ブラウザーでこのサイトのポップアップを許してから、もう一度押してください。',
        ),
      );
      return;
    }
    const onMessage = (event: MessageEvent): void => {
      if (event.origin !== origin || event.source !== popup || typeof event.data !== 'string')
        return;
      if (event.data === `authorizing:${provider}`) {
        popup.postMessage(event.data, origin);
        return;
      }
      const result = new RegExp(`^authorization:${provider}:(success|error):(.+)$`, 's').exec(
        event.data,
      );
      if (!result) return;
      window.removeEventListener('message', onMessage);
      popup.close();
      const body = JSON.parse(result[2] ?? '{}') as {token?: string; message?: string};
      if (result[1] === 'success' && body.token) resolve(body.token);
      else reject(new Error(body.message ?? 'ログインできませんでした。'));
    };
    window.addEventListener('message', onMessage);
  });
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

/** 期限切れの知らせ（画面の上に重ねる。押すまで閉じない）。 */
function showExpired(signIn: () => Promise<void>): void {
  if (document.getElementById('denki-session-expired')) return;
  const overlay = element('div', {id: 'denki-session-expired', class: 'denki-session'});
  const dialog = element('div', {
    role: 'alertdialog',
    'aria-modal': 'true',
    'aria-labelledby': 'denki-session-title',
    'aria-describedby': 'denki-session-text',
    class: 'denki-session__dialog',
  });
  const title = element(
    'h2',
    {id: 'denki-session-title', class: 'denki-session__title'},
    'ログインの期限が切れました',
  );
  const text = element(
    'p',
    {id: 'denki-session-text'},
    'GitHub のログインは、安全のため 8 時間で切れます。書いている記事はこの画面と端末の控えに残っていて、消えていません。',
  );
  const next = element(
    'p',
    {},
    '「もう一度ログインする」を押して GitHub で承認してから、もう一度「保存」などを押してください。',
  );
  const problem = element('p', {role: 'alert', class: 'denki-session__problem'});
  const button = element('button', {type: 'button', class: 'denki-session__button'});
  button.textContent = 'もう一度ログインする';
  button.addEventListener('click', () => {
    button.disabled = true;
    problem.textContent = '';
    signIn().then(
      () => {
        title.textContent = 'ログインし直しました';
        text.textContent = '続けて書けます。もう一度「保存」などを押してください。';
        next.remove();
        button.textContent = '閉じる';
        button.disabled = false;
        button.onclick = () => overlay.remove();
        button.focus();
      },
      (error: unknown) => {
        problem.textContent = (error as Error).message;
        button.disabled = false;
      },
    );
  });
  dialog.append(title, text, next, problem, button);
  overlay.append(dialog);
  document.body.append(overlay);
  button.focus();
}

/**
 * 新しいトークンを、Decap が覚えているアカウント（localStorage）に書く。Decap が開くときに切れたトークンで
 * 断られて、もうログアウトしていたら（覚えているアカウントが無い）、トークンだけを置いて読み込み直す: Decap は
 * 置いたトークンでアカウントを確かめ直して開く（書きかけの記事は、開き直すと控えから戻せる）。
 */
function storeToken(token: string): 'in-place' | 'reload' {
  const stored = localStorage.getItem(userKey);
  let user: object | null;
  try {
    user = stored ? (JSON.parse(stored) as object) : null;
  } catch {
    user = null;
  }
  localStorage.setItem(userKey, JSON.stringify({...(user ?? {backendName: provider}), token}));
  return user ? 'in-place' : 'reload';
}

/** fetch を包む。GitHub の API の 401 で知らせ、ログインし直したら、そのトークンで呼ぶ。 */
export function watchSessionExpiry(signInAgain: SignInAgain): void {
  const original = window.fetch.bind(window);
  let freshToken: string | null = null;
  window.fetch = async (input, init) => {
    if (!requestUrl(input).startsWith(gitHubApi)) return original(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}));
    const signedIn = headers.has('authorization');
    if (signedIn && freshToken) headers.set('authorization', `token ${freshToken}`);
    const response = await original(input, {...init, headers});
    if (response.status === 401 && signedIn) {
      showExpired(async () => {
        freshToken = await signInThroughPopup(signInAgain);
        if (storeToken(freshToken) === 'reload') window.location.reload();
      });
    }
    return response;
  };
}
