/** ビルド済みサイトを firebase.json の規則どおりに superstatic で配信する: tsx scripts/serve.ts [port]（BUILD_DIR・HOST も読む） */
import {readHostingConfig, startHostingServer} from '../lib/hosting';

const port = Number(process.argv[2] ?? process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

const config = readHostingConfig();
const siteDir = process.env.BUILD_DIR ?? config.public;

startHostingServer({...config, public: siteDir}, port, host).then(() => {
  console.log(`電鬼 docs を http://${host}:${port}/ で配信しています（Ctrl+C で停止）`);
});
