/**
 * 「サイトに出ました」（issue 66）: 「公開」（記事のプルリクエストのマージ）のあとも、main の CI とデプロイが済んで
 * 記事がサイトに出るまで、エディターがそれを追って知らせる。
 * - Decap のマージ（PUT /pulls/{n}/merge）が通ったら（watch-merges.ts が見つけてこのモジュールを読み込む）、
 *   そのコミットと記事（プルリクエストのブランチ cms/<コレクション>/<スラッグ>）を覚える。
 * - 記事ごとの追う状態は端末（localStorage）に置くので、タブを閉じても、次にエディターを開いたときに続きから追う。
 *   保存場所がいっぱいなら、日本語で知らせ、開いている間だけ追う。
 * - GitHub にはゆっくりたずねる（15 秒から 1.5 倍ずつ、最長 1 分おき。条件つきの要求（ETag）なので、変わらない
 *   答えは API の回数に数えられない）。出た・出せなかったら止め、つながっていない間と画面を見ていない間は休み、
 *   つながったら（画面に戻ったら）すぐ確かめる。
 * - 知らせは画面の下に重ねる（記事の画面でも一覧でも見える）。
 */
import {routes} from '../../../../src/constants/site';
import {reportPath} from '../../../events/shared';
import {blogCollectionName, eventsCollectionName} from '../../shared';
import {todayInJapan} from '../widgets/japanese-date';
import {actionsUrl, deployState, type DeployState, type GitHubGet} from './deploy-state';
import {liveStorageKey as storageKey, type LiveSetup} from './setup';
import './live-notice.css';

const gitHubApi = 'https://api.github.com';
const userKey = 'decap-cms-user';

/** 追っている 1 つの公開。 */
export type LiveWatch = {
  /** プルリクエストのブランチ（cms/blog/2026-11-27-shibuya-report）。 */
  readonly branch: string;
  /** 知らせに出す名前（「ブログ記事（2026-11-27-shibuya-report）」）。 */
  readonly label: string;
  /** サイトの上のアドレス。 */
  readonly url: string;
  /** 記事の日付（YYYY-MM-DD。公開予約を見分ける）。 */
  readonly date?: string;
  readonly mergeSha: string;
  readonly mergedAt: number;
  state: DeployState | {readonly phase: 'slow'};
};

const firstDelay = 15_000;
const maxDelay = 60_000;
/** これだけたっても出なければ、追うのをやめて担当者に知らせるよう伝える。 */
const giveUpAfter = 3 * 60 * 60_000;
/** 済んだ知らせを端末に残す長さ（閉じなくても、1 日で消える）。 */
const keepDoneFor = 24 * 60 * 60_000;

const done = (watch: LiveWatch): boolean =>
  watch.state.phase === 'live' || watch.state.phase === 'failed' || watch.state.phase === 'slow';

/** ブランチ（cms/<コレクション>/<スラッグ>[/index]）から、記事のサイトの上のアドレスと名前。 */
export function entryOf(
  branch: string,
  setup: LiveSetup,
): Pick<LiveWatch, 'label' | 'url' | 'date'> | null {
  const match = /^cms\/([^/]+)\/(.+?)(?:\/index)?$/.exec(branch);
  if (!match) return null;
  const [, collection = '', slug = ''] = match;
  const label = `${setup.collectionLabels[collection] ?? collection}（${slug}）`;
  if (collection === blogCollectionName) {
    const path = reportPath(slug);
    return {label, url: `${setup.siteUrl}${path ?? routes.blog}`, date: slug.slice(0, 10)};
  }
  if (collection === eventsCollectionName) {
    return {label, url: `${setup.siteUrl}${routes.eventExamples}#${slug}`};
  }
  return {label, url: `${setup.siteUrl}/`};
}

/** 「12月8日」 */
const monthDay = (date: string): string => {
  const [, month, day] = date.split('-').map(Number);
  return `${month}月${day}日`;
};

let watches: LiveWatch[] = [];
let storageProblem = false;

function load(): void {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? '[]') as unknown;
    watches = Array.isArray(stored) ? (stored as LiveWatch[]) : [];
  } catch {
    watches = [];
  }
  const now = Date.now();
  watches = watches.filter((watch) => !done(watch) || now - watch.mergedAt < keepDoneFor);
}

function save(): void {
  try {
    if (watches.length === 0) localStorage.removeItem(storageKey);
    else localStorage.setItem(storageKey, JSON.stringify(watches));
    storageProblem = false;
  } catch {
    storageProblem = true;
  }
}

function token(): string | null {
  try {
    const user = JSON.parse(localStorage.getItem(userKey) ?? 'null') as {token?: string} | null;
    return user?.token ?? null;
  } catch {
    return null;
  }
}

/** GitHub の API の GET。変わっていなければ GitHub は 304 を返し、ブラウザーが前の答えを使う。 */
const get: GitHubGet = async (path) => {
  const auth = token();
  if (!auth) throw new Error('ログインしていません');
  // つながっていない間は、途中の確かめも次の問い合わせを送らずにやめる（つながったら、はじめから確かめる）。
  if (!navigator.onLine) throw new Error('つながっていません');
  const response = await window.fetch(`${gitHubApi}${path}`, {
    headers: {authorization: `token ${auth}`, accept: 'application/vnd.github+json'},
    cache: 'no-cache',
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GitHub ${response.status}`);
  return response.json();
};

// ---- 画面 ----

let region: HTMLElement | null = null;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text) node.textContent = text;
  return node;
}

function link(href: string, text: string): HTMLAnchorElement {
  const anchor = element('a', 'denki-live__link', text);
  anchor.href = href;
  anchor.target = '_blank';
  anchor.rel = 'noopener noreferrer';
  return anchor;
}

/** 1 つの公開の知らせの中身（文とリンク）。 */
function describe(watch: LiveWatch): (HTMLElement | string)[] {
  const offline = !navigator.onLine ? ' いまはつながっていないので、つながったら確かめます。' : '';
  switch (watch.state.phase) {
    case 'checking':
      return [
        `公開しました。サイトに出す前の確認を待っています（テストが動いています）。ふつうは 15 分ほどかかります。このページを閉じてもかまいません。${offline}`,
      ];
    case 'deploying':
      return [`確認が済みました。サイトに出しています…${offline}`];
    case 'live':
      if (watch.date && watch.date > todayInJapan()) {
        return [
          `公開の準備が済みました。日付が先の記事なので、${monthDay(watch.date)}の 0 時 5 分ごろに、毎日の組み直しでサイトに出ます（公開予約）。アドレス: `,
          link(watch.url, watch.url),
        ];
      }
      return ['サイトに出ました。', link(watch.url, watch.url)];
    case 'failed':
      return [
        'サイトに出せませんでした。事務局の担当者（リポジトリーの持ち主）に知らせてください。記事は公開済みなので、書き直す必要はありません。',
        link(watch.state.runUrl, 'GitHub の記録を見る'),
      ];
    case 'slow':
      return [
        '3 時間たっても、まだサイトに出ていません。事務局の担当者（リポジトリーの持ち主）に知らせてください。',
        link(actionsUrl(setupRef?.repo ?? ''), 'GitHub の記録を見る'),
      ];
  }
}

function render(): void {
  if (watches.length === 0 && !storageProblem) {
    region?.remove();
    region = null;
    return;
  }
  if (!region) {
    region = element('section', 'denki-live');
    region.setAttribute('aria-label', 'サイトへの公開');
    region.id = 'denki-live';
    document.body.append(region);
  }
  const items = watches.map((watch) => {
    const item = element('div', `denki-live__item denki-live__item--${watch.state.phase}`);
    const title = element('p', 'denki-live__title', watch.label);
    const text = element('p', 'denki-live__text');
    text.setAttribute('role', 'status');
    text.append(...describe(watch));
    const close = element('button', 'denki-live__close', '閉じる');
    close.type = 'button';
    close.addEventListener('click', () => {
      watches = watches.filter((other) => other !== watch);
      save();
      render();
    });
    item.append(title, text, close);
    return item;
  });
  if (storageProblem) {
    const note = element(
      'p',
      'denki-live__problem',
      '端末の保存場所がいっぱいで、公開のようすを覚えておけません。このページを開いたままにすると、サイトに出るまで見届けます。',
    );
    note.setAttribute('role', 'alert');
    items.push(note);
  }
  region.replaceChildren(...items);
}

// ---- GitHub にたずねる ----

let setupRef: LiveSetup | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let delay = firstDelay;
let polling = false;

function schedule(after: number): void {
  clearTimeout(timer);
  if (!watches.some((watch) => !done(watch))) return;
  timer = setTimeout(() => void poll(), after);
}

async function poll(): Promise<void> {
  const setup = setupRef;
  if (!setup || polling) return;
  // つながっていない間と、画面を見ていない間は休む（online / visibilitychange で戻る）。
  if (!navigator.onLine || document.visibilityState === 'hidden' || !token()) {
    render();
    return;
  }
  polling = true;
  let failedToAsk = false;
  try {
    for (const watch of watches.filter((candidate) => !done(candidate))) {
      try {
        watch.state = await deployState(
          get,
          setup.repo,
          watch.mergeSha,
          watch.mergedAt,
          setup.branch,
        );
      } catch {
        failedToAsk = true;
      }
      if (!done(watch) && Date.now() - watch.mergedAt > giveUpAfter) watch.state = {phase: 'slow'};
    }
  } finally {
    polling = false;
  }
  save();
  render();
  delay = Math.min(delay * (failedToAsk ? 2 : 1.5), maxDelay);
  schedule(delay);
}

/** すぐ確かめ直す（つながった・画面に戻った）。 */
function resume(): void {
  delay = firstDelay;
  render();
  schedule(0);
}

// ---- 始める ----

/** マージ（Decap の「公開」）が通った: その記事を追い始める。branch はプルリクエストのブランチ（わからなければ null）。 */
export async function followMerge(
  setup: LiveSetup,
  number: number,
  mergeSha: string,
  knownBranch: string | undefined,
): Promise<void> {
  setupRef = setup;
  const pull = knownBranch
    ? null
    : ((await get(`/repos/${setup.repo}/pulls/${number}`)) as {
        readonly head?: {readonly ref?: string};
      } | null);
  const branch = knownBranch ?? pull?.head?.ref;
  const entry = branch ? entryOf(branch, setup) : null;
  if (!branch || !entry) return;
  listen();
  load();
  watches = [
    ...watches.filter((watch) => watch.branch !== branch),
    {branch, ...entry, mergeSha, mergedAt: Date.now(), state: {phase: 'checking'}},
  ];
  save();
  resume();
}

let listening = false;

/** つながった・画面に戻ったら、すぐ確かめる（1 度だけ登録する）。 */
function listen(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('online', resume);
  window.addEventListener('offline', render);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') resume();
  });
}

/** 端末に残っている追いかけの続きを始める。 */
export function startLiveNotice(setup: LiveSetup): void {
  setupRef = setup;
  listen();
  load();
  render();
  schedule(0);
}
