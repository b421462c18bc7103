/**
 * firebase.json の hosting 設定（cleanUrls・trailingSlash・headers・redirects・ignore・404）を
 * ローカルで再現する小さな静的サーバー。テストとプレビューで本番と同じ振る舞いを確かめる。
 *
 * Firebase Hosting と同じく、headers と redirects の `source` はリクエスト URL のパス
 * （クリーン URL のまま）に glob で照合し、同じキーは後に書いた規則が勝つ。
 */
import {createReadStream, readFileSync, statSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {minimatch} from 'minimatch';

export type HeaderRule = {
  readonly source: string;
  readonly headers: readonly {readonly key: string; readonly value: string}[];
};

export type RedirectRule = {
  readonly source: string;
  readonly destination: string;
  readonly type?: 301 | 302;
};

export type HostingConfig = {
  readonly public: string;
  readonly cleanUrls?: boolean;
  readonly trailingSlash?: boolean;
  readonly ignore?: readonly string[];
  readonly headers?: readonly HeaderRule[];
  readonly redirects?: readonly RedirectRule[];
};

/** 1 件のリクエストへの答え。ファイル・リダイレクト・エラーのいずれか。 */
export type HostingResponse =
  | {readonly kind: 'file'; readonly status: 200 | 404; readonly file: string}
  | {readonly kind: 'redirect'; readonly status: 301 | 302; readonly location: string}
  | {readonly kind: 'error'; readonly status: 405};

export const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.xsl': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.pf_meta': 'application/octet-stream',
};

export function readHostingConfig(file = 'firebase.json'): HostingConfig {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as {hosting: HostingConfig};
  return parsed.hosting;
}

function isFile(candidate: string): boolean {
  try {
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
}

/** デプロイされないファイル（firebase.json の ignore。既定はドットファイル）。 */
export function isIgnored(config: HostingConfig, publicPath: string): boolean {
  const relative = publicPath.replace(/^\/+/, '');
  const patterns = config.ignore ?? ['firebase.json', '**/.*', '**/node_modules/**'];
  return patterns.some((pattern) => minimatch(relative, pattern, {dot: true}));
}

/** URL のパスを公開フォルダ内のファイルに対応させる。フォルダの外は決して返さない。 */
export function resolveFile(root: string, urlPath: string, cleanUrls: boolean): string | undefined {
  const base = path.resolve(root);
  const target = path.resolve(base, `.${urlPath}`);
  if (target !== base && !target.startsWith(base + path.sep)) return undefined;
  const candidates = [
    ...(urlPath.endsWith('/') ? [] : [target]),
    ...(cleanUrls && !urlPath.endsWith('/') ? [`${target}.html`] : []),
    path.join(target, 'index.html'),
  ];
  return candidates.find(isFile);
}

/** リクエストのパスに一致する規則のヘッダーを順に重ねる（同じキーは後の規則が勝つ）。 */
export function headersFor(config: HostingConfig, urlPath: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of config.headers ?? []) {
    if (minimatch(urlPath, rule.source, {dot: true})) {
      for (const {key, value} of rule.headers) result[key] = value;
    }
  }
  return result;
}

/** 生のリクエスト URL からパスとクエリを分ける。`//host` をホスト名とみなさない。 */
export function splitRequestUrl(raw: string): {readonly rawPath: string; readonly search: string} {
  const noHash = raw.split('#', 1)[0] ?? '';
  const queryAt = noHash.indexOf('?');
  const rawPath = queryAt === -1 ? noHash : noHash.slice(0, queryAt);
  const search = queryAt === -1 ? '' : noHash.slice(queryAt);
  return {rawPath: rawPath.startsWith('/') ? rawPath : `/${rawPath}`, search};
}

/** パーセントエンコードを解く。壊れた列（`%zz` など）や NUL は undefined。 */
export function decodePath(raw: string): string | undefined {
  try {
    const decoded = decodeURIComponent(raw);
    return decoded.includes('\0') ? undefined : decoded;
  } catch {
    return undefined;
  }
}

/**
 * trailingSlash と cleanUrls の正規化先。正規化が不要なら undefined。
 * 連続するスラッシュは 1 つにまとめ、`//host` のようなプロトコル相対の行き先を作らない。
 */
export function canonicalPath(config: HostingConfig, urlPath: string): string | undefined {
  let next = urlPath.replace(/\/{2,}/g, '/');
  if (config.cleanUrls && next.endsWith('.html')) {
    next = next.slice(0, -'.html'.length);
    if (next.endsWith('/index')) next = next.slice(0, -'index'.length);
  }
  if (config.trailingSlash === false && next.length > 1 && next.endsWith('/')) {
    next = next.replace(/\/+$/, '') || '/';
  }
  return next === urlPath ? undefined : next;
}

/** Location ヘッダー用にパスをエンコードする（`%` `?` `#` も含めて安全に）。 */
export function encodeLocation(urlPath: string): string {
  return urlPath
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/** リクエスト 1 件を、本番の Firebase Hosting と同じ順序で解決する。 */
export function resolveRequest(
  config: HostingConfig,
  method: string,
  rawUrl: string,
): HostingResponse {
  const root = path.resolve(config.public);
  const cleanUrls = config.cleanUrls ?? false;
  const notFound: HostingResponse = {kind: 'file', status: 404, file: path.join(root, '404.html')};
  if (method !== 'GET' && method !== 'HEAD') return {kind: 'error', status: 405};
  const {rawPath, search} = splitRequestUrl(rawUrl);
  const urlPath = decodePath(rawPath);
  if (urlPath === undefined) return notFound;
  for (const rule of config.redirects ?? []) {
    if (minimatch(urlPath, rule.source, {dot: true})) {
      return {kind: 'redirect', status: rule.type ?? 301, location: rule.destination};
    }
  }
  const servable = (candidate: string): string | undefined => {
    const file = resolveFile(root, candidate, cleanUrls);
    if (!file) return undefined;
    const publicPath = '/' + path.relative(root, file).split(path.sep).join('/');
    return isIgnored(config, publicPath) ? undefined : file;
  };
  const canonical = canonicalPath(config, urlPath);
  if (canonical !== undefined && servable(canonical)) {
    return {kind: 'redirect', status: 301, location: encodeLocation(canonical) + search};
  }
  const file = canonical === undefined ? servable(urlPath) : undefined;
  return file ? {kind: 'file', status: 200, file} : notFound;
}

export function handle(config: HostingConfig, req: IncomingMessage, res: ServerResponse): void {
  const method = req.method ?? 'GET';
  const rawUrl = req.url ?? '/';
  const answer = resolveRequest(config, method, rawUrl);
  const decoded = decodePath(splitRequestUrl(rawUrl).rawPath);
  const headers = headersFor(config, decoded ? path.posix.normalize(decoded) : '/404.html');
  if (answer.kind === 'redirect') {
    res.writeHead(answer.status, {...headers, Location: answer.location});
    res.end();
    return;
  }
  if (answer.kind === 'error') {
    res.writeHead(answer.status, {...headers, Allow: 'GET, HEAD'});
    res.end();
    return;
  }
  const type = contentTypes[path.extname(answer.file)] ?? 'application/octet-stream';
  res.writeHead(answer.status, {'Content-Type': type, ...headers});
  if (method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(answer.file)
    .on('error', () => res.destroy())
    .pipe(res);
}

/** サーバーを起動する。port 0 なら空いている番号を選ぶ（実際の URL は serverUrl で得る）。 */
export function startHostingServer(
  config: HostingConfig,
  port: number,
  host = '127.0.0.1',
): Promise<Server> {
  const server = createServer((req, res) => handle(config, req, res));
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

export function serverUrl(server: Server): string {
  const {address, port} = server.address() as AddressInfo;
  return `http://${address}:${port}`;
}
