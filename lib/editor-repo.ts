/**
 * エディターのテストと計測が書き込む、リポジトリーの一時的な複製（サイトの複製に git を入れたもの）と、
 * それを手元のバックエンドとして開く decap-server（git モード。保存するとコミットする）。
 * 本物のリポジトリーには書き込まない。
 */
import {execFile, spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import {localBackendParam} from '../plugins/editor/shared';
import {createSiteCopy, type SiteCopy} from './site-copy';
import {editorPath} from '../src/constants/editor-sign-in';
import {freePort, killGroup, waitForUrl} from './site-server';
import {testServer} from './test-server';

const projectRoot = path.resolve(__dirname, '..');
const gitIdentity = {
  GIT_AUTHOR_NAME: '電鬼 テスト',
  GIT_AUTHOR_EMAIL: 'test@example.invalid',
  GIT_COMMITTER_NAME: '電鬼 テスト',
  GIT_COMMITTER_EMAIL: 'test@example.invalid',
};

export type EditorRepo = {
  readonly copy: SiteCopy;
  /**
   * エディターを開く URL（このリポジトリーの decap-server につなぐ）。editorOrigin はエディターのサイトの
   * オリジン（読者のサイトとは別）。'' ならテストの配信のエディターのサイト（lib/test-server.ts）。
   */
  editorUrl(editorOrigin: string, hash?: string): string;
  /** 複製の中で git を動かし、出力を返す（失敗したら例外）。 */
  git(...args: string[]): Promise<string>;
  /** decap-server を止める（保存の途中でバックエンドが止まったときを再現する）と、また起こす。 */
  stopBackend(): Promise<void>;
  startBackend(): Promise<void>;
  remove(): Promise<void>;
};

function git(dir: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const env = {...process.env, ...gitIdentity};
    execFile('git', ['-C', dir, ...args], {env}, (error, out, err) =>
      error
        ? reject(new Error(`git ${args.join(' ')} に失敗しました\n${out}${err}`))
        : resolve(out),
    );
  });
}

export async function createEditorRepo(): Promise<EditorRepo> {
  const copy = createSiteCopy('editor');
  await git(copy.dir, ['init', '-q', '-b', 'main']);
  for (const [key, value] of [
    ['user.name', gitIdentity.GIT_AUTHOR_NAME],
    ['user.email', gitIdentity.GIT_AUTHOR_EMAIL],
  ] as const) {
    await git(copy.dir, ['config', key, value]);
  }
  await git(copy.dir, ['add', '-A']);
  await git(copy.dir, ['commit', '-q', '-m', 'テストの複製']);
  const port = await freePort();
  let backend: ChildProcess | null = null;
  const startBackend = async (): Promise<void> => {
    const child = spawn(path.join(projectRoot, 'node_modules/.bin/decap-server'), [], {
      cwd: copy.dir,
      env: {
        ...process.env,
        ...gitIdentity,
        MODE: 'git',
        GIT_REPO_DIRECTORY: copy.dir,
        PORT: String(port),
        BIND_HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
      },
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    backend = child;
    await waitForUrl(`http://127.0.0.1:${port}/api/v1`, child, 'decap-server');
  };
  const stopBackend = async (): Promise<void> => {
    const child = backend;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    killGroup(child);
    await exited;
  };
  await startBackend();
  return {
    copy,
    editorUrl: (editorOrigin, hash = '') =>
      `${editorOrigin || testServer.editorBaseURL}${editorPath}?${localBackendParam}=${port}${hash}`,
    git: (...args) => git(copy.dir, args),
    stopBackend,
    startBackend,
    async remove() {
      await stopBackend();
      copy.remove();
    },
  };
}
