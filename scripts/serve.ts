/**
 * ビルド済みの 2 つのサイトを firebase.json の規則どおりに superstatic で配信する:
 *   tsx scripts/serve.ts [port] [--editor-port=N] [--only=site|editor] [--no-compression]
 * 読者のサイト（hosting の target「site」、BUILD_DIR か build/）を port で、エディターのサイト（target「editor」、
 * EDITOR_BUILD_DIR か build-editor/）を別のオリジン（既定は port + 1）で配る。本番と同じく、エディターのトークンは
 * 読者のサイトのオリジンから読めない。手元の配信のエディターの CSP だけは、手元の decap-server（ループバック）に
 * つなげる（lib/csp.ts）。HOST と、規則を読む firebase.json の場所 HOSTING_CONFIG（既定はこのリポジトリーのもの）も読む。
 * Firebase Hosting と同じく、読者の Accept-Encoding に応じて brotli / gzip で圧縮して送る（npm run serve:build、
 * テスト、ベンチのどれも）。--no-compression は圧縮しない（比べるとき用。圧縮前のバイトが要るテストは、
 * 要求に Accept-Encoding: identity を付ける）。テストとベンチは lib/site-server.ts から起こす。
 */
import {withLoopbackEditorCsp} from '../lib/csp';
import {readHostingConfig, startHostingServer} from '../lib/hosting';
import {editorPath, hostingTargets, type HostingTarget} from '../src/constants/editor-sign-in';

const args = process.argv.slice(2);
const option = (name: string): string | undefined =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const compression = !args.includes('--no-compression');
const port = Number(args.find((arg) => !arg.startsWith('--')) ?? process.env.PORT ?? 3000);
const editorPort = Number(option('editor-port') ?? port + 1);
const only = option('only') as HostingTarget | undefined;
const host = process.env.HOST ?? '127.0.0.1';

const sites = [
  {
    target: hostingTargets.site,
    port,
    dir: process.env.BUILD_DIR,
    name: '電鬼 docs を',
  },
  {
    target: hostingTargets.editor,
    port: editorPort,
    dir: process.env.EDITOR_BUILD_DIR,
    name: 'エディターを',
  },
].filter((site) => !only || site.target === only);

Promise.all(
  sites.map(async (site) => {
    const config = withLoopbackEditorCsp(
      readHostingConfig(site.target, process.env.HOSTING_CONFIG ?? 'firebase.json'),
    );
    await startHostingServer({...config, public: site.dir ?? config.public}, site.port, host, {
      compression,
    });
    const path = site.target === hostingTargets.editor ? editorPath : '/';
    return `${site.name} http://${host}:${site.port}${path} で`;
  }),
).then(
  (served) => console.log(`${served.join('、')}配信しています（Ctrl+C で停止）`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
