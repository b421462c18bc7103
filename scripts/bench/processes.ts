/** ベンチが起こした子プロセス（ビルドなどのコマンド）と Chrome を、終了時に必ず止める。サーバーは lib/site-server.ts が止める。 */
import {spawn, type SpawnOptions} from 'node:child_process';
import {killGroup} from '../../lib/site-server';

type Cleanup = () => Promise<void> | void;

const cleanups = new Set<Cleanup>();

/** 終了時に走らせる後始末を登録する。戻り値で登録を外せる。 */
export function onCleanup(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

export async function runCleanups(): Promise<void> {
  const pending = [...cleanups];
  cleanups.clear();
  await Promise.allSettled(pending.map(async (cleanup) => cleanup()));
}

/** 自前のプロセスグループで起動し、終了時に止めるよう登録する。 */
function spawnTracked(command: string, args: readonly string[], options: SpawnOptions) {
  const child = spawn(command, args, {...options, detached: true});
  const unregister = onCleanup(() => killGroup(child));
  child.once('exit', () => unregister());
  return child;
}

/** 子プロセスの終了を待ち、終了コードと出力を返す。時間切れならグループごと止める。 */
export function runCommand(
  command: string,
  args: readonly string[],
  options: {readonly cwd: string; readonly timeoutMs: number; readonly env?: NodeJS.ProcessEnv},
): Promise<{readonly code: number | null; readonly stdout: string; readonly stderr: string}> {
  const child = spawnTracked(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      killGroup(child);
      reject(new Error(`${command} ${args.join(' ')}: ${options.timeoutMs} ms で時間切れ`));
    }, options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({code, stdout, stderr});
    });
  });
}

/** Promise に上限時間をつける。 */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: ${ms} ms で時間切れ`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * 計測のコマンドの入口: main の終了コードで終わる。Ctrl+C（SIGINT・SIGTERM）でも、例外でも、
 * 起こしたプロセス（サーバー、ブラウザー）を片付けてから終わる。
 */
export function runBenchMain(main: () => Promise<number>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void runCleanups().finally(() => process.exit(130));
    });
  }
  main()
    .then(async (code) => {
      await runCleanups();
      process.exit(code);
    })
    .catch(async (error: unknown) => {
      console.error(error);
      await runCleanups();
      process.exit(2);
    });
}
