/**
 * CI のどのジョブも、ブランチを取り出したら最初に（npm ci やパッケージのスクリプトより前に）動かす検査（issue 65）。
 * 事務局のフォルダー（blog/、src/data/）に、内容の一覧（lib/content-allowlist.mts）に無いもの（スクリプト、スペック、
 * .json のそばの .ts、.mdx、.svg、.htm、シンボリックリンク、実行できるファイル、一覧に無いフォルダー）があれば、
 * 1 つずつ挙げて 1 で終わる。ビルドも同じ検査を最初にする（docusaurus.config.ts）。
 *
 *   node scripts/check-content-files.mts [リポジトリーの根。既定はこのスクリプトの 1 つ上]
 *
 * npm のパッケージを使わないので、npm ci をせずに Node.js 24（.mts の型を外して動かす）だけで動く。
 */
import path from 'node:path';
import {officeFolderProblems, officeProblemsMessage} from '../lib/content-files.mts';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const {problems, files} = officeFolderProblems(root);
if (problems.length > 0) {
  console.error(officeProblemsMessage(problems));
  process.exit(1);
}
console.log(`事務局のフォルダーには、置けるものだけがあります（${files} ファイル）。`);
