/**
 * 鍵を持つジョブが、ビルドの成果物（ブランチのコードが作ったデータ）を取り出しの上に置く前の検査（issue 60 の 1）。
 * 成果物は取り出しの外（${{ runner.temp }}）に展開し、このスクリプトが中を確かめてから、頼まれたフォルダーだけを
 * 今のフォルダー（main の取り出し）へ写す。
 *
 *   node scripts/unpack-artifact.mts <展開した成果物のフォルダー> <写すフォルダー>...
 *   node scripts/unpack-artifact.mts --function <展開した成果物のフォルダー>
 *
 * 2 つ目の形は、build ジョブが鍵を持たずに組んだログインの関数（成果物 functions、根に index.js だけ）を、
 * functions/lib/index.js（functions/package.json の main）に写す（issue 65。functions ジョブはルートの npm ci をしない）。
 * 根にあってよいのは普通のファイルの index.js だけで、functions/lib が既にあれば断る。
 * - 成果物の根にあってよいのは、build ジョブが上げる 2 つのフォルダー（artifactFolders）だけ。firebase.json、
 *   .firebaserc、ほかのファイルやフォルダーがあれば断る（firebase.json の predeploy は鍵のある所で動くため）。
 * - 中身は普通のファイルとフォルダーだけ。シンボリックリンク（フォルダーを指すものも）、FIFO、ソケット、
 *   デバイス、制御文字を含む名前、成果物のフォルダーの外に出るパスがあれば断る。
 * - 写す先に同じ名前のものが既にあれば断る（取り出しの中のものを上書きしない）。
 * 断るときは何も写さず、理由を日本語で出して 1 で終わる。npm のパッケージを使わないので、npm ci をせずに
 * Node.js 24（.ts の型を外して動かす）だけで動く。
 */
import {
  constants,
  copyFileSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';

/** build ジョブが上げる成果物の根のフォルダー（.github/workflows/ci.yml の upload-artifact の path）。 */
const artifactFolders = ['build', 'build-editor'] as const;

/** 関数の成果物の根にあってよいただ 1 つのファイルと、写す先（functions/package.json の main）。 */
const functionEntry = 'index.js';
const functionTarget = path.join('functions', 'lib');

/** 名前に使えない文字（制御文字。ログや後の道具の解釈を乱す）。 */
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f]/;

function kind(stats: Stats): string {
  if (stats.isSymbolicLink()) return 'シンボリックリンク';
  if (stats.isFIFO()) return 'FIFO';
  if (stats.isSocket()) return 'ソケット';
  if (stats.isBlockDevice() || stats.isCharacterDevice()) return 'デバイス';
  return '普通のファイルでもフォルダーでもないもの';
}

/** root の中の相対パス relative が root の中にとどまるか（.. や絶対パスで外へ出ない）。 */
function inside(root: string, relative: string): boolean {
  const resolved = path.resolve(root, relative);
  return resolved === root || resolved.startsWith(`${root}${path.sep}`);
}

/** root/relative 以下を確かめ、見つけた問題を problems に足す。ファイルの相対パスを返す。 */
function walk(root: string, relative: string, problems: string[]): string[] {
  const files: string[] = [];
  for (const name of readdirSync(path.join(root, relative))) {
    const entry = path.join(relative, name);
    if (controlCharacter.test(name)) {
      problems.push(`${JSON.stringify(entry)}: 名前に制御文字がある`);
      continue;
    }
    if (!inside(root, entry)) {
      problems.push(`${JSON.stringify(entry)}: 成果物のフォルダーの外を指す`);
      continue;
    }
    const stats = lstatSync(path.join(root, entry));
    if (stats.isDirectory()) files.push(...walk(root, entry, problems));
    else if (stats.isFile()) files.push(entry);
    else problems.push(`${entry}: ${kind(stats)}`);
  }
  return files;
}

/** 成果物を確かめる。問題が無ければ空の配列。 */
function inspectArtifact(source: string, wanted: readonly string[]): string[] {
  const problems: string[] = [];
  const rootStats = lstatSync(source, {throwIfNoEntry: false});
  if (!rootStats?.isDirectory()) return [`${source}: 成果物のフォルダーが無い`];
  // 根そのものがリンクの先でないこと（lstat はフォルダーと答えた）。以下は実際のパスで比べる。
  const root = realpathSync(source);
  for (const folder of wanted) {
    if (!(artifactFolders as readonly string[]).includes(folder))
      problems.push(`${folder}: 写せるのは ${artifactFolders.join('、')} だけ`);
  }
  const present = readdirSync(root);
  for (const name of present) {
    const stats = lstatSync(path.join(root, name));
    if (!(artifactFolders as readonly string[]).includes(name))
      problems.push(`${JSON.stringify(name)}: 成果物の根にあってはいけない`);
    else if (!stats.isDirectory()) problems.push(`${name}: フォルダーではない（${kind(stats)}）`);
    else walk(root, name, problems);
  }
  for (const folder of wanted) {
    if (!present.includes(folder)) problems.push(`${folder}: 成果物に無い`);
  }
  return problems;
}

/** 確かめてから、wanted のフォルダーを target へ写す。 */
function unpackArtifact(source: string, target: string, wanted: readonly string[]): void {
  const problems = inspectArtifact(source, wanted);
  for (const folder of wanted) {
    if (lstatSync(path.join(target, folder), {throwIfNoEntry: false}))
      problems.push(`${folder}: 写す先に既にある`);
  }
  if (wanted.length === 0) problems.push('写すフォルダーが指定されていない');
  if (problems.length > 0) {
    throw new Error(`成果物を使えません（何も写していません）:\n- ${problems.join('\n- ')}`);
  }
  const root = realpathSync(source);
  for (const folder of wanted) {
    mkdirSync(path.join(target, folder));
    const inner: string[] = [];
    for (const file of walk(root, folder, inner)) {
      mkdirSync(path.join(target, path.dirname(file)), {recursive: true});
      // 写す先に同じ名前があれば失敗する（COPYFILE_EXCL）。
      copyFileSync(path.join(root, file), path.join(target, file), constants.COPYFILE_EXCL);
    }
    // 確かめたあとで中身が変わっていたら止める。
    if (inner.length > 0)
      throw new Error(`成果物が検査のあとで変わりました:\n- ${inner.join('\n- ')}`);
    // 中身の無いフォルダーも写す。
    copyEmptyFolders(root, target, folder);
  }
}

function copyEmptyFolders(root: string, target: string, relative: string): void {
  for (const entry of readdirSync(path.join(root, relative), {withFileTypes: true})) {
    if (!entry.isDirectory()) continue;
    const next = path.join(relative, entry.name);
    mkdirSync(path.join(target, next), {recursive: true});
    copyEmptyFolders(root, target, next);
  }
}

/** 関数の成果物を確かめてから、index.js を target/functions/lib/ へ写す。 */
function unpackFunction(source: string, target: string): void {
  const problems: string[] = [];
  const rootStats = lstatSync(source, {throwIfNoEntry: false});
  if (!rootStats?.isDirectory()) problems.push(`${source}: 成果物のフォルダーが無い`);
  else {
    const root = realpathSync(source);
    const present = readdirSync(root);
    for (const name of present) {
      const stats = lstatSync(path.join(root, name));
      if (name !== functionEntry)
        problems.push(`${JSON.stringify(name)}: 関数の成果物の根にあってはいけない`);
      else if (!stats.isFile()) problems.push(`${name}: 普通のファイルではない（${kind(stats)}）`);
    }
    if (!present.includes(functionEntry)) problems.push(`${functionEntry}: 成果物に無い`);
  }
  const functionsStats = lstatSync(path.join(target, 'functions'), {throwIfNoEntry: false});
  if (!functionsStats?.isDirectory()) problems.push('functions: 取り出しに普通のフォルダーが無い');
  if (lstatSync(path.join(target, functionTarget), {throwIfNoEntry: false}))
    problems.push(`${functionTarget}: 写す先に既にある`);
  if (problems.length > 0) {
    throw new Error(`成果物を使えません（何も写していません）:\n- ${problems.join('\n- ')}`);
  }
  mkdirSync(path.join(target, functionTarget));
  copyFileSync(
    path.join(realpathSync(source), functionEntry),
    path.join(target, functionTarget, functionEntry),
    constants.COPYFILE_EXCL,
  );
}

function main(args: readonly string[]): void {
  if (args[0] === '--function') {
    if (args.length !== 2) {
      console.error('usage: node scripts/unpack-artifact.mts --function <artifact folder>');
      process.exitCode = 2;
      return;
    }
    try {
      unpackFunction(args[1], process.cwd());
      console.log(`成果物から ${functionTarget}/${functionEntry} を写しました`);
    } catch (error) {
      console.error((error as Error).message);
      process.exitCode = 1;
    }
    return;
  }
  const [source, ...wanted] = args;
  if (!source || wanted.length === 0) {
    console.error('usage: node scripts/unpack-artifact.mts <artifact folder> <folder to copy>...');
    process.exitCode = 2;
    return;
  }
  try {
    unpackArtifact(source, process.cwd(), wanted);
    console.log(`成果物から ${wanted.join('、')} を写しました`);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}

main(process.argv.slice(2));
