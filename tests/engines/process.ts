/** テスト用の子プロセスとポート。 */
import {spawn, type ChildProcess} from 'node:child_process';
import {createServer} from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** url が応答するまで待つ。プロセスが先に終われば失敗にする。 */
export async function waitForUrl(url: string, child: ChildProcess, name: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${name} が起動しませんでした`);
    const ready = await fetch(url)
      .then((response) => response.status < 500)
      .catch(() => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} が応答しません: ${url}`);
}

export type OwnSite = {readonly baseURL: string; stop(): void};

/**
 * 本番ビルドを、Playwright の webServer と同じコマンドで別のポートに配信する。
 * stop でプロセスごと止めるので、つながったままの接続も切れる（オフラインの再現に使う）。
 */
export async function serveOwnSite(): Promise<OwnSite> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts', String(port)], {
    stdio: 'ignore',
  });
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForUrl(`${baseURL}/`, child, 'サイトのサーバー');
  } catch (error) {
    child.kill();
    throw error;
  }
  return {baseURL, stop: () => void child.kill()};
}
