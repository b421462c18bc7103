/**
 * 事務局のフォルダー（blog/、src/data/）の中を lstat でたどり、内容の一覧（content-allowlist.mts）に無いものを
 * 挙げる（issue 65）。スクリプト、スペック、.json のそばの .ts、.mdx、.svg、.htm、シンボリックリンク、実行できる
 * ファイル、一覧に無いフォルダーを断る。ビルド（docusaurus.config.ts が設定を読む最初に）と、CI のどのジョブも
 * ブランチのスクリプトを動かす前に使う（scripts/check-content-files.mts）。
 * npm のパッケージを使わず、Node.js 24 が型を外してそのまま動かせる書き方だけを使う（npm ci の前に動くため）。
 */
import {lstatSync, readdirSync, type Stats} from 'node:fs';
import path from 'node:path';
import {
  contentRules,
  officeEntryProblem,
  officeFolders,
  ownedOfficeFiles,
  type OfficeEntry,
} from './content-allowlist.mts';

export type OfficeProblem = {readonly path: string; readonly reason: string};

function entryType(stats: Stats): OfficeEntry['type'] {
  if (stats.isSymbolicLink()) return 'symlink';
  if (stats.isDirectory()) return 'folder';
  if (stats.isFile()) return 'file';
  return 'other';
}

/** root（リポジトリーの根）の事務局のフォルダーの中の置けないものと、確かめたファイルの数。 */
export function officeFolderProblems(root: string): {problems: OfficeProblem[]; files: number} {
  const problems: OfficeProblem[] = [];
  let files = 0;
  const visit = (relative: string): void => {
    let stats: Stats;
    try {
      stats = lstatSync(path.join(root, relative));
    } catch {
      return;
    }
    const type = entryType(stats);
    if (type === 'file') files += 1;
    const problem = officeEntryProblem({
      path: relative,
      type,
      executable: type === 'file' && (stats.mode & 0o111) !== 0,
    });
    if (problem) problems.push({path: relative, reason: problem});
    // 断ったフォルダーの中も、ファイルを 1 つずつ挙げる（リンクはたどらない）。
    if (type !== 'folder') return;
    for (const name of readdirSync(path.join(root, relative)).sort()) visit(`${relative}/${name}`);
  };
  for (const folder of officeFolders) visit(folder);
  return {problems, files};
}

/** 名前に使われると、ログの行を偽れる文字（制御文字）。 */
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f]/;

/** 名前に制御文字があれば、JSON の文字列で書く。 */
const shown = (file: string): string => (controlCharacter.test(file) ? JSON.stringify(file) : file);

/** 置けないものを挙げた日本語の知らせ（ビルドと CI の検査が出す）。 */
export function officeProblemsMessage(problems: readonly OfficeProblem[]): string {
  return [
    `事務局のフォルダー（${officeFolders.map((folder) => `${folder}/`).join('、')}）に置けないものがあるので、止めます。` +
      `ここに置けるのは、事務局が持ち主の承認なしに公開できる内容（${contentRules.map((rule) => rule.label).join('、')}）と、` +
      `持ち主のファイル（${ownedOfficeFiles.join('、')}）だけです（lib/content-allowlist.mts）。` +
      'コードやテストが内容のふりをして、持ち主の承認なしに動かないようにするためです。',
    ...problems.map((problem) => `- ${shown(problem.path)}: ${problem.reason}`),
  ].join('\n');
}

/** 事務局のフォルダーに置けないものがあれば、それを挙げて投げる（ビルドを止める）。 */
export function assertOfficeFolders(root: string): void {
  const {problems} = officeFolderProblems(root);
  if (problems.length > 0) throw new Error(officeProblemsMessage(problems));
}
