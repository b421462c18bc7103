/**
 * テスト専用ルート（plugins/test-routes）を含むビルドを作る（配信は lib/site-server.ts）。本番のビルドには
 * 含まれない。共有の .docusaurus/ を使うので、ほかのビルドと同じロックを取ってから作る。
 */
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';

export const testRoutesBuildDir = process.env.TEST_ROUTES_BUILD_DIR ?? 'build-a11y-crash';

export function buildWithTestRoutes(outDir: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'flock',
      ['/tmp/denki-build.lock', 'npx', 'docusaurus', 'build', '--out-dir', outDir],
      {env: {...process.env, DENKI_TEST_ROUTES: '1', FORCE_COLOR: '0'}, stdio: 'pipe'},
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(
        new Error(`テスト用ビルドが ${timeoutMs} ms で終わりませんでした\n${output.slice(-2000)}`),
      );
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (existsSync(path.join(outDir, 'index.html'))) resolve();
      else reject(new Error(`テスト用ビルドに失敗しました（${code}）\n${output.slice(-2000)}`));
    });
  });
}
