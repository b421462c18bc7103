/**
 * ビルド済みサイトを firebase.json の hosting 設定どおりに配信する。配信するのは
 * Firebase Hosting エミュレーターと同じ superstatic で、規則を自前で書き直さない。
 *
 * superstatic がそのままでは 500 を返す 2 つの場合だけを手当てする:
 * - パーセントエンコードの壊れたパス（`/%zz` など）は URIError になる。手前の小さな門で 400 と
 *   日本語の短い文を返す。
 * - ファイル名として長すぎるパス（ENAMETOOLONG）。ファイルの読み出し口（provider）を包み、
 *   「無い」として 404 ページを返させる。
 */
import {readFileSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import {createRequire} from 'node:module';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import type {NextHandleFunction} from 'connect';
import superstatic from 'superstatic';
import type {Configuration} from 'superstatic/lib/config';
import {hostingTargets, type HostingTarget} from '../src/constants/editor-sign-in';

export type HostingConfig = {
  /** Hosting の target（.firebaserc がサイトの名前に結ぶ）。 */
  readonly target?: string;
  /** 公開するフォルダ（firebase.json と同じく作業フォルダからの相対パスか、絶対パス）。 */
  readonly public: string;
  readonly cleanUrls?: boolean;
  readonly trailingSlash?: boolean;
  readonly ignore?: readonly string[];
  readonly headers?: readonly {
    readonly source: string;
    readonly headers: readonly {readonly key: string; readonly value: string}[];
  }[];
  readonly redirects?: readonly {
    readonly source: string;
    readonly destination: string;
    readonly type?: number;
  }[];
  /** Cloud Functions へ回すパス（Firebase Hosting の rewrites。function は関数の名前か、functionId を持つもの）。 */
  readonly rewrites?: readonly {
    readonly source: string;
    readonly function?: string | {readonly functionId: string; readonly region?: string};
    readonly destination?: string;
  }[];
};

/** 関数の代わりに答える処理（node:http の req と res）。 */
export type FunctionHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export type HostingOptions = {
  /**
   * Firebase Hosting のように、Accept-Encoding に応じて圧縮できる種類を brotli / gzip で送り、
   * Vary: Accept-Encoding を付ける（superstatic の compression）。既定は true。
   */
  readonly compression?: boolean;
  /**
   * rewrites の関数の名前ごとに、その関数の代わりに答える処理（テストがログインの関数を同じオリジンで動かす）。
   * 無い関数へ回るパスには、手元では動かないことを日本語で伝える 503 を返す。
   */
  readonly functions?: Readonly<Record<string, FunctionHandler>>;
};

/** 手元の配信に無い関数へ回るパスへの答えの本文。 */
export const missingFunctionMessage =
  'このアドレスは Cloud Functions が答えるもので、手元の配信では動きません。';

/** 壊れたパーセントエンコードのパスへの答えの本文。 */
export const malformedPathMessage = 'URL のパーセントエンコードが正しくないため、表示できません。';

type Provider = (req: IncomingMessage, pathname: string) => Promise<unknown>;

/** superstatic 既定のファイルの読み出し口。型定義が公開されていないので require で読む。 */
const fsProvider = createRequire(__filename)('superstatic/lib/providers/fs') as (options: {
  readonly cwd: string;
  readonly public: string;
}) => Provider;

/**
 * 長すぎて OS がファイル名として受け付けないパスを、500 ではなく「無い」（404）にする。
 * 確かめたあとで読み出す前にファイルが消えたら（テストが一時フォルダを消したときなど）、superstatic は
 * 読み出しの失敗を受けずにプロセスを落とすので、その接続だけを切る。
 */
function siteFiles(root: string): Provider {
  const read = fsProvider({cwd: root, public: '.'});
  return async (req, pathname) => {
    try {
      const file = (await read(req, pathname)) as {stream?: NodeJS.ReadableStream} | null;
      file?.stream?.on('error', () => req.socket.destroy());
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENAMETOOLONG') return null;
      throw error;
    }
  };
}

/**
 * firebase.json の hosting のうち、target のサイトの設定。読者のサイト（site）とエディターのサイト（editor）は
 * 別のオリジンなので、手元でも別のポートで配る。
 */
export function readHostingConfig(
  target: HostingTarget = hostingTargets.site,
  file = 'firebase.json',
): HostingConfig {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as {hosting: HostingConfig[]};
  const found = parsed.hosting.find((config) => config.target === target);
  if (!found) throw new Error(`${file} に hosting の target「${target}」がありません。`);
  return found;
}

/** リクエスト URL のパス部分（クエリとハッシュより前）が正しくパーセントエンコードされているか。 */
export function hasValidPercentEncoding(rawUrl: string): boolean {
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '';
  try {
    decodeURIComponent(rawPath);
    return true;
  } catch {
    return false;
  }
}

type FunctionRewrite = {readonly function: string | {readonly functionId: string}};

/**
 * クエリとハッシュの壊れたパーセントエンコード（?q=%zz）を %25 にした URL。superstatic の redirects は URL 全体を
 * decodeURI するので、転送の規則のあるサイトでは、そのままだと例外でプロセスが落ちる。パスは門が先に断るので、
 * 直すのはクエリから後ろだけ（ファイルの選び方は変わらない）。
 */
export function withDecodableQuery(rawUrl: string): string {
  const at = rawUrl.search(/[?#]/);
  if (at < 0) return rawUrl;
  const tail = rawUrl.slice(at);
  const decodable = (text: string): boolean => {
    try {
      decodeURI(text);
      return true;
    } catch {
      return false;
    }
  };
  if (decodable(tail)) return rawUrl;
  const fixed = tail.replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
  return rawUrl.slice(0, at) + (decodable(fixed) ? fixed : tail.replace(/%/g, '%25'));
}

/** superstatic の rewriters: 関数の名前から、答える処理（middleware）を選ぶ。 */
function functionRewriter(functions: Readonly<Record<string, FunctionHandler>>) {
  return async (rewrite: FunctionRewrite) => {
    const name =
      typeof rewrite.function === 'string' ? rewrite.function : rewrite.function.functionId;
    const handler = functions[name];
    return (req: IncomingMessage, res: ServerResponse) => {
      if (handler) {
        void Promise.resolve(handler(req, res)).catch((error: unknown) => {
          console.error(error);
          if (!res.headersSent) res.statusCode = 500;
          res.end();
        });
        return;
      }
      const body = Buffer.from(missingFunctionMessage);
      res.writeHead(503, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': String(body.length),
      });
      res.end(body);
    };
  };
}

/** 門（壊れたパスに 400）と superstatic をつないだリクエストの処理。 */
export function hostingHandler(
  config: HostingConfig,
  options: HostingOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  // provider は公開の型定義に無いので、リテラルでなく変数として渡す。設定は superstatic が書き換えるので複製する。
  const spec = {
    provider: siteFiles(path.resolve(config.public)),
    config: structuredClone(config) as Configuration,
    compression: options.compression ?? true,
    fallthrough: false,
    // Firebase Hosting と同じく、ヘッダーの規則を当ててから関数に回す（同じ名前のヘッダーは規則が勝つ）。
    rewriters: {function: functionRewriter(options.functions ?? {})},
  };
  const site = superstatic(spec) as NextHandleFunction;
  return (req, res) => {
    if (!hasValidPercentEncoding(req.url ?? '/')) {
      const body = Buffer.from(malformedPathMessage);
      res.writeHead(400, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': String(body.length),
      });
      res.end(body);
      return;
    }
    req.url = withDecodableQuery(req.url ?? '/');
    site(req, res, (error?: unknown) => {
      // fallthrough: false なので、ここに来るのは superstatic の中の失敗だけ。
      if (error) console.error(error);
      res.statusCode = 500;
      res.end();
    });
  };
}

/** サーバーを起動する。port 0 なら空いている番号を選ぶ（実際の URL は serverUrl で得る）。 */
export function startHostingServer(
  config: HostingConfig,
  port: number,
  host = '127.0.0.1',
  options: HostingOptions = {},
): Promise<Server> {
  const server = createServer(hostingHandler(config, options));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

export function serverUrl(server: Server): string {
  const {address, port} = server.address() as AddressInfo;
  return `http://${address}:${port}`;
}
