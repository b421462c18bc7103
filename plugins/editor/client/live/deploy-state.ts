/**
 * 「公開」で main に入ったコミット（マージのコミット）が、サイトに出たかを GitHub にたずねる（「サイトに出ました」）。
 * main の CI の deploy ジョブは environment の production で動くので、GitHub はそのジョブのたびにデプロイメント
 * （Deployments）を作り、状態（queued → in_progress → success / failure）を付ける。デプロイの前の確かめ（check、
 * e2e など）は、コミットのチェック（check runs）に出る。
 * - 出た: production のいちばん新しい成功したデプロイメントが、マージのコミットか、それを含むあとのコミット
 *   （compare が ahead か identical）。deploy ジョブは main の先頭のコミットでしか出さないので、あとの変更が先に
 *   出たときは、そのデプロイでこの記事も出る。
 * - 追う相手は main の先頭（マージのコミットを含むとき）。先頭のデプロイメントの状態と、チェックの失敗を見る。
 */

/** GitHub の REST API の GET（JSON）。見つからない（404）なら null。 */
export type GitHubGet = (path: string) => Promise<unknown>;

export type DeployState =
  | {readonly phase: 'checking'}
  | {readonly phase: 'deploying'}
  | {readonly phase: 'live'}
  | {readonly phase: 'failed'; readonly runUrl: string};

type Deployment = {
  readonly id: number;
  readonly sha: string;
  readonly created_at: string;
  readonly creator?: {readonly login?: string} | null;
};
type DeploymentStatus = {
  readonly state: string;
  readonly log_url?: string;
  readonly target_url?: string;
};
type CheckRun = {
  readonly name: string;
  readonly status: string;
  readonly conclusion: string | null;
  readonly html_url?: string;
};
type Compare = {readonly status: string; readonly commits?: readonly {readonly sha: string}[]};

/** 本番の environment（ci.yml の deploy ジョブ）と、そのジョブの名前。 */
export const productionEnvironment = 'production';
export const deployJob = 'deploy';

/**
 * デプロイメントを作るのは、ワークフローの deploy ジョブ（GitHub Actions のアカウント）だけとする。書き込みの権限を
 * 持つアカウントは API で好きなデプロイメントと状態を作れるので、それで「サイトに出ました」と見せかけさせない。
 */
export const actionsBot = 'github-actions[bot]';

/** チェックの結果のうち、「出せなかった」とするもの（cancelled と skipped は、あとのコミットに任せる）。 */
const failedConclusions = new Set(['failure', 'timed_out', 'action_required', 'startup_failure']);
const runningDeployment = new Set(['queued', 'pending', 'in_progress']);
const failedDeployment = new Set(['failure', 'error']);

/** デプロイメントの、いちばん新しい状態（GitHub は新しい順に返す）。 */
async function latestStatus(
  get: GitHubGet,
  repo: string,
  deployment: Deployment,
): Promise<DeploymentStatus | undefined> {
  const statuses = (await get(
    `/repos/${repo}/deployments/${deployment.id}/statuses?per_page=1`,
  )) as DeploymentStatus[] | null;
  return statuses?.[0];
}

/** base のコミットを head が含むか（同じか、先にある）。 */
async function contains(get: GitHubGet, repo: string, base: string, head: string) {
  if (base === head) return true;
  const compare = (await get(`/repos/${repo}/compare/${base}...${head}`)) as Compare | null;
  return compare?.status === 'ahead' || compare?.status === 'identical';
}

/**
 * mergeSha（mergedAt に main に入った）がサイトに出たか。mergedAt より前に作られたデプロイメントは、そのコミットを
 * 含まないので見ない（端末の時計のずれに 10 分のゆとり）。
 */
export async function deployState(
  get: GitHubGet,
  repo: string,
  mergeSha: string,
  mergedAt: number,
  branch: string,
): Promise<DeployState> {
  const deployments =
    ((await get(`/repos/${repo}/deployments?environment=${productionEnvironment}&per_page=20`)) as
      Deployment[] | null) ?? [];
  const since = mergedAt - 10 * 60_000;
  const recent = deployments.filter(
    (deployment) =>
      deployment.creator?.login === actionsBot && Date.parse(deployment.created_at) >= since,
  );
  const statuses = new Map<number, DeploymentStatus | undefined>();
  // いちばん新しい成功したデプロイメント（いまのサイト）が、このコミットを含めば出た。
  for (const deployment of recent) {
    const status = await latestStatus(get, repo, deployment);
    statuses.set(deployment.id, status);
    if (status?.state !== 'success') continue;
    if (await contains(get, repo, mergeSha, deployment.sha)) return {phase: 'live'};
    break;
  }
  // 追うのは main の先頭（このコミットを含むなら）。先に出た変更より前のデプロイは、先頭でないので出さない。
  const toHead = (await get(`/repos/${repo}/compare/${mergeSha}...${branch}`)) as Compare | null;
  const subject = toHead?.status === 'ahead' ? (toHead.commits?.at(-1)?.sha ?? mergeSha) : mergeSha;
  const own = recent.find((deployment) => deployment.sha === subject);
  if (own) {
    const status = statuses.has(own.id) ? statuses.get(own.id) : await latestStatus(get, repo, own);
    if (status && runningDeployment.has(status.state)) return {phase: 'deploying'};
    if (status && failedDeployment.has(status.state)) {
      return {phase: 'failed', runUrl: runLink(repo, status.log_url || status.target_url)};
    }
  }
  const checks = (await get(`/repos/${repo}/commits/${subject}/check-runs?per_page=100`)) as {
    readonly check_runs?: readonly CheckRun[];
  } | null;
  const runs = checks?.check_runs ?? [];
  const failed = runs.find((run) => run.conclusion && failedConclusions.has(run.conclusion));
  if (failed) return {phase: 'failed', runUrl: runLink(repo, failed.html_url)};
  if (runs.some((run) => run.name === deployJob && run.status !== 'completed')) {
    return {phase: 'deploying'};
  }
  return {phase: 'checking'};
}

/** リポジトリーの Actions の画面（実行の記録の URL が無いとき）。 */
export const actionsUrl = (repo: string): string => `https://github.com/${repo}/actions`;

/** 実行の記録のリンク: このリポジトリーの github.com の URL だけ（ほかは Actions の画面）。 */
function runLink(repo: string, url: string | undefined): string {
  try {
    const parsed = new URL(url ?? '');
    if (parsed.origin === 'https://github.com' && parsed.pathname.startsWith(`/${repo}/`)) {
      return parsed.href;
    }
  } catch {
    // URL でなければ、Actions の画面にする。
  }
  return actionsUrl(repo);
}
