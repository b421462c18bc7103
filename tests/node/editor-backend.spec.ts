/**
 * issue 65 の小さいもの: `npm run editor` の decap-server（認証の無い、リポジトリーに書き込むバックエンド）は、
 * この端末のループバック 127.0.0.1 だけで待ち受け、同じネットワークのほかの端末からはつながらない。
 * package.json の editor:backend の環境変数のまま（待ち受けるポートだけを空いたものに変えて）decap-server を起こし、
 * 127.0.0.1 では答え、ほかのアドレス（すべてのアドレスで待ち受けていれば答える 127.0.0.2）ではつながらないことを
 * 確かめる。テストはループバックにだけつなぐ。ブラウザーを使わない。ワーカーの時間で約 2 秒。
 */
import {spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {connect} from 'node:net';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {freePort, killGroup, waitForUrl} from '../../lib/site-server';

/** editor:backend の「名前=値」の並びとコマンド。 */
function backendScript(): {env: Record<string, string>; command: string} {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {scripts: Record<string, string>};
  const words = pkg.scripts['editor:backend'].split(/\s+/);
  const assignments = words.filter((word) => /^[A-Z_]+=/.test(word));
  const env = Object.fromEntries(
    assignments.map((word) => [
      word.slice(0, word.indexOf('=')),
      word.slice(word.indexOf('=') + 1),
    ]),
  );
  return {env, command: words.slice(assignments.length).join(' ')};
}

/** host:port に TCP でつながるか（つながれば true、断られれば false）。 */
function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({host, port});
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

test('npm run editor の decap-server は 127.0.0.1 だけで待ち受け、ほかのアドレスからはつながらない', async () => {
  const {env, command} = backendScript();
  expect(command).toBe('decap-server');
  expect(env).toMatchObject({MODE: 'git', GIT_REPO_DIRECTORY: '.', BIND_HOST: '127.0.0.1'});
  const port = await freePort();
  const child = spawn(path.resolve('node_modules/.bin/decap-server'), [], {
    env: {...process.env, ...env, PORT: String(port), LOG_LEVEL: 'info'},
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  try {
    await waitForUrl(`http://127.0.0.1:${port}/api/v1`, child, 'decap-server');
    const info = await fetch(`http://127.0.0.1:${port}/api/v1`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({action: 'info'}),
    });
    expect(await info.json()).toMatchObject({type: 'local_git'});
    // すべてのアドレス（0.0.0.0 や ::）で待ち受けていれば、127.0.0.2 にも答える。
    expect(await reachable('127.0.0.1', port)).toBe(true);
    expect(await reachable('127.0.0.2', port)).toBe(false);
    expect(log).toContain(`listening on 127.0.0.1:${port}`);
  } finally {
    killGroup(child);
  }
});
