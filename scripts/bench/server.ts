/** ベンチ用サーバーを子プロセスで起こし、応答するまで待つ。 */
import path from 'node:path';
import {killGroup, spawnTracked} from './processes';

export type RunningServer = {
  readonly baseUrl: string;
  readonly stop: () => void;
};

const projectRoot = path.resolve(__dirname, '../..');

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, {signal: AbortSignal.timeout(2000)});
      if (response.ok) return;
    } catch {
      // まだ起動していない
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} が ${timeoutMs} ms 以内に応答しませんでした`);
}

export async function startServer(folder: string, port: number): Promise<RunningServer> {
  const child = spawnTracked(
    path.join(projectRoot, 'node_modules/.bin/tsx'),
    [path.join(__dirname, 'serve.ts'), path.resolve(folder), String(port)],
    {cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit']},
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseUrl}/`, 20_000);
  } catch (error) {
    killGroup(child);
    throw error;
  }
  return {baseUrl, stop: () => killGroup(child)};
}
