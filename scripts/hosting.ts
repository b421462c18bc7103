/**
 * firebase.json の hosting 設定（cleanUrls・trailingSlash・headers・redirects・404）を
 * ローカルで再現する小さな静的サーバー。テストとプレビューで本番と同じ振る舞いを確かめる。
 */
import {createReadStream, readFileSync, statSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
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
  readonly headers?: readonly HeaderRule[];
  readonly redirects?: readonly RedirectRule[];
};

const contentTypes: Readonly<Record<string, string>> = {
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
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
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

/** URL のパスを公開フォルダ内のファイルに対応させる。フォルダの外は決して返さない。 */
export function resolveFile(root: string, urlPath: string, cleanUrls: boolean): string | undefined {
  const base = path.resolve(root);
  const target = path.resolve(base, `.${urlPath}`);
  if (target !== base && !target.startsWith(base + path.sep)) return undefined;
  const candidates = [
    target,
    ...(cleanUrls ? [`${target}.html`] : []),
    path.join(target, 'index.html'),
  ];
  return candidates.find(isFile);
}

export function headersFor(config: HostingConfig, urlPath: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of config.headers ?? []) {
    if (minimatch(urlPath, rule.source, {dot: true})) {
      for (const {key, value} of rule.headers) result[key] = value;
    }
  }
  return result;
}

function decodePath(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** trailingSlash と cleanUrls の正規化先。正規化が不要なら undefined。 */
export function canonicalPath(config: HostingConfig, urlPath: string): string | undefined {
  let next = urlPath;
  if (config.cleanUrls && next.endsWith('.html')) {
    next = next.slice(0, -'.html'.length);
    if (next.endsWith('/index')) next = next.slice(0, -'index'.length);
  }
  if (config.trailingSlash === false && next.length > 1 && next.endsWith('/')) {
    next = next.replace(/\/+$/, '') || '/';
  }
  return next === urlPath ? undefined : next;
}

function send(
  res: ServerResponse,
  status: number,
  file: string,
  headers: Record<string, string>,
  method: string,
): void {
  const type = contentTypes[path.extname(file)] ?? 'application/octet-stream';
  res.writeHead(status, {'Content-Type': type, ...headers});
  if (method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}

export function handle(config: HostingConfig, req: IncomingMessage, res: ServerResponse): void {
  const root = path.resolve(config.public);
  const method = req.method ?? 'GET';
  const url = new URL(req.url ?? '/', 'http://localhost');
  const urlPath = decodePath(url.pathname);
  const notFound = (): void => {
    const page = path.join(root, '404.html');
    send(res, 404, page, headersFor(config, '/404.html'), method);
  };
  if (urlPath === undefined || urlPath.includes('\0')) {
    notFound();
    return;
  }
  for (const rule of config.redirects ?? []) {
    if (minimatch(urlPath, rule.source, {dot: true})) {
      res.writeHead(rule.type ?? 301, {Location: rule.destination});
      res.end();
      return;
    }
  }
  const canonical = canonicalPath(config, urlPath);
  if (canonical !== undefined && resolveFile(root, canonical, config.cleanUrls ?? false)) {
    res.writeHead(301, {Location: encodeURI(canonical) + url.search});
    res.end();
    return;
  }
  const file = resolveFile(root, urlPath, config.cleanUrls ?? false);
  if (!file) {
    notFound();
    return;
  }
  const publicPath = '/' + path.relative(root, file).split(path.sep).join('/');
  send(res, 200, file, {...headersFor(config, publicPath), ...headersFor(config, urlPath)}, method);
}

export function startHostingServer(
  config: HostingConfig,
  port: number,
  host = '127.0.0.1',
): Promise<Server> {
  const server = createServer((req, res) => handle(config, req, res));
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
