/**
 * issue 65: 内容だけのプルリクエストの承認（scripts/approve-content.mts、.github/workflows/approve-content.yml）。
 * ワークフローと同じく npm を使わずに Node.js だけでスクリプトを動かし、GitHub の REST API の代わりのループバックの
 * 偽のサーバーに、プルリクエスト（変わったファイル、head の git の木）を答えさせる。承認（POST …/reviews）が
 * 付くのは、すべてのファイルが事務局の書く内容で、head が CI の試したコミットのままのときだけであることを確かめる。
 * ブラウザーを使わない。Node.js を 22 回起動し、ワーカーの時間の合計で約 17 秒（このマシンの負荷で）。
 */
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {runCommand, type Run} from '../support/run-command';

const script = path.resolve('scripts/approve-content.mts');
const repository = 'sandaime-RM/traffic-tag-docs';
const pullNumber = 7;
const tested = 'a'.repeat(40);
const later = 'b'.repeat(40);

type File = {filename: string; status: string; previous_filename?: string};
type TreeEntry = {path: string; mode: string; type: string};

/** 偽の GitHub が答えるプルリクエスト。 */
type PullRequestState = {
  files: File[];
  /** head のコミットの木（消したファイルは無い）。 */
  tree: TreeEntry[];
  /** n 回目（0 から）に読まれたときの head のコミット。 */
  headSha?: (read: number) => string;
  state?: string;
  headRepository?: string;
  baseRef?: string;
  changedFiles?: number;
  truncatedTree?: boolean;
};

type Recorded = {method: string; url: string; body?: unknown; authorization?: string};

const post = '2026-11-27-tag-day';
const blob = (file: string, mode = '100644'): TreeEntry => ({path: file, mode, type: 'blob'});
const modified = (filename: string): File => ({filename, status: 'modified'});
const added = (filename: string): File => ({filename, status: 'added'});

/** 変わったファイルを足し、木にも普通のファイルとして置いたプルリクエスト。 */
function pullRequest(files: File[], extra: Partial<PullRequestState> = {}): PullRequestState {
  const tree = files.filter((f) => f.status !== 'removed').map((f) => blob(f.filename));
  return {
    files,
    tree: [{path: 'blog', mode: '040000', type: 'tree'}, ...tree, blob('package.json')],
    ...extra,
  };
}

async function gitHubStandIn(
  pull: PullRequestState,
): Promise<{apiUrl: string; requests: Recorded[]; close: () => Promise<void>}> {
  const requests: Recorded[] = [];
  let pullReads = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      requests.push({
        method: request.method ?? '',
        url: `${url.pathname}${url.search}`,
        ...(body ? {body: JSON.parse(body) as unknown} : {}),
        authorization: request.headers.authorization,
      });
      const base = `/repos/${repository}`;
      const answer = (value: unknown, status = 200) => {
        response.statusCode = status;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(value));
      };
      if (request.method === 'GET' && url.pathname === `${base}/pulls/${pullNumber}`) {
        const sha = pull.headSha?.(pullReads) ?? tested;
        pullReads += 1;
        answer({
          state: pull.state ?? 'open',
          changed_files: pull.changedFiles ?? pull.files.length,
          head: {sha, repo: {full_name: pull.headRepository ?? repository}},
          base: {ref: pull.baseRef ?? 'main'},
        });
      } else if (request.method === 'GET' && url.pathname === `${base}/pulls/${pullNumber}/files`) {
        const perPage = Number(url.searchParams.get('per_page') ?? 30);
        const page = Number(url.searchParams.get('page') ?? 1);
        // GitHub と同じく、1 ページは多くて 100 件。
        const size = Math.min(perPage, 100);
        answer(pull.files.slice((page - 1) * size, page * size));
      } else if (request.method === 'GET' && url.pathname === `${base}/git/trees/${tested}`) {
        expect(url.searchParams.get('recursive')).toBe('1');
        answer({sha: tested, truncated: pull.truncatedTree ?? false, tree: pull.tree});
      } else if (
        request.method === 'POST' &&
        url.pathname === `${base}/pulls/${pullNumber}/reviews`
      ) {
        answer({id: 1, state: 'APPROVED'});
      } else {
        answer({message: 'Not Found'}, 404);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** ワークフローと同じ環境変数でスクリプトを動かす。承認の要求（POST）と出力を返す。 */
async function judge(
  pull: PullRequestState,
): Promise<{run: Run; approvals: Recorded[]; requests: Recorded[]}> {
  const github = await gitHubStandIn(pull);
  try {
    const run = await runCommand(process.execPath, [script], {
      env: {
        PATH: process.env.PATH,
        GITHUB_API_URL: github.apiUrl,
        GITHUB_REPOSITORY: repository,
        GITHUB_TOKEN: 'stand-in-token',
        PR_NUMBER: String(pullNumber),
        HEAD_SHA: tested,
      },
    });
    const approvals = github.requests.filter((r) => r.method === 'POST');
    return {run, approvals, requests: github.requests};
  } finally {
    await github.close();
  }
}

test('記事・写真・開催事例・お知らせと、記事の取り下げ（消したファイル）だけなら、CI の試したコミットに承認を付ける', async () => {
  const {run, approvals, requests} = await judge(
    pullRequest([
      added(`blog/${post}/index.md`),
      added(`blog/${post}/photo-1.jpg`),
      modified('src/data/events/2026-12.json'),
      modified('src/data/announcement.json'),
      {filename: 'blog/2026-01-10-old-post/index.md', status: 'removed'},
      {filename: 'blog/2026-01-10-old-post/photo-1.jpg', status: 'removed'},
    ]),
  );
  expect(run, run.output).toMatchObject({code: 0});
  expect(run.output).toContain('6 件のファイルはすべて事務局が書く内容です。承認しました。');
  expect(approvals).toHaveLength(1);
  expect(approvals[0].url).toBe(`/repos/${repository}/pulls/${pullNumber}/reviews`);
  expect(approvals[0].body).toMatchObject({commit_id: tested, event: 'APPROVE'});
  expect(approvals[0].authorization).toBe('Bearer stand-in-token');
  // 承認の直前に、head をもう一度読む。
  const reads = requests.map((r) => `${r.method} ${r.url.split('?')[0]}`);
  expect(reads.at(-2)).toBe(`GET /repos/${repository}/pulls/${pullNumber}`);
});

test('記事と package.json を変えるプルリクエストは承認せず、内容でないファイルを名前で出す', async () => {
  const {run, approvals} = await judge(
    pullRequest([added(`blog/${post}/index.md`), modified('package.json')]),
  );
  expect(run, run.output).toMatchObject({code: 0});
  expect(approvals).toEqual([]);
  expect(run.output).toContain('事務局が書く内容のほかのファイルがあるので承認しません');
  expect(run.output).toContain('- package.json: 事務局が書くファイルの一覧にありません');
  expect(run.output).not.toContain(`blog/${post}/index.md:`);
});

test('持ち主のいるファイルから記事の場所への名前の変更は、前の名前で断る', async () => {
  const {run, approvals} = await judge(
    pullRequest([
      {filename: `blog/${post}/index.md`, status: 'renamed', previous_filename: 'docs/intro.mdx'},
    ]),
  );
  expect(approvals).toEqual([]);
  expect(run.output).toContain('- docs/intro.mdx: 事務局が書くファイルの一覧にありません');
});

test('シンボリックリンクの写真、実行できるファイル、サブモジュール、木に無いファイルは断る', async () => {
  const photo = `blog/${post}/photo-1.jpg`;
  for (const [mode, type] of [
    ['120000', 'blob'],
    ['100755', 'blob'],
    ['160000', 'commit'],
  ] as const) {
    const pull = pullRequest([added(`blog/${post}/index.md`), added(photo)]);
    pull.tree = pull.tree.map((entry) =>
      entry.path === photo ? {path: photo, mode, type} : entry,
    );
    const {run, approvals} = await judge(pull);
    expect(approvals, mode).toEqual([]);
    expect(run.output).toContain(
      `- ${photo}: 普通のファイルではありません（git のモード ${mode}）`,
    );
  }
  const missing = pullRequest([added(`blog/${post}/index.md`)]);
  missing.tree = missing.tree.filter((entry) => !entry.path.endsWith('index.md'));
  const {run, approvals} = await judge(missing);
  expect(approvals).toEqual([]);
  expect(run.output).toContain(`- blog/${post}/index.md: head のコミットに見つからず`);
});

test('100 件を超えるファイルは、すべてのページを読んでから判定する（3 ページ目のコードでも断る）', async () => {
  const photos = Array.from({length: 229}, (_, i) => added(`blog/${post}/photo-${i + 1}.jpg`));
  const content = await judge(pullRequest([added(`blog/${post}/index.md`), ...photos]));
  expect(content.run, content.run.output).toMatchObject({code: 0});
  expect(content.approvals).toHaveLength(1);
  const pages = content.requests
    .filter((r) => r.url.includes('/files?'))
    .map((r) => new URL(r.url, 'http://x').searchParams.get('page'));
  expect(pages).toEqual(['1', '2', '3']);
  expect(content.run.output).toContain('230 件のファイル');

  const lastPageCode = await judge(
    pullRequest([added(`blog/${post}/index.md`), ...photos, modified('scripts/build.ts')]),
  );
  expect(lastPageCode.approvals).toEqual([]);
  expect(lastPageCode.run.output).toContain('- scripts/build.ts:');

  // 一覧がプルリクエストのファイルの数より少なければ（GitHub の上限を超えたなど）承認しない。
  const short = await judge(pullRequest([added(`blog/${post}/index.md`)], {changedFiles: 3001}));
  expect(short.approvals).toEqual([]);
  expect(short.run.output).toContain('変わったファイルの一覧が欠けています');
  // 木が大きすぎて欠けたときも、種類を確かめられないので承認しない。
  const truncated = await judge(
    pullRequest([added(`blog/${post}/index.md`)], {truncatedTree: true}),
  );
  expect(truncated.approvals).toEqual([]);
  expect(truncated.run.output).toContain('木が大きすぎて');
});

test('head が CI の試したコミットから進んでいれば、判定の前でも承認の直前でも、何もしない', async () => {
  const files = [added(`blog/${post}/index.md`)];
  const moved = await judge(pullRequest(files, {headSha: () => later}));
  expect(moved.run, moved.run.output).toMatchObject({code: 0});
  expect(moved.approvals).toEqual([]);
  expect(moved.run.output).toContain(
    `head が CI の試したコミット ${tested} から ${later} に進みました`,
  );
  // 進んだコミットのファイルは読まない。
  expect(moved.requests.filter((r) => r.url.includes('/files'))).toEqual([]);

  // 判定のあいだに進んだ（2 回目に読んだ head が違う）。
  const during = await judge(
    pullRequest(files, {headSha: (read) => (read === 0 ? tested : later)}),
  );
  expect(during.approvals).toEqual([]);
  expect(during.run.output).toContain('に進みました');
});

test('閉じたプルリクエスト、main 以外へのもの、フォークからのものは承認しない', async () => {
  const files = [added(`blog/${post}/index.md`)];
  for (const [extra, reason] of [
    [{state: 'closed'}, 'プルリクエストが閉じています'],
    [{baseRef: 'release'}, '取り込む先が main ではありません'],
    [
      {headRepository: 'someone/fork'},
      'このリポジトリーのブランチからのプルリクエストではありません',
    ],
  ] as const) {
    const {run, approvals} = await judge(pullRequest(files, extra));
    expect(approvals, reason).toEqual([]);
    expect(run.output).toContain(reason);
  }
});
