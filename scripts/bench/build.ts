/**
 * ビルドの所要時間（コールド = キャッシュ削除後、ウォーム = 直後にもう一度）。
 * 他の人と .docusaurus/ を共有しているので、/tmp/denki-build.lock を 1 サイトの cold と warm の間ずっと握る。
 * 各段の内訳は DOCUSAURUS_PERF_LOGGER で .bench/logs/build-*.log に残す。
 * ロック待ちは測らない: 時刻はロックを取った後のシェルの中で、各ビルドの直前と直後に取る。
 */
import {mkdirSync} from 'node:fs';
import path from 'node:path';
import {runCommand} from './processes';
import type {BuildTimes} from './types';

export const BUILD_LOCK = '/tmp/denki-build.lock';
/** 他の人のビルドを待つ上限（秒）。 */
export const LOCK_WAIT_SECONDS = 30 * 60;

/** $1 = サイト、$2 = 出力先、$3 = ログの接頭辞、$4 = 設定ファイル（空なら既定）、$5… = 段（cold / warm）。 */
const shell = String.raw`
set -u
site="$1"; out="$2"; log="$3"; config="$4"; shift 4
steps="$*"
if [ -n "$config" ]; then set -- --config "$config"; else set --; fi
cd "$site"
rm -rf .docusaurus node_modules/.cache "$out"
for step in $steps; do
  start=$(date +%s%N)
  if ! node_modules/.bin/docusaurus build "$@" --out-dir "$out" >"$log.$step.log" 2>&1; then
    echo "BENCH-FAILED $step"; exit 1
  fi
  end=$(date +%s%N)
  echo "BENCH-$step $(( (end - start) / 1000000 ))"
done
`;

export async function timeBuild(options: {
  readonly name: string;
  readonly siteDir: string;
  readonly outDir: string;
  readonly logDir: string;
  readonly warm: boolean;
  readonly config?: string | null;
  readonly env?: NodeJS.ProcessEnv;
}): Promise<BuildTimes> {
  mkdirSync(options.logDir, {recursive: true});
  const log = path.resolve(options.logDir, `build-${options.name}`);
  const steps = options.warm ? ['cold', 'warm'] : ['cold'];
  const siteDir = path.resolve(options.siteDir);
  const result = await runCommand(
    'flock',
    [
      '-w',
      String(LOCK_WAIT_SECONDS),
      BUILD_LOCK,
      'sh',
      '-c',
      shell,
      'sh',
      siteDir,
      path.resolve(options.outDir),
      log,
      options.config ? path.resolve(options.config) : '',
      ...steps,
    ],
    {
      cwd: siteDir,
      timeoutMs: (LOCK_WAIT_SECONDS + 20 * 60) * 1000,
      env: {...process.env, DOCUSAURUS_PERF_LOGGER: 'true', ...options.env},
    },
  );
  const time = (step: string): number | null => {
    const match = new RegExp(`^BENCH-${step} (\\d+)$`, 'm').exec(result.stdout);
    return match ? Number(match[1]) : null;
  };
  const coldMs = time('cold');
  if (result.code !== 0 && !/^BENCH-/m.test(result.stdout)) {
    throw new Error(
      `${options.name}: ${LOCK_WAIT_SECONDS} 秒待ってもビルドのロックを取れませんでした`,
    );
  }
  if (result.code !== 0 || coldMs === null) {
    const failed = /^BENCH-FAILED (\w+)$/m.exec(result.stdout)?.[1] ?? 'cold';
    throw new Error(
      `${options.name} のビルドに失敗しました（${failed}）: ${log}.${failed}.log\n${result.stderr}`,
    );
  }
  return {coldMs, warmMs: options.warm ? time('warm') : null};
}
