/**
 * ベンチ用サーバーの起動口（子プロセス用）: tsx scripts/bench/serve.ts <folder> <port>
 * 本番と同じく圧縮して送る。圧縮なしで測ると、Lighthouse の模擬回線では本番より JS が数倍重く見えるため。
 */
import {readHostingConfig, startHostingServer} from '../../lib/hosting';

const [folder, portText] = process.argv.slice(2);
if (!folder || !portText) {
  console.error('usage: tsx scripts/bench/serve.ts <folder> <port>');
  process.exit(2);
}

// ループバックだけで待ち受ける。
startHostingServer({...readHostingConfig(), public: folder}, Number(portText), '127.0.0.1', {
  compression: true,
}).then(
  () => console.log(`bench server: ${folder} on http://127.0.0.1:${portText}/`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
