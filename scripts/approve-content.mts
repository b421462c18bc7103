/**
 * 内容だけのプルリクエストの承認（issue 65）。main の .github/workflows/approve-content.yml が、プルリクエストの
 * CI が成功したあと（workflow_run）に、main の取り出しで動かす。プルリクエストのコードは取り出しも実行もしない。
 *
 *   node scripts/approve-content.mts   （環境変数 GITHUB_REPOSITORY、PR_NUMBER、HEAD_SHA、GITHUB_TOKEN）
 *
 * 1. プルリクエストを読み、今の head が CI の試したコミット（HEAD_SHA）で、まだ開いていて、main に向いていて、
 *    このリポジトリーのブランチからのものであることを確かめる。違えば何もしない（あとのコミットには、その CI の
 *    あとで改めて判定する。承認はプッシュのたびに消える）。
 * 2. 変わったファイルの一覧（100 件ずつ、すべてのページ）と、head のコミットでの git のモード（git の木）を読む。
 * 3. lib/content-allowlist.mts の classifyChange で判定する。名前を変えたファイルは前の名前も、消したファイル
 *    （記事の取り下げ）は名前だけを見る。リンク（120000）、サブモジュール（160000）、実行できるファイル（100755）は
 *    内容ではない。モードの分からないファイルがあれば承認しない。
 * 4. すべてが内容なら、もう一度 head を確かめてから、そのコミット（commit_id）に承認（APPROVE）を付ける。
 *
 * 承認するのは github-actions[bot] で、コードの持ち主ではない。ルールセットの「1 つの承認」は満たすが、持ち主の
 * 承認は満たさないので、持ち主のいるファイル（コード）を含むプルリクエストは、この承認があっても取り込めない。
 * GitHub への呼び出しは GitHubApi を通す（テストは偽の GitHub に向ける: GITHUB_API_URL）。npm のパッケージを
 * 使わないので、npm ci をせずに Node.js 24（型を外して動かす）だけで動く。
 */
import {classifyChange, type ChangedFile} from '../lib/content-allowlist.mts';

/** GitHub の REST API を 1 回呼び、JSON の答えを返す（2xx でなければ投げる）。 */
export type GitHubApi = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>;

export type ApproveRequest = {
  /** owner/name */
  readonly repository: string;
  readonly pullNumber: number;
  /** CI が試したコミット（workflow_run の head_sha）。 */
  readonly headSha: string;
  /** 取り込む先のブランチ（既定のブランチ）。 */
  readonly baseBranch: string;
};

export type ApproveOutcome =
  | {readonly action: 'approved'; readonly files: number}
  | {readonly action: 'skipped'; readonly reason: string}
  | {readonly action: 'not-content'; readonly outside: readonly {path: string; reason: string}[]};

type PullRequest = {
  state: string;
  changed_files: number;
  head: {sha: string; repo: {full_name: string} | null};
  base: {ref: string};
};

type PullRequestFile = {filename: string; status: string; previous_filename?: string};

type GitTree = {truncated: boolean; tree: {path: string; mode: string; type: string}[]};

/** GitHub が 1 ページに返すファイルの数の上限。 */
const perPage = 100;
/** プルリクエストのファイルの一覧で GitHub が返す数の上限（それより多ければ一覧が欠ける）。 */
const listedFilesLimit = 3000;

const shaPattern = /^[0-9a-f]{40}$/;

async function readPullRequest(api: GitHubApi, request: ApproveRequest): Promise<PullRequest> {
  return (await api(
    'GET',
    `/repos/${request.repository}/pulls/${request.pullNumber}`,
  )) as PullRequest;
}

/** 今のプルリクエストが、承認してよい状態か。だめなら理由。 */
function headProblem(pull: PullRequest, request: ApproveRequest): string | undefined {
  if (pull.state !== 'open') return 'プルリクエストが閉じています';
  if (pull.base.ref !== request.baseBranch)
    return `取り込む先が ${request.baseBranch} ではありません（${pull.base.ref}）`;
  if (pull.head.repo?.full_name !== request.repository)
    return 'このリポジトリーのブランチからのプルリクエストではありません';
  if (pull.head.sha !== request.headSha)
    return `head が CI の試したコミット ${request.headSha} から ${pull.head.sha} に進みました（新しいコミットの CI のあとで判定します）`;
  return undefined;
}

/** 変わったファイルのすべて（ページを順に読む）。 */
async function listFiles(api: GitHubApi, request: ApproveRequest): Promise<PullRequestFile[]> {
  const files: PullRequestFile[] = [];
  for (let page = 1; ; page++) {
    const batch = (await api(
      'GET',
      `/repos/${request.repository}/pulls/${request.pullNumber}/files?per_page=${perPage}&page=${page}`,
    )) as PullRequestFile[];
    files.push(...batch);
    if (batch.length < perPage) return files;
  }
}

/** head のコミットの、すべてのファイルの git のモード。木が大きすぎて欠けたら undefined。 */
async function readModes(
  api: GitHubApi,
  request: ApproveRequest,
): Promise<Map<string, string> | undefined> {
  const tree = (await api(
    'GET',
    `/repos/${request.repository}/git/trees/${request.headSha}?recursive=1`,
  )) as GitTree;
  if (tree.truncated) return undefined;
  return new Map(tree.tree.filter((entry) => entry.type !== 'tree').map((e) => [e.path, e.mode]));
}

/** 判定して、内容だけなら承認する。 */
export async function approveContent(
  api: GitHubApi,
  request: ApproveRequest,
): Promise<ApproveOutcome> {
  if (!shaPattern.test(request.headSha))
    return {action: 'skipped', reason: `コミットの SHA ではありません: ${request.headSha}`};
  const pull = await readPullRequest(api, request);
  const problem = headProblem(pull, request);
  if (problem) return {action: 'skipped', reason: problem};

  const listed = await listFiles(api, request);
  if (listed.length !== pull.changed_files || listed.length >= listedFilesLimit)
    return {
      action: 'skipped',
      reason: `変わったファイルの一覧が欠けています（一覧 ${listed.length} 件、プルリクエストは ${pull.changed_files} 件）`,
    };
  const modes = await readModes(api, request);
  if (!modes)
    return {
      action: 'skipped',
      reason: 'head のコミットの木が大きすぎて、ファイルの種類を確かめられません',
    };

  const files: ChangedFile[] = [];
  const unknown: {path: string; reason: string}[] = [];
  for (const file of listed) {
    const removed = file.status === 'removed';
    const mode = removed ? undefined : modes.get(file.filename);
    // classifyChange はモードの無いファイルを普通のファイルとみなすので、ここで断る。
    if (!removed && mode === undefined)
      unknown.push({
        path: file.filename,
        reason: 'head のコミットに見つからず、種類を確かめられません',
      });
    files.push({
      path: file.filename,
      ...(file.previous_filename !== undefined ? {previousPath: file.previous_filename} : {}),
      ...(mode !== undefined ? {mode} : {}),
      removed,
    });
  }
  const verdict = classifyChange(files);
  if (!verdict.contentOnly || unknown.length > 0)
    return {action: 'not-content', outside: [...verdict.outside, ...unknown]};

  // 判定のあいだに head が進んでいないかを、承認の直前にもう一度確かめる。
  const again = headProblem(await readPullRequest(api, request), request);
  if (again) return {action: 'skipped', reason: again};
  await api('POST', `/repos/${request.repository}/pulls/${request.pullNumber}/reviews`, {
    commit_id: request.headSha,
    event: 'APPROVE',
    body: `事務局が書く内容（lib/content-allowlist.mts）だけの変更です（${files.length} 件のファイル、コミット ${request.headSha}）。CI が通ったので、持ち主の承認なしに取り込めます。`,
  });
  return {action: 'approved', files: files.length};
}

/** fetch で GitHub の REST API を呼ぶ（GITHUB_API_URL、既定は https://api.github.com）。 */
export function fetchGitHubApi(baseUrl: string, token: string): GitHubApi {
  return async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${token}`,
        'x-github-api-version': '2022-11-28',
        ...(body !== undefined ? {'content-type': 'application/json'} : {}),
      },
      ...(body !== undefined ? {body: JSON.stringify(body)} : {}),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok)
      throw new Error(
        `GitHub が ${method} ${path} に ${response.status} で答えました: ${(await response.text()).slice(0, 500)}`,
      );
    return response.json();
  };
}

/** 結果を日本語で書く（ログと、ジョブの要約）。 */
export function describe(outcome: ApproveOutcome, request: ApproveRequest): string {
  const pr = `プルリクエスト #${request.pullNumber}（${request.headSha}）`;
  switch (outcome.action) {
    case 'approved':
      return `${pr}: ${outcome.files} 件のファイルはすべて事務局が書く内容です。承認しました。`;
    case 'skipped':
      return `${pr}: 承認しません。${outcome.reason}。`;
    case 'not-content':
      return [
        `${pr}: 事務局が書く内容のほかのファイルがあるので承認しません（持ち主の承認を待ちます）。`,
        ...outcome.outside.map((file) => `- ${file.path}: ${file.reason}`),
      ].join('\n');
  }
}

async function main(): Promise<void> {
  const env = process.env;
  const missing = ['GITHUB_REPOSITORY', 'PR_NUMBER', 'HEAD_SHA', 'GITHUB_TOKEN'].filter(
    (name) => !env[name],
  );
  if (missing.length > 0) {
    console.error(`環境変数がありません: ${missing.join('、')}`);
    process.exitCode = 2;
    return;
  }
  const request: ApproveRequest = {
    repository: env.GITHUB_REPOSITORY as string,
    pullNumber: Number(env.PR_NUMBER),
    headSha: env.HEAD_SHA as string,
    baseBranch: env.BASE_BRANCH || 'main',
  };
  if (!Number.isInteger(request.pullNumber) || request.pullNumber <= 0) {
    console.error(`PR_NUMBER がプルリクエストの番号ではありません: ${env.PR_NUMBER}`);
    process.exitCode = 2;
    return;
  }
  const api = fetchGitHubApi(
    env.GITHUB_API_URL || 'https://api.github.com',
    env.GITHUB_TOKEN as string,
  );
  const text = describe(await approveContent(api, request), request);
  console.log(text);
  if (env.GITHUB_STEP_SUMMARY) {
    const {appendFileSync} = await import('node:fs');
    appendFileSync(env.GITHUB_STEP_SUMMARY, `${text}\n`);
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(`内容の承認の判定が失敗しました: ${(error as Error).message}`);
    process.exitCode = 1;
  });
}
