/** ベンチ用サーバーの起動口（子プロセス用）: tsx scripts/bench/serve.ts <folder> <port> */
import {readHostingConfig} from '../hosting';
import {startStaticServer} from './static-server';

const [folder, portText] = process.argv.slice(2);
if (!folder || !portText) {
  console.error('usage: tsx scripts/bench/serve.ts <folder> <port>');
  process.exit(2);
}

startStaticServer({...readHostingConfig(), public: folder}, Number(portText)).then(
  () => console.log(`bench server: ${folder} on http://127.0.0.1:${portText}/`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
