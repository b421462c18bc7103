/**
 * サイトの複製を一時フォルダに作り、そこでビルドする。本物の内容には決して手を触れず、
 * 複製にだけファイルを足す: ビルドの厳しさのテスト（壊れたファイル）と、成長の計測（合成コンテンツ）が使う。
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const projectRoot = path.resolve(__dirname, '..');

/**
 * 複製しないもの。これ以外（docs, blog, src, static, plugins, 設定ファイル…）はすべて複製するので、
 * 設定が新しいフォルダを読むようになっても複製のビルドは壊れない。
 */
const skippedEntries: readonly RegExp[] = [
  /^node_modules$/,
  /^\.git$/,
  /^\.docusaurus$/,
  /^build(-.*)?$/,
  /^test-results$/,
  /^playwright-report$/,
  /^\.(bench|artifacts|notes|cache)$/,
  // Node.js 24 と Renovate（scripts/setup.sh が入れる）。ビルドには要らず、大きい。
  /^tools$/,
];

export type SiteCopy = {
  readonly dir: string;
  readonly outDir: string;
  /** 複製の中にファイルを書く（親フォルダも作る）。 */
  write(relativePath: string, content: string | Uint8Array): void;
  remove(): void;
};

/** 複製と共有するキャッシュ。内容のハッシュで引くので取り合わない（図を Chromium で描き直さずに済む）。 */
const sharedCaches: readonly string[] = ['mermaid-static', 'denki-photos'];

/**
 * 複製を作るときに写しておくキャッシュ。これも内容のハッシュで引くが、ビルドが使わなかった鍵を消すことがあるので
 * 共有はしない。写しておけば、複製の最初のビルドも読みの辞書引きとカードの描画をやり直さない（JS は、複製では
 * node_modules がリンクなのでモジュールの番号が変わり、圧縮を使い回せるのは一部）。
 */
const seededCaches: readonly string[] = ['denki-minified', 'denki-search', 'denki-social-cards'];

/**
 * node_modules はリンクで共有するが、.cache は複製ごとに分ける（ビルドのキャッシュを本物のビルドと
 * 取り合わないため）。内容のハッシュで引くキャッシュだけは共有するか、写しておく。
 */
function linkNodeModules(dir: string, shareCaches: boolean): void {
  const source = path.join(projectRoot, 'node_modules');
  const target = path.join(dir, 'node_modules');
  mkdirSync(target);
  for (const entry of readdirSync(source)) {
    if (entry === '.cache') continue;
    symlinkSync(path.join(source, entry), path.join(target, entry));
  }
  mkdirSync(path.join(target, '.cache'));
  if (!shareCaches) return;
  for (const cache of sharedCaches) {
    const shared = path.join(source, '.cache', cache);
    mkdirSync(shared, {recursive: true});
    symlinkSync(shared, path.join(target, '.cache', cache));
  }
  for (const cache of seededCaches) {
    const seed = path.join(source, '.cache', cache);
    if (existsSync(seed)) cpSync(seed, path.join(target, '.cache', cache), {recursive: true});
  }
}

export type CopyOptions = {
  /** 複製する元（既定はこのリポジトリー）。node_modules はいつもこのリポジトリーのものを使う。 */
  readonly source?: string;
  /** 図のキャッシュを共有する（既定）。false ならキャッシュのない、まっさらなビルドになる。 */
  readonly shareCaches?: boolean;
};

export function createSiteCopy(
  label: string,
  {source = projectRoot, shareCaches = true}: CopyOptions = {},
): SiteCopy {
  const dir = mkdtempSync(path.join(tmpdir(), `denki-build-${label}-`));
  for (const entry of readdirSync(source)) {
    if (skippedEntries.some((pattern) => pattern.test(entry))) continue;
    cpSync(path.join(source, entry), path.join(dir, entry), {recursive: true});
  }
  linkNodeModules(dir, shareCaches);
  return {
    dir,
    outDir: path.join(dir, 'out'),
    write(relativePath, content) {
      const file = path.join(dir, relativePath);
      mkdirSync(path.dirname(file), {recursive: true});
      writeFileSync(file, content);
    },
    remove() {
      rmSync(dir, {recursive: true, force: true});
    },
  };
}

export type BuildResult = {
  readonly exitCode: number | null;
  /** 標準出力と標準エラーを合わせたもの。色のエスケープは取り除く。 */
  readonly output: string;
  /** ビルドにかかった時間（ミリ秒）。 */
  readonly ms: number;
};

/**
 * 複製で docusaurus build を走らせる。onStart はビルドのプロセスを見張る人（メモリーの計測など）に渡す。
 * env はビルドに足す環境変数（テスト専用ルートの DENKI_TEST_ROUTES など）。
 */
export function buildSiteCopy(
  copy: SiteCopy,
  timeoutMs: number,
  onStart?: (child: ChildProcess) => void,
  env: Readonly<Record<string, string>> = {},
): Promise<BuildResult> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(
      path.join(copy.dir, 'node_modules', '.bin', 'docusaurus'),
      ['build', '--out-dir', copy.outDir],
      {cwd: copy.dir, env: {...process.env, ...env, FORCE_COLOR: '0', NO_COLOR: '1'}},
    );
    onStart?.(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`ビルドが ${timeoutMs} ms で終わりませんでした\n${output}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      const ms = Math.round(performance.now() - start);
      // eslint-disable-next-line no-control-regex
      resolve({exitCode, output: output.replace(/\u001b\[[0-9;]*m/g, ''), ms});
    });
  });
}
