/**
 * ログインの関数のテストの部品: GitHub の代わりのループバックのサーバー（承認の画面、GitHub App のユーザーの
 * アクセストークンの交換（8 時間で切れるトークン）、トークンの取り消し、REST API）と、ビルドしたエディターの
 * サイトを firebase.json（hosting の target「editor」）どおりに配信し /api/** をログインの関数
 * （functions/src/sign-in.ts）が答えるサーバー、読者のサイト（target「site」）を別のオリジンで配るサーバー
 * （Firebase Hosting の代わり）。どれも 127.0.0.1 だけで待ち受け、インターネットには出ない。
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {
  hostingTargets,
  signInCallbackPath,
  signInFunctionId,
  userTokenLifetimeSeconds,
} from '../../src/constants/editor-sign-in';
import {sourceRepository} from '../../src/constants/site';
import {hostingHandler, readHostingConfig} from '../../lib/hosting';
import {signInHandler, type SignInSettings} from '../src/sign-in';

export const clientId = 'stand-in-client-id';
export const clientSecret = 'stand-in-client-secret';
/** 最初に渡すユーザーのアクセストークン（GitHub App のものは ghu_ で始まる）。2 つ目からは番号を足す。 */
export const token = 'ghu_StandInTokenForTheOffice0123456789';
export const login = 'office-writer';

/** トークンの交換の答え方。 */
export type TokenMode = 'ok' | 'error' | 'server-error' | 'hang';

export type Recorded = {
  readonly method: string;
  readonly path: string;
  readonly authorization?: string;
};

export type GitHubStandIn = {
  readonly origin: string;
  /** 次からのトークンの交換の答え方。 */
  tokenMode: TokenMode;
  /** ログインしたアカウントがリポジトリーに書き込めるか。 */
  canPush: boolean;
  /**
   * トークンが切れるか（GitHub App の「Expire user authorization tokens」）。false なら、本物の GitHub と同じく
   * 交換の答えに expires_in もリフレッシュトークンも付けない（切れないトークン）。
   */
  expiringTokens: boolean;
  /** 受けた要求（トークンの交換の本文は tokenRequests）。 */
  readonly requests: Recorded[];
  readonly tokenRequests: URLSearchParams[];
  readonly authorizeRequests: URLSearchParams[];
  /** 渡したトークン（順に）。 */
  readonly issuedTokens: string[];
  /** アプリの Client ID と Client secret で取り消されたトークン（DELETE /applications/{client_id}/token）。 */
  readonly revokedTokens: string[];
  /** 渡したトークンをすべて切れたことにする（8 時間がたった。API は 401 Bad credentials を返す）。 */
  expireTokens(): void;
  close(): Promise<void>;
};

function listen(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as AddressInfo;
      resolve(`http://127.0.0.1:${port}`);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {'Content-Type': 'application/json; charset=utf-8'});
  res.end(JSON.stringify(body));
}

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** GitHub の代わり。承認の画面は、本物と同じく別のオリジンのページで、人が「承認」を押すと戻す。 */
export async function startGitHubStandIn(): Promise<GitHubStandIn> {
  const issuedCodes = new Set<string>();
  /** いま使えるトークン（切れたものと取り消したものは除く）。 */
  const liveTokens = new Set<string>();
  let codeCount = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      standIn.requests.push({
        method: req.method ?? '',
        path: url.pathname,
        authorization: req.headers.authorization,
      });
      if (url.pathname === '/login/oauth/authorize') {
        standIn.authorizeRequests.push(url.searchParams);
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        const state = url.searchParams.get('state') ?? '';
        const code = `code-${++codeCount}`;
        issuedCodes.add(code);
        const approve = new URL(back);
        approve.search = new URLSearchParams({code, state}).toString();
        const deny = new URL(back);
        deny.search = new URLSearchParams({
          error: 'access_denied',
          error_description: 'The user has denied your application access.',
          state,
        }).toString();
        res.writeHead(200, {'Content-Type': 'text/html; charset=utf-8'});
        res.end(`<!doctype html><html lang="en"><title>Authorize application</title>
<h1>Authorize ${escapeAttribute(url.searchParams.get('client_id') ?? '')}</h1>
<a id="approve" href="${escapeAttribute(approve.href)}">Authorize</a>
<a id="deny" href="${escapeAttribute(deny.href)}">Cancel</a></html>`);
        return;
      }
      if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
        const body = new URLSearchParams(await readBody(req));
        standIn.tokenRequests.push(body);
        if (standIn.tokenMode === 'hang') return; // 答えない（関数が時間を区切る）
        if (standIn.tokenMode === 'server-error') {
          res.writeHead(502, {'Content-Type': 'text/html'});
          res.end('<html><body>Bad gateway</body></html>');
          return;
        }
        const code = body.get('code') ?? '';
        const valid =
          standIn.tokenMode === 'ok' &&
          body.get('client_id') === clientId &&
          body.get('client_secret') === clientSecret &&
          issuedCodes.delete(code);
        if (!valid) {
          json(res, 200, {
            error: 'bad_verification_code',
            error_description: 'The code passed is incorrect or expired.',
          });
          return;
        }
        // GitHub App のユーザーのアクセストークン: scope は空、8 時間で切れ、リフレッシュトークンが付く。
        const issued =
          standIn.issuedTokens.length === 0 ? token : `${token}${standIn.issuedTokens.length}`;
        standIn.issuedTokens.push(issued);
        liveTokens.add(issued);
        const expiry = {
          expires_in: userTokenLifetimeSeconds,
          refresh_token: `ghr_StandInRefresh${standIn.issuedTokens.length}`,
          refresh_token_expires_in: 15_811_200,
        };
        json(res, 200, {
          access_token: issued,
          token_type: 'bearer',
          scope: '',
          ...(standIn.expiringTokens ? expiry : {}),
        });
        return;
      }
      if (url.pathname === `/applications/${clientId}/token` && req.method === 'DELETE') {
        const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
        const revoked = (JSON.parse((await readBody(req)) || '{}') as {access_token?: string})
          .access_token;
        if (req.headers.authorization !== basic || !revoked) {
          json(res, 401, {message: 'Requires authentication'});
          return;
        }
        standIn.revokedTokens.push(revoked);
        liveTokens.delete(revoked);
        res.writeHead(204);
        res.end();
        return;
      }
      const presented = /^(?:Bearer|token) (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!presented || !liveTokens.has(presented)) {
        json(res, 401, {message: 'Bad credentials'});
        return;
      }
      if (url.pathname === '/user') {
        json(res, 200, {login, id: 1, name: '事務局', avatar_url: '', type: 'User'});
        return;
      }
      if (url.pathname === `/repos/${sourceRepository.repo}`) {
        const [owner = '', name = ''] = sourceRepository.repo.split('/');
        json(res, 200, {
          name,
          full_name: sourceRepository.repo,
          owner: {login: owner},
          default_branch: sourceRepository.branch,
          private: false,
          permissions: {
            admin: false,
            maintain: false,
            push: standIn.canPush,
            triage: true,
            pull: true,
          },
        });
        return;
      }
      json(res, 404, {message: 'Not Found'});
    })().catch((error: unknown) => {
      console.error(error);
      res.statusCode = 500;
      res.end();
    });
  });
  const standIn: GitHubStandIn = {
    origin: '',
    tokenMode: 'ok',
    canPush: true,
    expiringTokens: true,
    requests: [],
    tokenRequests: [],
    authorizeRequests: [],
    issuedTokens: [],
    revokedTokens: [],
    expireTokens: () => liveTokens.clear(),
    close: () => closeServer(server),
  };
  const origin = await listen(server);
  return Object.assign(standIn, {origin});
}

export type EditorWithSignIn = {
  readonly origin: string;
  /** 関数の設定（テストごとに変えてよい。要求ごとに読む）。 */
  settings: SignInSettings;
  /** 関数が残した記録（断った理由など）。 */
  readonly log: string[];
  close(): Promise<void>;
};

/** エディターのサイトの public のフォルダー（npm run build が組む build-editor）。 */
export const editorBuildDir =
  process.env.EDITOR_BUILD_DIR ?? readHostingConfig(hostingTargets.editor).public;

/**
 * editorDir のエディターのサイトを firebase.json（hosting の target「editor」）どおりに配信し、rewrites の関数を
 * ログインの処理が答える。先に待ち受けてから設定を作るので、エディターのオリジン（GitHub が戻す先）はこの
 * サーバー自身。
 */
export async function startEditorWithSignIn(
  editorDir: string,
  github: GitHubStandIn,
): Promise<EditorWithSignIn> {
  const log: string[] = [];
  const editor: EditorWithSignIn = {
    origin: '',
    settings: undefined as unknown as SignInSettings,
    log,
    close: () => closeServer(server),
  };
  const handler = signInHandler(() => editor.settings);
  const serve = hostingHandler(
    {...readHostingConfig(hostingTargets.editor), public: editorDir},
    {functions: {[signInFunctionId]: handler}},
  );
  const server = createServer(serve);
  const origin = await listen(server);
  editor.settings = {
    editorOrigin: origin,
    repository: sourceRepository.repo,
    clientId,
    clientSecret,
    github: {
      authorizeUrl: `${github.origin}/login/oauth/authorize`,
      tokenUrl: `${github.origin}/login/oauth/access_token`,
      apiRoot: github.origin,
    },
    log: (message) => log.push(message),
  };
  return Object.assign(editor, {origin});
}

/** 読者のサイト（hosting の target「site」）を firebase.json どおりに、別のオリジンで配る。 */
export async function startReaderSite(
  buildDir: string,
): Promise<{readonly origin: string; close(): Promise<void>}> {
  const server = createServer(
    hostingHandler({...readHostingConfig(hostingTargets.site), public: buildDir}),
  );
  const origin = await listen(server);
  return {origin, close: () => closeServer(server)};
}

/** GitHub が戻す先（GitHub App の Callback URL）。 */
export const callbackUrl = (origin: string): string => `${origin}${signInCallbackPath}`;
