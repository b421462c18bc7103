/**
 * 「公開」（Decap のプルリクエストのマージ）を見つける小さな部分（エディターと同時に読み込む）。fetch を包み、
 * PUT /pulls/{n}/merge が通ったら、知らせの本体（live-notice.ts。GitHub にたずねる処理と画面）を読み込んで
 * 追わせる。端末に追いかけの続きが残っているときも読み込む。記事を書くだけの人は、本体を読み込まない。
 */

import {liveStorageKey, type LiveSetup} from './setup';

const gitHubApi = 'https://api.github.com';

type PullRequest = {readonly number?: number; readonly head?: {readonly ref?: string}};

const requestUrl = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
const requestMethod = (input: RequestInfo | URL, init?: RequestInit): string =>
  (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();

const loadNotice = () => import('./live-notice');

function hasWatches(): boolean {
  try {
    return (localStorage.getItem(liveStorageKey) ?? '[]') !== '[]';
  } catch {
    return false;
  }
}

/** 公開を追い始める（エディターを開いたときに 1 度だけ呼ぶ）。 */
export function watchPublishing(setup: LiveSetup): void {
  const pulls = `${gitHubApi}/repos/${setup.repo}/pulls`;
  /** Decap が読んだプルリクエストの番号とブランチ（マージの答えにはブランチが無い）。 */
  const branches = new Map<number, string>();
  const remember = (body: unknown): void => {
    for (const pull of (Array.isArray(body) ? body : [body]) as PullRequest[]) {
      if (typeof pull?.number === 'number' && pull.head?.ref)
        branches.set(pull.number, pull.head.ref);
    }
  };
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = requestUrl(input).split('?')[0] ?? '';
    if (!url.startsWith(pulls) || !response.ok) return response;
    const method = requestMethod(input, init);
    const merge = /\/pulls\/(\d+)\/merge$/.exec(url);
    if (method === 'PUT' && merge) {
      const number = Number(merge[1]);
      response
        .clone()
        .json()
        .then(async (body: {readonly merged?: boolean; readonly sha?: string}) => {
          if (!body.merged || !body.sha) return;
          const {followMerge} = await loadNotice();
          await followMerge(setup, number, body.sha, branches.get(number));
        })
        .catch(() => undefined);
    } else if (method === 'GET' && /\/pulls(?:\/\d+)?$/.test(url)) {
      response
        .clone()
        .json()
        .then(remember, () => undefined);
    }
    return response;
  };
  if (hasWatches()) {
    loadNotice().then(
      ({startLiveNotice}) => startLiveNotice(setup),
      () => undefined,
    );
  }
}
