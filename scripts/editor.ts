/**
 * エディター（/admin/）を組む: Docusaurus のビルドのあとで `npm run build` が呼ぶ（build/admin/）。
 *
 *   tsx scripts/editor.ts [出力のフォルダー]   （既定は BUILD_DIR か build）
 *   tsx scripts/editor.ts --dev              （npm run editor の開発サーバーが配るフォルダーへ）
 */
import {bundleEditor} from '../plugins/editor/bundle';
import {editorDevDir} from '../plugins/editor/dev';

const args = process.argv.slice(2);
const outDir = args.includes('--dev')
  ? editorDevDir
  : (args.find((arg) => !arg.startsWith('--')) ?? process.env.BUILD_DIR ?? 'build');

const started = performance.now();
bundleEditor(process.cwd(), outDir).then(
  () =>
    console.log(
      `[denki-editor] エディターを ${outDir}/admin/ に組みました（${Math.round(performance.now() - started)} ms）`,
    ),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
