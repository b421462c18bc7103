/**
 * main のデプロイのようすを答える GitHub の REST API の代わり（github-stand-in.ts の上に重ねる Playwright の route。
 * 答えないものは github-stand-in.ts に回す）: production のデプロイメントとその状態、コミットのチェック
 * （check runs）、マージのコミットとあとのコミットの比べ（compare）。テストが 1 段ずつ状態を変える。
 */
import type {BrowserContext} from '@playwright/test';
import {sourceRepository} from '../../../src/constants/site';
import {gitHubApi, token} from './github-stand-in';

/** github-stand-in.ts のマージが返すコミット（「公開」で main に入ったコミット）。 */
export const mergeSha = 'd'.repeat(40);

export type DeploymentState = 'queued' | 'in_progress' | 'success' | 'failure' | 'inactive';

export type StandInDeployment = {
  readonly id: number;
  readonly sha: string;
  readonly createdAt: string;
  /** 作ったアカウント（ワークフローなら github-actions[bot]）。 */
  readonly creator: string;
  /** 新しい順。 */
  statuses: {readonly state: DeploymentState; readonly log_url?: string}[];
};

export type StandInCheckRun = {
  readonly name: string;
  readonly status: 'queued' | 'in_progress' | 'completed';
  readonly conclusion?: 'success' | 'failure' | 'skipped' | 'cancelled';
  readonly html_url?: string;
};

export type DeployStandIn = {
  /** production のデプロイメント（新しい順）。 */
  deployments: StandInDeployment[];
  /** コミットごとのチェック。 */
  checkRuns: Record<string, StandInCheckRun[]>;
  /** main の先頭のコミット（マージのコミットか、それを含むあとのコミット）。 */
  head: string;
  /** 受けたデプロイのようすの GET（パスとクエリ）。 */
  readonly reads: string[];
};

/** いま作ったデプロイメント（GitHub は deploy ジョブが始まったときに作る）。 */
export function deployment(
  id: number,
  sha: string,
  ...statuses: StandInDeployment['statuses']
): StandInDeployment {
  return {id, sha, createdAt: new Date().toISOString(), creator: 'github-actions[bot]', statuses};
}

export async function routeDeploys(context: BrowserContext): Promise<DeployStandIn> {
  const standIn: DeployStandIn = {deployments: [], checkRuns: {}, head: mergeSha, reads: []};
  const repo = `/repos/${sourceRepository.repo}`;
  await context.route(`${gitHubApi}/**`, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname;
    const body = ((): unknown => {
      if (request.method() !== 'GET') return undefined;
      if (path === `${repo}/deployments`) {
        if (url.searchParams.get('environment') !== 'production') return [];
        return standIn.deployments.map(({id, sha, createdAt, creator}) => ({
          id,
          sha,
          environment: 'production',
          created_at: createdAt,
          creator: {login: creator},
        }));
      }
      const statuses = new RegExp(`^${repo}/deployments/(\\d+)/statuses$`).exec(path);
      if (statuses) {
        const found = standIn.deployments.find((d) => d.id === Number(statuses[1]));
        return found?.statuses ?? [];
      }
      const checks = new RegExp(`^${repo}/commits/([0-9a-f]{40})/check-runs$`).exec(path);
      if (checks) {
        const runs = standIn.checkRuns[checks[1] ?? ''] ?? [];
        return {total_count: runs.length, check_runs: runs};
      }
      // マージのコミットからの比べ（main の先頭へ、あとのデプロイのコミットへ）。
      const compare = new RegExp(`^${repo}/compare/${mergeSha}\\.\\.\\.([^/]+)$`).exec(path);
      if (compare) {
        const target = compare[1] === sourceRepository.branch ? standIn.head : compare[1];
        if (target === mergeSha) return {status: 'identical', commits: []};
        if (target === standIn.head) return {status: 'ahead', commits: [{sha: standIn.head}]};
        return {status: 'behind', commits: []};
      }
      return undefined;
    })();
    if (body === undefined) {
      await route.fallback();
      return;
    }
    standIn.reads.push(`${path}${url.search}`);
    const authorized = request.headers().authorization === `token ${token}`;
    await route.fulfill({
      status: authorized ? 200 : 401,
      headers: {
        'access-control-allow-origin': request.headers().origin ?? '*',
        'content-type': 'application/json; charset=utf-8',
      },
      body: JSON.stringify(authorized ? body : {message: 'Bad credentials'}),
    });
  });
  return standIn;
}
