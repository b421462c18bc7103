/**
 * scripts/setup.sh の道具（tools/<名前>）は、マシンのキャッシュに package-lock.json ごとに 1 度だけ入れ、
 * クローンの tools/<名前>/node_modules はそこへのリンクにする（issue 28: 同じことを 2 度しない準備）。
 * npm はレジストリーに行かない偽物に差し替え、呼ばれた回数を数える。
 */
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {runCommand, type Run} from '../support/run-command';

const copied = [
  'scripts/setup.sh',
  '.nvmrc',
  'tools/node/package.json',
  'tools/node/package-lock.json',
  'tools/renovate/package.json',
  'tools/renovate/package-lock.json',
];

/** package.json の renovate の版を node_modules/renovate に置くだけの npm。cwd と引数を記録する。 */
const fakeNpm = `#!/bin/sh
echo "$PWD $*" >> "$FAKE_NPM_LOG"
mkdir -p node_modules/renovate
node -e 'const p = require("./package.json"); require("fs").writeFileSync("node_modules/renovate/package.json", JSON.stringify({version: p.dependencies.renovate}))'
`;

function runSetup(root: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return runCommand('bash', ['-c', '. scripts/setup.sh'], {cwd: root, env});
}

test('道具はマシンのキャッシュに 1 度だけ入れ、2 つ目のクローンはリンクを張るだけ。入れ終わっていないキャッシュは入れ直す', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'denki-setup-'));
  try {
    const bin = path.join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(path.join(bin, 'npm'), fakeNpm);
    chmodSync(path.join(bin, 'npm'), 0o755);
    const npmLog = path.join(dir, 'npm.log');
    const cache = path.join(dir, 'cache');
    const env = {
      ...process.env,
      // node はこのテストと同じ Node.js（.nvmrc の版）なので、tools/node は入れない。
      PATH: `${bin}:${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      DENKI_TOOLS_CACHE: cache,
      FAKE_NPM_LOG: npmLog,
    };
    const clone = (name: string): string => {
      const root = path.join(dir, name);
      for (const file of copied) cpSync(file, path.join(root, file));
      return root;
    };
    const npmCalls = () => readFileSync(npmLog, 'utf8').trim().split('\n');
    const link = (root: string) => readlinkSync(path.join(root, 'tools/renovate/node_modules'));

    const first = clone('first');
    const setup = await runSetup(first, env);
    expect(setup, setup.output).toMatchObject({code: 0});
    expect(setup.output).toContain('Renovate 44');
    // 裏で入れ終わるのを待つ（印が消える）。
    const pending = path.join(first, 'tools/renovate/install.pending');
    await expect.poll(() => existsSync(pending), {timeout: 30_000}).toBe(false);
    expect(readFileSync(path.join(first, 'tools/renovate/install.log'), 'utf8')).toBe('exit 0\n');
    const cached = link(first);
    expect(path.dirname(cached)).toMatch(new RegExp(`^${cache}/renovate-[0-9a-f]{16}$`));
    expect(existsSync(path.join(path.dirname(cached), '.complete'))).toBe(true);
    expect(npmCalls()).toEqual([
      `${path.dirname(cached)} ci --no-audit --no-fund --loglevel=error --ignore-scripts`,
    ]);

    const second = clone('second');
    const again = await runSetup(second, env);
    expect(again, again.output).toMatchObject({code: 0});
    expect(again.output).not.toContain('Renovate 44');
    expect(existsSync(path.join(second, 'tools/renovate/install.pending'))).toBe(false);
    expect(link(second)).toBe(cached);
    expect(npmCalls()).toHaveLength(1);
    // 2 度目の読み込みは、入っている版を見て何もしない。
    expect((await runSetup(second, env)).output).not.toContain('Renovate 44');

    // 入れている途中で止まったキャッシュ（印 .complete が無い）は使わず、入れ直す。
    rmSync(path.join(path.dirname(cached), '.complete'));
    const third = clone('third');
    expect((await runSetup(third, env)).output).toContain('Renovate 44');
    await expect
      .poll(() => existsSync(path.join(third, 'tools/renovate/install.pending')), {timeout: 30_000})
      .toBe(false);
    expect(link(third)).toBe(cached);
    expect(npmCalls()).toHaveLength(2);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
