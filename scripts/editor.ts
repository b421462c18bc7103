/**
 * エディター（/admin/）を組む: Docusaurus のビルドのあとで `npm run build` が呼ぶ。エディターは読者のサイトとは
 * 別のオリジン（firebase.json の hosting の target「editor」）で配るので、読者の build/ ではなく、そのサイトの
 * public のフォルダー（build-editor/）に組む。
 *
 *   tsx scripts/editor.ts [出力のフォルダー]   （既定は EDITOR_BUILD_DIR か、firebase.json の editor の public）
 *   tsx scripts/editor.ts --dev              （npm run editor の開発サーバーが配るフォルダーへ）
 */
import {readHostingConfig} from '../lib/hosting';
import {bundleEditor} from '../plugins/editor/bundle';
import {editorDevDir} from '../plugins/editor/dev';
import {hostingTargets} from '../src/constants/editor-sign-in';

const args = process.argv.slice(2);
const dev = args.includes('--dev');
const outDir = dev
  ? editorDevDir
  : (args.find((arg) => !arg.startsWith('--')) ??
    process.env.EDITOR_BUILD_DIR ??
    readHostingConfig(hostingTargets.editor).public);

const started = performance.now();
bundleEditor(process.cwd(), outDir, {siteImages: !dev}).then(
  () =>
    console.log(
      `[denki-editor] エディターを ${outDir}/admin/ に組みました（${Math.round(performance.now() - started)} ms）`,
    ),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
