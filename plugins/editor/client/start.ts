/**
 * エディター（/admin/）の入口（issue 61）。事務局の人が最初に見る画面を、Decap を読み込む前に出す: index.html の
 * ログインの画面（bundle.ts が書く）に、ここでボタンを付ける。Decap（admin.tsx とその先、入口の何倍もある）は、
 * ログインを始めたとき（GitHub の承認の窓を開いているあいだに）か、ログインしたままなら、すぐに読み込む。
 * 済ませたログインは Decap のログインの画面に渡し（sign-in/handover.ts）、Decap が自分のボタンを押したときと同じく
 * アカウントを確かめて開く。Decap の画面が出ると、この画面は隠れる（sign-in/sign-in.css）。
 */
import {signInScreenIds, type EditorSetup} from '../shared';
import {hasLocalBackend} from './local-backend';
import {signInThroughPopup, userKey, watchSessionExpiry} from './session-expiry';
import {handOverSignIn} from './sign-in/handover';
import './sign-in/sign-in.css';

declare const __DENKI_EDITOR__: EditorSetup;
const {backend} = __DENKI_EDITOR__.config;

// GitHub App のトークンは 8 時間で切れる。切れたら日本語で知らせ、その場でログインし直させる。
const authBase = String(backend.base_url);
const signInAgain = {
  authUrl: `${authBase}/${String(backend.auth_endpoint)}?provider=github&site_id=${window.location.hostname}`,
  origin: authBase,
};
watchSessionExpiry(signInAgain);

const byId = (id: string): HTMLElement => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`エディターの index.html に #${id} がありません`);
  return element;
};
const status = byId(signInScreenIds.status);
const button = byId(signInScreenIds.button) as HTMLButtonElement;
const problem = byId(signInScreenIds.problem);

const loadFailed =
  'エディターを読み込めませんでした。つながりを確かめてから、ページを読み込み直してください。';

type Decap = {readonly startEditor: () => void};

/** Decap を読み込む（何度呼んでも 1 度だけ）。 */
let decap: Promise<Decap> | null = null;
const loadDecap = (): Promise<Decap> => (decap ??= import('./admin'));

let opened = false;

/** Decap を開く（1 度だけ。承認の窓を 2 度開いて 2 通届いても）。読み込めなければ、この画面で知らせる。 */
function openEditor(message: string): void {
  if (opened) return;
  opened = true;
  status.textContent = message;
  loadDecap().then(
    ({startEditor}) => startEditor(),
    () => {
      opened = false;
      decap = null;
      status.textContent = '';
      problem.textContent = loadFailed;
      button.disabled = false;
    },
  );
}

function signedIn(): boolean {
  try {
    return localStorage.getItem(userKey) !== null;
  } catch {
    return false;
  }
}

async function showSignIn(): Promise<void> {
  // 手元の decap-server があれば（npm run editor とテスト）、Decap はそれを使い、ボタンは「ログイン」だけになる。
  const local = await hasLocalBackend(window.location);
  button.textContent = local ? 'ログイン' : 'GitHub でログインする';
  status.textContent = '';
  button.hidden = false;
  button.disabled = false;
  button.addEventListener('click', () => {
    problem.textContent = '';
    if (local) {
      button.disabled = true;
      handOverSignIn({});
      openEditor('ログインしています…');
      return;
    }
    // 承認の窓は、押したその場で開く（ポップアップを止められないように）。承認のあいだに Decap を読み込む。
    const approved = signInThroughPopup(signInAgain);
    status.textContent = 'GitHub の窓で承認してください…';
    loadDecap().catch(() => undefined);
    approved.then(
      (token) => {
        button.disabled = true;
        handOverSignIn({token, provider: 'github'});
        openEditor('ログインしています…');
      },
      (error: unknown) => {
        status.textContent = '';
        problem.textContent = error instanceof Error ? error.message : String(error);
      },
    );
  });
}

if (signedIn()) openEditor('記事の一覧を読み込んでいます…');
else void showSignIn();
