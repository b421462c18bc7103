/**
 * ビルド済みサイトを配信するサーバーを子プロセスで起こし、応答するまで待つ。テスト（WebKit と Gecko の
 * 道筋、テスト用ルートのビルド、Service Worker の更新）とベンチが使う。
 *
 * 子プロセスは scripts/serve.ts（firebase.json の読者のサイト（target「site」）の規則の superstatic、npm run serve:build と同じく
 * Firebase Hosting のように brotli / gzip で圧縮する）を
 * ループバックの空いているポートで動かす。自分のプロセスグループで起こし、stop でグループごと止めるので、
 * つながったままの接続も切れる（オフラインの再現に使う）。
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {cpSync, mkdtempSync, rmSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {hostingTargets, type HostingTarget} from '../src/constants/editor-sign-in';

const projectRoot = path.resolve(__dirname, '..');

export type SiteServerOptions = {
  /** 配信するサイト（firebase.json の hosting の target）。既定は読者のサイト。 */
  readonly target?: HostingTarget;
  /** 配信するフォルダ。既定は firebase.json のそのサイトの public（build か build-editor）。 */
  readonly buildDir?: string;
  /** 待ち受けるポート。既定は空いている番号。 */
  readonly port?: number;
  /** Firebase Hosting のように brotli / gzip で圧縮して送る。既定は true（false は比べるとき用）。 */
  readonly compression?: boolean;
  /** 配信の規則（CSP のハッシュなど）を読む firebase.json。既定はこのリポジトリーのもの（前の版のビルドを比べるとき用）。 */
  readonly hostingConfig?: string;
};

export type SiteServer = {
  /** http://127.0.0.1:<port>（末尾のスラッシュなし）。 */
  readonly baseURL: string;
  /** サーバーのプロセスグループを止め、終わるまで待つ。 */
  stop(): Promise<void>;
};

/** detached で起こした子プロセスのプロセスグループ全体を止める（自分が起こしたグループだけ）。 */
export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

/** ループバックで空いているポートの番号。 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** url が応答する（500 未満を返す）まで待つ。child が先に終われば失敗にする。 */
export async function waitForUrl(
  url: string,
  child: ChildProcess,
  name: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} が起動しませんでした（${child.exitCode ?? child.signalCode}）`);
    }
    const ready = await fetch(url, {signal: AbortSignal.timeout(2_000)})
      .then(async (response) => {
        await response.body?.cancel();
        return response.status < 500;
      })
      .catch(() => false);
    if (ready) return;
    if (Date.now() > deadline)
      throw new Error(`${name} が ${timeoutMs} ms 以内に応答しません: ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** サイトを配信し、/ が応答するまで待つ。呼んだプロセスが終わるときにも止める。 */
export async function startSiteServer(options: SiteServerOptions = {}): Promise<SiteServer> {
  const port = options.port ?? (await freePort());
  const target = options.target ?? hostingTargets.site;
  const editor = target === hostingTargets.editor;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(projectRoot, 'scripts/serve.ts'),
      ...(editor ? [`--editor-port=${port}`] : [String(port)]),
      `--only=${target}`,
      ...(options.compression === false ? ['--no-compression'] : []),
    ],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        ...(options.buildDir
          ? {[editor ? 'EDITOR_BUILD_DIR' : 'BUILD_DIR']: path.resolve(options.buildDir)}
          : {}),
        ...(options.hostingConfig ? {HOSTING_CONFIG: path.resolve(options.hostingConfig)} : {}),
      },
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = (): void => killGroup(child);
  process.on('exit', kill);
  void exited.then(() => process.off('exit', kill));
  const stop = async (): Promise<void> => {
    kill();
    await exited;
  };
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForUrl(`${baseURL}/`, child, `${baseURL} のサーバー`);
  } catch (error) {
    await stop();
    throw error;
  }
  return {baseURL, stop};
}

export type BuildCopyServer = SiteServer & {
  /** 配信しているフォルダー（本番のビルドの複製）。次のデプロイを装って書き換えてよい。 */
  readonly dir: string;
};

/** 本番のビルド（build）を一時フォルダーに複製して配信する。stop で止め、複製も消す。 */
export async function serveBuildCopy(): Promise<BuildCopyServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'denki-build-copy-'));
  cpSync(path.join(projectRoot, 'build'), dir, {recursive: true});
  try {
    const server = await startSiteServer({buildDir: dir});
    return {
      ...server,
      dir,
      stop: async () => {
        await server.stop();
        rmSync(dir, {recursive: true, force: true});
      },
    };
  } catch (error) {
    rmSync(dir, {recursive: true, force: true});
    throw error;
  }
}
