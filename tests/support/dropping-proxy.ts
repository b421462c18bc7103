/**
 * サイトの配信の前に立つループバックの中継（issue 53）。決めたパスへの最初の要求だけ、答えの途中で接続を
 * リセットする（電車やトンネルで途切れた要求）か、答えずに待たせる（読み込みの途中でページを離れる場面を作る）。
 * ほかの要求は、見出しも圧縮もそのまま配信から渡す。
 *
 * 答えを何も送らずに切ると、ブラウザーは使い回した接続の失敗として黙って送り直すことがある（Firefox も WebKit も、
 * keep-alive の接続が閉じかけていた場合に備えている）。読者に起きる「途中で切れた読み込み」にするため、見出しと
 * 本文の前半を送ってから RST で切る。
 */
import {createServer, request, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';

export type DroppingProxy = {
  /** http://127.0.0.1:<port>（末尾のスラッシュなし）。配信とは別のオリジン。 */
  readonly baseURL: string;
  /** 途中で切った要求のパス（切った順）。 */
  dropped(): string[];
  /** 答えずに待たせている（待たせた）要求のパス（届いた順）。 */
  held(): string[];
  stop(): Promise<void>;
};

function forward(
  upstream: URL,
  incoming: IncomingMessage,
  onAnswer: (answer: IncomingMessage) => void,
): void {
  const outgoing = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: incoming.method,
      path: incoming.url,
      headers: incoming.headers,
    },
    onAnswer,
  );
  outgoing.on('error', () => incoming.socket.destroy());
  incoming.pipe(outgoing);
}

/** 見出しと本文の前半だけを送り、接続をリセットする。 */
function dropHalfway(answer: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  answer.on('data', (chunk: Buffer) => chunks.push(chunk));
  answer.on('end', () => {
    const body = Buffer.concat(chunks);
    response.writeHead(answer.statusCode ?? 200, answer.rawHeaders);
    response.write(body.subarray(0, Math.floor(body.length / 2)), () => {
      response.socket?.resetAndDestroy();
    });
  });
}

export type FaultRules = {
  /** 真のパスは、最初の GET だけ答えの途中で接続をリセットする。 */
  readonly drop?: (pathname: string) => boolean;
  /** 真のパスは、最初の GET に答えない（ブラウザーが取りやめるか、中継を止めるまで）。 */
  readonly hold?: (pathname: string) => boolean;
};

/** upstream（http://127.0.0.1:<port>）の前に中継を立て、rules のとおりに最初の要求だけをしくじる。 */
export async function startDroppingProxy(
  upstream: string,
  rules: FaultRules,
): Promise<DroppingProxy> {
  const target = new URL(upstream);
  const dropped: string[] = [];
  const held: string[] = [];
  const server = createServer((incoming, response) => {
    const pathname = new URL(incoming.url ?? '/', 'http://proxy').pathname;
    const first =
      incoming.method === 'GET' && !dropped.includes(pathname) && !held.includes(pathname);
    if (first && rules.hold?.(pathname)) {
      held.push(pathname);
      return;
    }
    const drop = first && Boolean(rules.drop?.(pathname));
    if (drop) dropped.push(pathname);
    forward(target, incoming, (answer) => {
      if (drop) {
        dropHalfway(answer, response);
        return;
      }
      response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(response);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const {port} = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    dropped: () => [...dropped],
    held: () => [...held],
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
