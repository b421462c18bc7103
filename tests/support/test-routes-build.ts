/**
 * テスト専用ルート（plugins/test-routes）を含むビルドを作る（配信は lib/site-server.ts）。本番のビルドには
 * 含まれない。共有の .docusaurus/ を使うので、ほかのビルドと同じロックを取ってから作る。
 * 出力先は呼ぶたびに新しいフォルダー: fullyParallel では beforeAll が worker ごとに走るので、
 * 同じフォルダーだと一方の削除がもう一方のビルド中のファイルを消してしまう。
 */
import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync} from 'node:fs';
import path from 'node:path';

/** ビルドしたフォルダー（/build-* は .gitignore 済み）を返す。片付けは呼んだ側が rmSync で行う。 */
export function buildWithTestRoutes(timeoutMs: number): Promise<string> {
  const outDir = mkdtempSync('build-test-routes-');
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
      if (existsSync(path.join(outDir, 'index.html'))) resolve(outDir);
      else reject(new Error(`テスト用ビルドに失敗しました（${code}）\n${output.slice(-2000)}`));
    });
  });
}
