/**
 * 編集の流れ（editorial_workflow）の記事を、本物のエディターが GitHub で開いて公開するときの、GitHub の REST API の
 * 代わり（ブラウザーから api.github.com への要求に、Playwright の route で答える。インターネットには出ない）。
 * リポジトリーには、記事のブランチ（cms/blog/<スラッグ>）とそのプルリクエストが 1 つあり、main には記事が無い。
 * 答えるのは、Decap の GitHub のバックエンド（decap-cms-backend-github の API.js）が記事を開く・公開するときに
 * 尋ねるもの: アカウントと権限、プルリクエストの一覧、main との差分、ファイルの中身（blob）、main の木、head の
 * コミットの状態（commit status）、マージ。書き込み（POST / PATCH / PUT / DELETE）はすべて記録する。
 */
import type {BrowserContext} from '@playwright/test';
import {sourceRepository} from '../../../src/constants/site';

export const gitHubApi = 'https://api.github.com';
export const token = 'ghu_StandInTokenForTheEditorialWorkflow01';
export const login = 'office-writer';

/** main の先頭と、記事のブランチの先頭のコミット。 */
const mainSha = 'a'.repeat(40);
const headSha = 'b'.repeat(40);
const postBlobSha = 'c'.repeat(40);

export type Post = {
  /** 記事のフォルダーの名前（= Decap のスラッグ。2026-11-27-shibuya-report）。 */
  readonly slug: string;
  readonly title: string;
  readonly markdown: string;
};

/** 受けた書き込み（GET でない要求）。 */
export type Write = {readonly method: string; readonly path: string; readonly body: string};

/** head のコミットに付いた状態（GitHub の commit status）。 */
export type CommitStatus = {
  readonly context: string;
  readonly state: 'success' | 'pending' | 'failure' | 'error';
  readonly target_url: string;
};

export type GitHubStandIn = {
  /** head のコミットの状態（テストごとに変えてよい。要求ごとに読む）。 */
  statuses: CommitStatus[];
  /** マージ（PUT /pulls/{n}/merge）の答え。405 なら message を GitHub の理由として返す。 */
  merge: {readonly status: 200} | {readonly status: 405; readonly message: string};
  readonly writes: Write[];
  /** 受けた GET のパス（クエリを除く）。 */
  readonly reads: string[];
  /** 答えを持っていなかった要求（404 を返した。Decap が 404 を当てにしているものもある）。 */
  readonly unanswered: string[];
};

const base64 = (text: string): string => Buffer.from(text).toString('base64');

/** GitHub の API の答え（body が無ければ、GitHub と同じく本文も content-type も無い）。 */
export type Answer = {readonly status: number; readonly body?: unknown};

/** post の記事が「公開待ち」のプルリクエストになっているリポジトリー。 */
function answer(standIn: GitHubStandIn, post: Post, method: string, url: URL): Answer {
  const repo = `/repos/${sourceRepository.repo}`;
  const [owner = ''] = sourceRepository.repo.split('/');
  const branch = `cms/blog/${post.slug}`;
  const postPath = `blog/${post.slug}/index.md`;
  const pullRequest = {
    number: 7,
    state: 'open',
    title: post.title,
    updated_at: '2026-11-27T03:00:00Z',
    user: {login},
    labels: [{name: 'decap-cms/pending_publish'}],
    head: {ref: branch, sha: headSha, label: `${owner}:${branch}`},
    base: {ref: sourceRepository.branch, sha: mainSha},
  };
  const path = url.pathname;
  if (method === 'GET' && path === '/user') {
    return {status: 200, body: {login, id: 1, name: '事務局', avatar_url: '', type: 'User'}};
  }
  if (method === 'GET' && path === repo) {
    return {
      status: 200,
      body: {
        full_name: sourceRepository.repo,
        owner: {login: owner},
        default_branch: sourceRepository.branch,
        permissions: {admin: false, maintain: false, push: true, triage: true, pull: true},
      },
    };
  }
  if (method === 'GET' && path === `/users/${login}`)
    return {status: 200, body: {login, name: '事務局'}};
  if (method === 'GET' && path === `${repo}/pulls`) {
    const head = url.searchParams.get('head');
    const open = url.searchParams.get('state') !== 'closed';
    const matches = open && (!head || head === pullRequest.head.label);
    return {status: 200, body: matches ? [pullRequest] : []};
  }
  // main との差分（main の名前からでも、main の先頭のコミットからでも）。
  const compared = [sourceRepository.branch, mainSha].map(
    (from) => `${repo}/compare/${from}...${headSha}`,
  );
  if (method === 'GET' && compared.includes(path)) {
    return {
      status: 200,
      body: {
        merge_base_commit: {sha: mainSha},
        commits: [{sha: headSha, parents: [{sha: mainSha}]}],
        files: [
          {
            filename: postPath,
            status: 'added',
            sha: postBlobSha,
            patch: `@@ -0,0 +1 @@\n+${post.title}`,
          },
        ],
      },
    };
  }
  if (method === 'GET' && path === `${repo}/git/blobs/${postBlobSha}`) {
    return {
      status: 200,
      body: {sha: postBlobSha, encoding: 'base64', content: base64(post.markdown)},
    };
  }
  if (method === 'GET' && path === `${repo}/commits/${headSha}/status`) {
    return {
      status: 200,
      body: {sha: headSha, state: 'success', statuses: standIn.statuses},
    };
  }
  if (method === 'GET' && path === `${repo}/branches/${sourceRepository.branch}`) {
    return {
      status: 200,
      body: {name: sourceRepository.branch, commit: {sha: mainSha, commit: {tree: {sha: mainSha}}}},
    };
  }
  // main の blog/ には記事が無い（この記事はまだ公開していない）。
  if (method === 'GET' && path === `${repo}/git/trees/${sourceRepository.branch}:blog`) {
    return {status: 200, body: {sha: mainSha, tree: [], truncated: false}};
  }
  if (method === 'GET' && path === '/search/issues') return {status: 200, body: {items: []}};
  if (method === 'PUT' && path === `${repo}/pulls/${pullRequest.number}/merge`) {
    if (standIn.merge.status === 405) {
      return {
        status: 405,
        body: {
          message: standIn.merge.message,
          documentation_url: 'https://docs.github.com/rest/pulls/pulls#merge-a-pull-request',
          status: '405',
        },
      };
    }
    return {
      status: 200,
      body: {sha: 'd'.repeat(40), merged: true, message: 'Pull Request successfully merged'},
    };
  }
  // 書き込み（木・コミット・ブランチの付け替え）は、中身を作ったことにして答える。記録を見て、何を書いたかを確かめる。
  if (method === 'POST' && /^\/repos\/[^/]+\/[^/]+\/git\/(?:trees|commits|blobs)$/.test(path)) {
    return {status: 201, body: {sha: 'e'.repeat(40)}};
  }
  if (method === 'PATCH' && path.startsWith(`${repo}/git/refs/`)) {
    return {
      status: 200,
      body: {ref: path.slice(`${repo}/git/`.length), object: {sha: 'e'.repeat(40)}},
    };
  }
  if (method === 'DELETE' && path.startsWith(`${repo}/git/refs/`)) return {status: 204};
  return {status: 404, body: {message: 'Not Found'}};
}

type ApiHandlers = {
  readonly answer: (method: string, url: URL, body: string) => Answer;
  readonly onRead?: (path: string) => void;
  readonly onWrite?: (write: Write) => void;
  /** 答えの無かった（404 の）要求。 */
  readonly unanswered: string[];
};

/**
 * context のブラウザーから api.github.com への要求に answer で答える（エディターは別のオリジンから呼ぶので CORS を
 * 付け、プリフライトには 204）。正しいトークンの無い要求には 401 を返す。GitHub の代わり（この stand-in と
 * published-stand-in.ts）が共有する。
 */
export async function routeApi(context: BrowserContext, handlers: ApiHandlers): Promise<void> {
  await context.route(`${gitHubApi}/**`, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const method = request.method();
    const cors = {
      'access-control-allow-origin': request.headers().origin ?? '*',
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
    };
    if (method === 'OPTIONS') {
      await route.fulfill({status: 204, headers: cors});
      return;
    }
    const sent = request.postData() ?? '';
    if (method === 'GET') handlers.onRead?.(url.pathname);
    else handlers.onWrite?.({method, path: url.pathname, body: sent});
    const authorized = request.headers().authorization === `token ${token}`;
    const {status, body} = authorized
      ? handlers.answer(method, url, sent)
      : {status: 401, body: {message: 'Bad credentials'}};
    if (status === 404) handlers.unanswered.push(`${method} ${url.pathname}${url.search}`);
    await route.fulfill({
      status,
      headers:
        body === undefined ? cors : {...cors, 'content-type': 'application/json; charset=utf-8'},
      body: body === undefined ? '' : JSON.stringify(body),
    });
  });
}

/** 「公開待ち」の報告の記事（渋谷で遊んだ日）。編集の流れのスペックが開いて公開する。 */
export const pendingReport: Post = {
  slug: '2026-11-27-shibuya-report',
  title: '渋谷で遊んだ日の報告',
  markdown: [
    '---',
    'title: 渋谷で遊んだ日の報告',
    'authors: [matsuri]',
    'date: 2026-11-27',
    'description: 渋谷で電鬼を遊んだ日の記録です。',
    '---',
    '',
    '駅の周りを走りました。',
    '',
  ].join('\n'),
};

/**
 * context のブラウザーから api.github.com への要求に、post の記事が「公開待ち」のリポジトリーとして答える。
 * 正しいトークンの無い要求には 401 を返す。
 */
export async function routeGitHub(context: BrowserContext, post: Post): Promise<GitHubStandIn> {
  const standIn: GitHubStandIn = {
    statuses: [],
    merge: {status: 200},
    writes: [],
    reads: [],
    unanswered: [],
  };
  await routeApi(context, {
    answer: (method, url) => answer(standIn, post, method, url),
    onRead: (path) => standIn.reads.push(path),
    onWrite: (write) => standIn.writes.push(write),
    unanswered: standIn.unanswered,
  });
  return standIn;
}

/** Decap が端末に覚えるログイン（decap-cms-user）。ログインの画面を通らずに、このトークンで開く。 */
export async function signedIn(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ({user}) => {
      // 最初の about:blank には localStorage が無い。
      if (location.protocol === 'http:') localStorage.setItem('decap-cms-user', user);
    },
    {user: JSON.stringify({token, login, backendName: 'github'})},
  );
}
