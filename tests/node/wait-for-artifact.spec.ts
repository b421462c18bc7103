/**
 * GitHub Actions の e2e が build の成果物を待つ（lib/wait-for-artifact.ts、scripts/wait-for-artifact.ts）。
 * GitHub の REST API の代わりに、ループバックの偽のサーバーが、呼ばれるたびに決めた答えを返す。
 */
import {createServer, type IncomingMessage, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {expect, test} from '@playwright/test';
import {waitForArtifact, type WaitTarget} from '../../lib/wait-for-artifact';
import {runCommand, type Run} from '../support/run-command';

type JobState = {status: string; conclusion: string | null};
/** n 回目（0 から）の問い合わせで、成果物があるか、ジョブがどうなっているか。 */
type Script = {artifactFrom?: number; job?: (poll: number) => JobState; status?: number};

type FakeApi = {apiUrl: string; requests: IncomingMessage[]; close: () => Promise<void>};

const run = {repository: 'denki/docs', runId: '42', token: 'secret-token'};

async function fakeApi(script: Script): Promise<FakeApi> {
  const requests: IncomingMessage[] = [];
  let artifactPolls = 0;
  let jobPolls = 0;
  const server: Server = createServer((request, response) => {
    requests.push(request);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const prefix = `/repos/${run.repository}/actions/runs/${run.runId}/`;
    response.setHeader('content-type', 'application/json');
    if (script.status) {
      response.statusCode = script.status;
      response.end('{"message":"Resource not accessible by integration"}');
    } else if (url.pathname === `${prefix}artifacts`) {
      const ready = script.artifactFrom !== undefined && artifactPolls >= script.artifactFrom;
      artifactPolls += 1;
      const name = url.searchParams.get('name');
      response.end(JSON.stringify({artifacts: ready ? [{name, expired: false}] : []}));
    } else if (url.pathname === `${prefix}jobs`) {
      const state = script.job?.(jobPolls) ?? {status: 'in_progress', conclusion: null};
      jobPolls += 1;
      response.end(
        JSON.stringify({
          jobs: [
            {name: 'e2e (1)', ...state},
            {name: 'build', ...state},
          ],
        }),
      );
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function targetOf(api: FakeApi): WaitTarget {
  return {...run, apiUrl: api.apiUrl, artifact: 'build', job: 'build'};
}

const quick = {pollMs: 10, timeoutMs: 5_000};

async function waitWith(script: Script, timing = quick): Promise<{error?: string; log: string[]}> {
  const api = await fakeApi(script);
  const log: string[] = [];
  try {
    await waitForArtifact(targetOf(api), timing, (line) => log.push(line));
    return {log};
  } catch (error) {
    return {error: (error as Error).message, log};
  } finally {
    await api.close();
  }
}

test('成果物が出るまで待ち、出たら終わる（トークンを付けて、その実行の成果物を名前で問い合わせる）', async () => {
  const api = await fakeApi({artifactFrom: 3});
  const log: string[] = [];
  try {
    await waitForArtifact(targetOf(api), quick, (line) => log.push(line));
  } finally {
    await api.close();
  }
  expect(log.filter((line) => line.includes('待っています'))).toHaveLength(3);
  expect(log.at(-1)).toBe('成果物 build ができました');
  const artifactRequests = api.requests.filter((request) => request.url?.includes('/artifacts'));
  expect(artifactRequests).toHaveLength(4);
  for (const request of api.requests) {
    expect(request.headers.authorization).toBe('Bearer secret-token');
    expect(request.url).toMatch(
      /^\/repos\/denki\/docs\/actions\/runs\/42\/(artifacts\?name=build|jobs\?)/,
    );
  }
});

test('build のジョブが失敗したら、待たずに失敗する', async () => {
  const failed = await waitWith({
    job: (poll) =>
      poll < 2
        ? {status: 'in_progress', conclusion: null}
        : {status: 'completed', conclusion: 'failure'},
  });
  expect(failed.error).toBe('ジョブ build が failure で終わったので、テストを始めません');
  const cancelled = await waitWith({job: () => ({status: 'completed', conclusion: 'cancelled'})});
  expect(cancelled.error).toBe('ジョブ build が cancelled で終わったので、テストを始めません');
});

test('ジョブが終わる間に成果物が出たら、それを使う。成功しても成果物が無ければ失敗する', async () => {
  // 1 回目の問い合わせでは無く、ジョブが終わったと分かったあとの 2 回目で見える。
  const late = await waitWith({
    artifactFrom: 1,
    job: () => ({status: 'completed', conclusion: 'success'}),
  });
  expect(late).toEqual({log: ['成果物 build ができました']});
  const missing = await waitWith({job: () => ({status: 'completed', conclusion: 'success'})});
  expect(missing.error).toBe('ジョブ build は成功しましたが、成果物 build がありません');
});

test('時間切れと、API の拒否（権限の不足）は、理由を述べて失敗する', async () => {
  const timeout = await waitWith({}, {pollMs: 20, timeoutMs: 100});
  expect(timeout.error).toBe('0 秒待っても、成果物 build ができませんでした');
  const denied = await waitWith({status: 403});
  expect(denied.error).toMatch(
    /^GitHub の API が 403 を返しました（ジョブの permissions に actions: read が要ります）: http:\/\/127\.0\.0\.1:\d+\/repos\/denki\/docs\/actions\/runs\/42\/artifacts\?name=build$/,
  );
});

function cli(args: readonly string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return runCommand('node_modules/.bin/tsx', ['scripts/wait-for-artifact.ts', ...args], {
    env: {PATH: process.env.PATH, ...env},
  });
}

test('コマンド: Actions の環境変数で問い合わせ、無ければ何が無いかを述べる', async () => {
  const api = await fakeApi({artifactFrom: 1});
  try {
    const env = {
      GITHUB_API_URL: api.apiUrl,
      GITHUB_REPOSITORY: run.repository,
      GITHUB_RUN_ID: run.runId,
      GITHUB_TOKEN: run.token,
    };
    const waited = await cli(['build', 'build', '--poll=10'], env);
    expect(waited).toEqual({code: 0, output: expect.stringContaining('成果物 build ができました')});
    const noToken = await cli(['build', 'build'], {...env, GITHUB_TOKEN: ''});
    expect(noToken).toEqual({
      code: 1,
      output: '環境変数 GITHUB_TOKEN がありません（GitHub Actions の中で動かします）\n',
    });
    const badPoll = await cli(['build', 'build', '--poll=soon'], env);
    expect(badPoll).toEqual({code: 1, output: '--poll は正の整数（ミリ秒）: --poll=soon\n'});
  } finally {
    await api.close();
  }
});
