/**
 * GitHub Actions で、同じ実行のジョブの成果物を待つ（lib/wait-for-artifact.ts）。.github/workflows/ci.yml の e2e が使う。
 *
 *   GITHUB_TOKEN=… npx tsx scripts/wait-for-artifact.ts <成果物> <ジョブ> [--poll=<ミリ秒>] [--timeout=<ミリ秒>]
 *
 * GITHUB_API_URL、GITHUB_REPOSITORY、GITHUB_RUN_ID は Actions が入れる。
 */
import {waitForArtifact, type WaitTiming} from '../lib/wait-for-artifact';

const usage =
  'usage: npx tsx scripts/wait-for-artifact.ts <artifact> <job> [--poll=<ms>] [--timeout=<ms>]';

const defaults: WaitTiming = {pollMs: 10_000, timeoutMs: 30 * 60_000};

function option(args: readonly string[], name: string, fallback: number): number {
  const given = args.find((arg) => arg.startsWith(`--${name}=`));
  if (given === undefined) return fallback;
  const value = Number(given.slice(name.length + 3));
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`--${name} は正の整数（ミリ秒）: ${given}`);
  return value;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`環境変数 ${name} がありません（GitHub Actions の中で動かします）`);
  return value;
}

async function main(args: readonly string[]): Promise<void> {
  const [artifact, job] = args.filter((arg) => !arg.startsWith('--'));
  if (!artifact || !job) throw new Error(usage);
  const timing: WaitTiming = {
    pollMs: option(args, 'poll', defaults.pollMs),
    timeoutMs: option(args, 'timeout', defaults.timeoutMs),
  };
  await waitForArtifact(
    {
      apiUrl: required('GITHUB_API_URL'),
      repository: required('GITHUB_REPOSITORY'),
      runId: required('GITHUB_RUN_ID'),
      token: required('GITHUB_TOKEN'),
      artifact,
      job,
    },
    timing,
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
