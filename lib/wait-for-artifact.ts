/**
 * GitHub Actions の e2e のジョブが、同じ実行の build のジョブの成果物（build/）を待つ（issue 28）。
 * e2e は build と同時に始まり、パッケージと npm ci を済ませてから、ここで成果物が出るまで REST API を見に行く。
 * build が失敗したら待たずに失敗する。
 */

export type WaitTarget = {
  /** https://api.github.com（GITHUB_API_URL）。 */
  readonly apiUrl: string;
  /** owner/name（GITHUB_REPOSITORY）。 */
  readonly repository: string;
  readonly runId: string;
  readonly token: string;
  /** 待つ成果物の名前。 */
  readonly artifact: string;
  /** その成果物を作るジョブの名前。 */
  readonly job: string;
};

export type WaitTiming = {readonly pollMs: number; readonly timeoutMs: number};

type Job = {readonly name: string; readonly status: string; readonly conclusion: string | null};

async function getJson<T>(target: WaitTarget, pathAndQuery: string): Promise<T> {
  const url = `${target.apiUrl}/repos/${target.repository}/actions/runs/${target.runId}/${pathAndQuery}`;
  const response = await fetch(url, {
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${target.token}`,
      'x-github-api-version': '2022-11-28',
    },
  });
  if (!response.ok) {
    const hint =
      response.status === 401 || response.status === 403 || response.status === 404
        ? '（ジョブの permissions に actions: read が要ります）'
        : '';
    throw new Error(`GitHub の API が ${response.status} を返しました${hint}: ${url}`);
  }
  return (await response.json()) as T;
}

async function hasArtifact(target: WaitTarget): Promise<boolean> {
  const query = `artifacts?name=${encodeURIComponent(target.artifact)}`;
  const {artifacts} = await getJson<{artifacts: {name: string; expired: boolean}[]}>(target, query);
  return artifacts.some(({name, expired}) => name === target.artifact && !expired);
}

async function jobOf(target: WaitTarget): Promise<Job | undefined> {
  const {jobs} = await getJson<{jobs: Job[]}>(target, 'jobs?filter=latest&per_page=100');
  return jobs.find(({name}) => name === target.job);
}

/** 成果物が出るまで待つ。ジョブが成果物なしに終わったとき、時間切れのときは、理由を述べて失敗する。 */
export async function waitForArtifact(
  target: WaitTarget,
  {pollMs, timeoutMs}: WaitTiming,
  log: (line: string) => void = console.log,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const found = async (): Promise<boolean> => {
    if (!(await hasArtifact(target))) return false;
    log(`成果物 ${target.artifact} ができました`);
    return true;
  };
  for (;;) {
    if (await found()) return;
    const job = await jobOf(target);
    if (job?.status === 'completed') {
      // 成果物はジョブが終わる前に上がるので、終わったあとに見えたものを最後にもう一度確かめる。
      if (await found()) return;
      throw new Error(
        job.conclusion === 'success'
          ? `ジョブ ${target.job} は成功しましたが、成果物 ${target.artifact} がありません`
          : `ジョブ ${target.job} が ${job.conclusion ?? '不明'} で終わったので、テストを始めません`,
      );
    }
    if (Date.now() + pollMs > deadline) {
      throw new Error(
        `${Math.round(timeoutMs / 1000)} 秒待っても、成果物 ${target.artifact} ができませんでした`,
      );
    }
    log(
      `ジョブ ${target.job} の成果物 ${target.artifact} を待っています（${job?.status ?? 'まだありません'}）`,
    );
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
