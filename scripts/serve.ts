/**
 * ビルド済みサイトを firebase.json の規則どおりに superstatic で配信する（BUILD_DIR・HOST も読む）:
 *   tsx scripts/serve.ts [port] [--no-compression]
 * Firebase Hosting と同じく、読者の Accept-Encoding に応じて brotli / gzip で圧縮して送る（npm run serve:build、
 * テスト、ベンチのどれも）。--no-compression は圧縮しない（比べるとき用。圧縮前のバイトが要るテストは、
 * 要求に Accept-Encoding: identity を付ける）。テストとベンチは lib/site-server.ts から起こす。
 */
import {readHostingConfig, startHostingServer} from '../lib/hosting';

const args = process.argv.slice(2);
const compression = !args.includes('--no-compression');
const port = Number(args.find((arg) => !arg.startsWith('--')) ?? process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

const config = readHostingConfig();
const siteDir = process.env.BUILD_DIR ?? config.public;

startHostingServer({...config, public: siteDir}, port, host, {compression}).then(
  () => console.log(`電鬼 docs を http://${host}:${port}/ で配信しています（Ctrl+C で停止）`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
