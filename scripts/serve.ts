/**
 * ビルド済みサイトを firebase.json の規則どおりに superstatic で配信する（BUILD_DIR・HOST も読む）:
 *   tsx scripts/serve.ts [port] [--compression]
 * --compression は Firebase Hosting のように brotli / gzip で圧縮して送る。ベンチが使う: 圧縮なしで測ると、
 * Lighthouse の模擬回線では本番より JS が数倍重く見えるため。テストとベンチは lib/site-server.ts から起こす。
 */
import {readHostingConfig, startHostingServer} from '../lib/hosting';

const args = process.argv.slice(2);
const compression = args.includes('--compression');
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
