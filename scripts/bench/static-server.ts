/**
 * ベンチ用の静的サーバー。scripts/hosting.ts の解決規則（resolveRequest）はそのままに、
 * Firebase Hosting と同じくテキストの brotli / gzip 圧縮を加える。
 * 圧縮なしで測ると、Lighthouse の模擬回線では本番より JS が数倍重く見えるため。
 */
import {readFileSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import path from 'node:path';
import {brotliCompressSync, constants, gzipSync} from 'node:zlib';
import {
  contentTypes,
  decodePath,
  headersFor,
  resolveRequest,
  splitRequestUrl,
  type HostingConfig,
} from '../hosting';

const compressibleTypes = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg)/;

type Encoding = 'br' | 'gzip' | 'identity';

function pickEncoding(header: string | string[] | undefined): Encoding {
  const accepted = String(header ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/** 同じファイルを何度も圧縮しないよう、中身と圧縮結果を覚えておく。 */
const cache = new Map<string, Buffer>();

function body(file: string, encoding: Encoding): Buffer {
  const key = `${encoding}:${file}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const raw = readFileSync(file);
  const encoded =
    encoding === 'br'
      ? brotliCompressSync(raw, {params: {[constants.BROTLI_PARAM_QUALITY]: 6}})
      : encoding === 'gzip'
        ? gzipSync(raw)
        : raw;
  cache.set(key, encoded);
  return encoded;
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  file: string,
  headers: Record<string, string>,
): void {
  const type = contentTypes[path.extname(file)] ?? 'application/octet-stream';
  const encoding = compressibleTypes.test(type)
    ? pickEncoding(req.headers['accept-encoding'])
    : 'identity';
  const content = body(file, encoding);
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': String(content.length),
    Vary: 'Accept-Encoding',
    ...(encoding === 'identity' ? {} : {'Content-Encoding': encoding}),
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : content);
}

function handle(config: HostingConfig, req: IncomingMessage, res: ServerResponse): void {
  const rawUrl = req.url ?? '/';
  const answer = resolveRequest(config, req.method ?? 'GET', rawUrl);
  const headers = headersFor(config, decodePath(splitRequestUrl(rawUrl).rawPath) ?? '/404.html');
  if (answer.kind === 'file') {
    send(req, res, answer.status, answer.file, headers);
    return;
  }
  const extra = answer.kind === 'redirect' ? {Location: answer.location} : {Allow: 'GET, HEAD'};
  res.writeHead(answer.status, {...headers, ...extra});
  res.end();
}

export function startStaticServer(config: HostingConfig, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    try {
      handle(config, req, res);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  // ループバックだけで待ち受ける。
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
