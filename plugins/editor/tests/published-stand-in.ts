/**
 * 公開済みの記事のあるリポジトリーとして答える、GitHub の REST API の代わり（issue 66。ブラウザーから
 * api.github.com への要求に Playwright の route で答え、インターネットには出ない）。github-stand-in.ts と違い、
 * 中身を持つ: blob・木・コミット・ブランチ・プルリクエスト・ラベル・比較・マージを、Decap の GitHub のバックエンド
 * （decap-cms-backend-github の API.js）が送るとおりに作り、読み返せる。書き込み（GET でない要求）はすべて記録する。
 * main へのマージは、プルリクエストの head の木を main にする（テストのリポジトリーでは main は動かない）。
 */
import {createHash} from 'node:crypto';
import type {BrowserContext} from '@playwright/test';
import {sourceRepository} from '../../../src/constants/site';
import {login, routeApi, type Answer, type Write} from './github-stand-in';

export type {Write} from './github-stand-in';

type Commit = {
  readonly sha: string;
  readonly tree: string;
  readonly parents: readonly string[];
  readonly message: string;
};

type PullRequest = {
  readonly number: number;
  readonly branch: string;
  readonly title: string;
  state: 'open' | 'closed';
  merged: boolean;
  labels: string[];
};

/** 木: パス → blob の SHA。 */
type Tree = ReadonlyMap<string, string>;

export type PublishedRepo = {
  readonly writes: Write[];
  /** 答えを持っていなかった要求（404 を返した。Decap が 404 を当てにしているものもある）。 */
  readonly unanswered: string[];
  /** ブランチの先頭の木（パス → 中身）。ブランチが無ければ undefined。 */
  files(branch: string): Map<string, Buffer> | undefined;
  readonly pulls: readonly PullRequest[];
  /** main の先頭のコミット（最初のもの。main は、マージのほかでは動かない）。 */
  readonly initialMain: string;
  mainHead(): string;
};

const gitSha = (kind: string, content: Buffer): string =>
  createHash('sha1')
    .update(Buffer.concat([Buffer.from(`${kind} ${content.length}\0`), content]))
    .digest('hex');

const textFile = /\.(?:md|json|ya?ml|txt)$/;

/** main に files（パス → 中身）がある、プルリクエストの無いリポジトリー。 */
export async function routePublishedRepo(
  context: BrowserContext,
  initial: ReadonlyMap<string, Buffer>,
): Promise<PublishedRepo> {
  const blobs = new Map<string, Buffer>();
  const trees = new Map<string, Tree>();
  const commits = new Map<string, Commit>();
  const refs = new Map<string, string>();
  const pulls: PullRequest[] = [];
  const writes: Write[] = [];
  const unanswered: string[] = [];
  let counter = 0;

  const putBlob = (content: Buffer): string => {
    const sha = gitSha('blob', content);
    blobs.set(sha, content);
    return sha;
  };
  const putTree = (tree: Tree): string => {
    const sha = gitSha('tree', Buffer.from(JSON.stringify([...tree].sort())));
    trees.set(sha, tree);
    return sha;
  };
  const putCommit = (tree: string, parents: readonly string[], message: string): Commit => {
    counter += 1;
    const sha = gitSha('commit', Buffer.from(`${tree} ${parents.join(' ')} ${message} ${counter}`));
    const commit = {sha, tree, parents, message};
    commits.set(sha, commit);
    return commit;
  };
  const initialTree = new Map<string, string>();
  for (const [path, content] of initial) initialTree.set(path, putBlob(content));
  const initialMain = putCommit(putTree(initialTree), [], '最初のコミット').sha;
  refs.set(sourceRepository.branch, initialMain);

  const [owner = ''] = sourceRepository.repo.split('/');
  const repo = `/repos/${sourceRepository.repo}`;

  /** ブランチの名前、owner:ブランチ、コミットの SHA のどれかから、コミット。 */
  const commitOf = (ref: string): Commit | undefined => {
    const name = ref.startsWith(`${owner}:`) ? ref.slice(owner.length + 1) : ref;
    const sha = refs.get(name) ?? name;
    return commits.get(sha);
  };
  const treeOf = (ref: string): Tree | undefined => {
    const commit = commitOf(ref);
    return commit ? trees.get(commit.tree) : trees.get(ref);
  };

  const pullBody = (pull: PullRequest) => {
    const head = refs.get(pull.branch) ?? '';
    return {
      number: pull.number,
      state: pull.state,
      merged: pull.merged,
      title: pull.title,
      updated_at: '2026-12-07T03:00:00Z',
      user: {login},
      labels: pull.labels.map((name) => ({name})),
      head: {ref: pull.branch, sha: head, label: `${owner}:${pull.branch}`},
      base: {ref: sourceRepository.branch, sha: refs.get(sourceRepository.branch)},
    };
  };

  const json = (request: string): Record<string, unknown> =>
    request ? (JSON.parse(request) as Record<string, unknown>) : {};

  function answer(method: string, url: URL, body: string): Answer {
    const path = url.pathname;
    if (method === 'GET' && path === '/user') {
      return {status: 200, body: {login, id: 1, name: '事務局', avatar_url: '', type: 'User'}};
    }
    if (method === 'GET' && path === `/users/${login}`) {
      return {status: 200, body: {login, name: '事務局'}};
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
    if (method === 'GET' && path === '/search/issues') return {status: 200, body: {items: []}};
    if (!path.startsWith(`${repo}/`)) return {status: 404, body: {message: 'Not Found'}};
    const rest = decodeURIComponent(path.slice(repo.length + 1));

    if (method === 'GET' && rest.startsWith('branches/')) {
      const name = rest.slice('branches/'.length);
      const commit = commitOf(name);
      if (!refs.has(name) || !commit) return {status: 404, body: {message: 'Branch not found'}};
      return {
        status: 200,
        body: {name, commit: {sha: commit.sha, commit: {tree: {sha: commit.tree}}}},
      };
    }
    if (method === 'GET' && rest.startsWith('git/trees/')) {
      const spec = rest.slice('git/trees/'.length);
      const [ref = '', folder = ''] = spec.includes(':') ? spec.split(':') : [spec, ''];
      const tree = treeOf(ref);
      if (!tree) return {status: 404, body: {message: 'Not Found'}};
      const prefix = folder ? `${folder.replace(/\/$/, '')}/` : '';
      const recursive = url.searchParams.has('recursive');
      const entries = new Map<string, {path: string; type: string; sha: string; size: number}>();
      for (const [file, sha] of tree) {
        if (!file.startsWith(prefix)) continue;
        const relative = file.slice(prefix.length);
        const [first = '', ...deeper] = relative.split('/');
        if (deeper.length === 0 || recursive) {
          entries.set(relative, {
            path: relative,
            type: 'blob',
            sha,
            size: blobs.get(sha)?.length ?? 0,
          });
        }
        if (deeper.length > 0) entries.set(first, {path: first, type: 'tree', sha: first, size: 0});
      }
      if (entries.size === 0) return {status: 404, body: {message: 'Not Found'}};
      return {
        status: 200,
        body: {
          sha: 'f'.repeat(40),
          tree: [...entries.values()].map((e) => ({...e, mode: '100644'})),
          truncated: false,
        },
      };
    }
    if (method === 'GET' && rest.startsWith('git/blobs/')) {
      const sha = rest.slice('git/blobs/'.length);
      const content = blobs.get(sha);
      if (!content) return {status: 404, body: {message: 'Not Found'}};
      return {
        status: 200,
        body: {sha, size: content.length, encoding: 'base64', content: content.toString('base64')},
      };
    }
    if (method === 'POST' && rest === 'git/blobs') {
      const request = json(body);
      const content = Buffer.from(
        String(request.content),
        request.encoding === 'base64' ? 'base64' : 'utf8',
      );
      return {status: 201, body: {sha: putBlob(content)}};
    }
    if (method === 'POST' && rest === 'git/trees') {
      const request = json(body) as {
        base_tree?: string;
        tree: {path: string; sha: string | null}[];
      };
      const tree = new Map(request.base_tree ? (treeOf(request.base_tree) ?? []) : []);
      for (const item of request.tree) {
        if (item.sha === null) tree.delete(item.path);
        else tree.set(item.path, item.sha);
      }
      return {status: 201, body: {sha: putTree(tree)}};
    }
    if (method === 'POST' && rest === 'git/commits') {
      const request = json(body) as {message: string; tree: string; parents: string[]};
      const commit = putCommit(request.tree, request.parents, request.message);
      return {
        status: 201,
        body: {
          sha: commit.sha,
          tree: {sha: commit.tree},
          parents: commit.parents.map((sha) => ({sha})),
        },
      };
    }
    if (method === 'POST' && rest === 'git/refs') {
      const request = json(body) as {ref: string; sha: string};
      const name = request.ref.replace(/^refs\/heads\//, '');
      if (refs.has(name)) return {status: 422, body: {message: 'Reference already exists'}};
      refs.set(name, request.sha);
      return {status: 201, body: {ref: request.ref, object: {sha: request.sha}}};
    }
    if (method === 'PATCH' && rest.startsWith('git/refs/heads/')) {
      const name = rest.slice('git/refs/heads/'.length);
      refs.set(name, String(json(body).sha));
      return {status: 200, body: {ref: `refs/heads/${name}`, object: {sha: refs.get(name)}}};
    }
    if (method === 'DELETE' && rest.startsWith('git/refs/heads/')) {
      refs.delete(rest.slice('git/refs/heads/'.length));
      return {status: 204};
    }
    if (method === 'GET' && rest === 'pulls') {
      const head = url.searchParams.get('head');
      const state = url.searchParams.get('state') ?? 'open';
      const matching = pulls.filter(
        (pull) =>
          (state === 'all' || pull.state === state) &&
          (!head || head === `${owner}:${pull.branch}`),
      );
      return {status: 200, body: matching.map(pullBody)};
    }
    if (method === 'POST' && rest === 'pulls') {
      const request = json(body) as {title: string; head: string};
      const pull: PullRequest = {
        number: pulls.length + 7,
        branch: request.head.replace(`${owner}:`, ''),
        title: request.title,
        state: 'open',
        merged: false,
        labels: [],
      };
      pulls.push(pull);
      return {status: 201, body: pullBody(pull)};
    }
    const labelsPath = /^issues\/(\d+)\/labels$/.exec(rest);
    if (method === 'PUT' && labelsPath) {
      const pull = pulls.find((p) => p.number === Number(labelsPath[1]));
      if (!pull) return {status: 404, body: {message: 'Not Found'}};
      pull.labels = (json(body) as {labels: string[]}).labels;
      return {status: 200, body: pull.labels.map((name) => ({name}))};
    }
    const pullPath = /^pulls\/(\d+)(\/merge|\/commits)?$/.exec(rest);
    const pull = pullPath && pulls.find((p) => p.number === Number(pullPath[1]));
    if (pullPath && !pull) return {status: 404, body: {message: 'Not Found'}};
    if (pull && method === 'PUT' && pullPath?.[2] === '/merge') {
      const head = commitOf(pull.branch);
      if (!head) return {status: 404, body: {message: 'Not Found'}};
      const merge = putCommit(
        head.tree,
        [refs.get(sourceRepository.branch) ?? '', head.sha],
        'マージ',
      );
      refs.set(sourceRepository.branch, merge.sha);
      pull.state = 'closed';
      pull.merged = true;
      return {status: 200, body: {sha: merge.sha, merged: true, message: 'Pull Request merged'}};
    }
    if (pull && method === 'PATCH' && !pullPath?.[2]) {
      pull.state = json(body).state === 'closed' ? 'closed' : 'open';
      return {status: 200, body: pullBody(pull)};
    }
    if (pull && method === 'GET' && pullPath?.[2] === '/commits') {
      const head = commitOf(pull.branch);
      return {
        status: 200,
        body: head
          ? [
              {
                sha: head.sha,
                commit: {message: head.message, tree: {sha: head.tree}},
                parents: head.parents.map((sha) => ({sha})),
              },
            ]
          : [],
      };
    }
    const compare = /^compare\/(.+)\.\.\.(.+)$/.exec(rest);
    if (method === 'GET' && compare) {
      const base = commitOf(compare[1] ?? '');
      const head = commitOf(compare[2] ?? '');
      if (!base || !head) return {status: 404, body: {message: 'Not Found'}};
      const before = trees.get(base.tree) ?? new Map<string, string>();
      const after = trees.get(head.tree) ?? new Map<string, string>();
      const files = [...new Set([...before.keys(), ...after.keys()])].sort().flatMap((file) => {
        const old = before.get(file);
        const now = after.get(file);
        if (old === now) return [];
        const status = !old ? 'added' : !now ? 'removed' : 'modified';
        return [
          {
            filename: file,
            status,
            // GitHub は消したファイルにも SHA を返すが、エディターはそれを使わない（main から読む）。
            sha: now ?? '0'.repeat(40),
            ...(textFile.test(file) ? {patch: `@@ ${status} @@`} : {}),
          },
        ];
      });
      return {
        status: 200,
        body: {
          merge_base_commit: {sha: base.sha},
          commits: [{sha: head.sha, commit: {message: head.message}, parents: []}],
          files,
        },
      };
    }
    if (method === 'GET' && /^commits\/[^/]+\/status$/.test(rest)) {
      return {status: 200, body: {state: 'success', statuses: []}};
    }
    if (method === 'GET' && rest === 'commits') return {status: 200, body: []};
    return {status: 404, body: {message: 'Not Found'}};
  }

  await routeApi(context, {answer, onWrite: (write) => writes.push(write), unanswered});

  return {
    writes,
    unanswered,
    pulls,
    initialMain,
    mainHead: () => refs.get(sourceRepository.branch) ?? '',
    files(branch) {
      const tree = treeOf(branch);
      if (!refs.has(branch) || !tree) return undefined;
      return new Map([...tree].map(([file, sha]) => [file, blobs.get(sha) ?? Buffer.alloc(0)]));
    },
  };
}
