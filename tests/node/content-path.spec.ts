/**
 * 短い道の判定（issue 67、lib/content-path.mts と scripts/content-path.mts）: 変更が事務局の内容だけかを、git の差（名前を変えたもの、
 * モード）から lib/content-allowlist.mts の classifyChange で決め、内容だけなら監査するルートを選ぶ。
 * 一時フォルダーの小さな git のリポジトリーで main と cms/… のブランチを作り、プルリクエストの head を進めて確かめる。
 * 判定のスクリプトは、node_modules の無いフォルダーに 2 つのファイルだけを写して素の Node.js で動かす（npm ci の
 * 前に動くこと）。ブラウザーもビルドも使わない。費用: git のコマンド数十回で、ワーカーの時間は約 3 秒。
 */
import {execFileSync} from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import * as allowlist from '../../lib/content-allowlist.mts';
import {
  affectedRoutes,
  classify,
  notFoundRoute,
  postRoute,
  sitemapRoutes,
} from '../../lib/content-path.mts';
import {missingPath, sitemapPaths} from '../support/sitemap';
import {runCommand} from '../support/run-command';

const post = 'blog/2026-12-05-nagareyama-report/index.md';
const photo = 'blog/2026-12-05-nagareyama-report/photo-1.jpg';
const event = 'src/data/events/nagareyama-kashiwa-3.json';

/** 小さな git のリポジトリー（main に記事 1 本とコード）。 */
function repository(): {
  dir: string;
  git: (...args: string[]) => string;
  write: (file: string, text?: string) => void;
} {
  const dir = mkdtempSync(path.join(tmpdir(), 'denki-content-path-'));
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: '事務局',
        GIT_AUTHOR_EMAIL: 'office@example.com',
        GIT_COMMITTER_NAME: '事務局',
        GIT_COMMITTER_EMAIL: 'office@example.com',
      },
    });
  const write = (file: string, text = `${file}\n`) => {
    mkdirSync(path.join(dir, path.dirname(file)), {recursive: true});
    writeFileSync(path.join(dir, file), text);
  };
  git('init', '-q', '-b', 'main');
  write('blog/2025-03-16-docs-site-launch/index.md');
  write('src/data/announcement.json', '{}\n');
  write('plugins/events/schema.ts');
  write('docusaurus.config.ts');
  git('add', '-A');
  git('commit', '-q', '-m', 'main');
  return {dir, git, write};
}

let repo: ReturnType<typeof repository>;
test.beforeEach(() => {
  repo = repository();
});
test.afterEach(() => rmSync(repo.dir, {recursive: true, force: true}));

function commit(message: string): string {
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', message);
  return repo.git('rev-parse', 'HEAD').trim();
}

test('記事・写真・開催事例・お知らせだけを変えたプルリクエストは短い道になる', () => {
  repo.git('checkout', '-q', '-b', 'cms/posts/report');
  repo.write(post);
  repo.write(photo);
  repo.write(event, '{}\n');
  repo.write('src/data/announcement.json', '{"text": "お知らせ"}\n');
  rmSync(path.join(repo.dir, 'blog/2025-03-16-docs-site-launch/index.md'));
  const head = commit('記事');
  const {verdict, files, text} = classify(repo.dir, 'main', head);
  expect(verdict).toEqual({contentOnly: true, outside: []});
  expect(files.map((file) => file.path).sort()).toEqual(
    [
      post,
      photo,
      event,
      'src/data/announcement.json',
      'blog/2025-03-16-docs-site-launch/index.md',
    ].sort(),
  );
  expect(text).toContain('事務局の内容だけの変更です（5 ファイル）');
});

test('内容といっしょにコードを変えた変更は全部の道になり、そのファイルと理由を日本語で挙げる', () => {
  repo.git('checkout', '-q', '-b', 'cms/posts/report');
  repo.write(post);
  repo.write('plugins/events/schema.ts', 'export {};\n');
  // 事務局のフォルダーの中でも、一覧に無いファイル（スクリプト）は内容ではない。
  repo.write('blog/2026-12-05-nagareyama-report/extra.js');
  const {verdict, text} = classify(repo.dir, 'main', commit('記事とコード'));
  expect(verdict.contentOnly).toBe(false);
  expect(verdict.outside.map((each) => each.path).sort()).toEqual([
    'blog/2026-12-05-nagareyama-report/extra.js',
    'plugins/events/schema.ts',
  ]);
  expect(text).toContain('全部の道（npm test）で確かめます');
  expect(text).toContain('plugins/events/schema.ts: 事務局が書くファイルの一覧にありません');
});

test('内容だけで始まったプルリクエストも、新しい head がコードを足せば、その head からは全部の道になる', () => {
  repo.git('checkout', '-q', '-b', 'cms/posts/report');
  repo.write(post);
  const first = commit('記事');
  repo.write('docusaurus.config.ts', 'export default {};\n');
  const second = commit('設定も');
  expect(classify(repo.dir, 'main', first).verdict.contentOnly).toBe(true);
  expect(classify(repo.dir, 'main', second).verdict).toEqual({
    contentOnly: false,
    outside: [{path: 'docusaurus.config.ts', reason: '事務局が書くファイルの一覧にありません'}],
  });
  // main が先に進んでも、比べるのは分かれ目から head まで（プルリクエストの「Files changed」と同じ）。
  repo.git('checkout', '-q', 'main');
  repo.write('plugins/events/schema.ts', 'export const changed = 1;\n');
  const main = commit('main のコード');
  expect(classify(repo.dir, main, first).verdict.contentOnly).toBe(true);
});

test('コードのファイルを記事の名前に変える、実行できる写真、リンク、空の変更、比べられない base は短い道にしない', () => {
  repo.git('checkout', '-q', '-b', 'cms/posts/report');
  mkdirSync(path.join(repo.dir, path.dirname(post)), {recursive: true});
  repo.git('mv', 'plugins/events/schema.ts', post);
  const renamed = classify(repo.dir, 'main', commit('名前を変える'));
  expect(renamed.verdict.outside).toEqual([
    {path: 'plugins/events/schema.ts', reason: '事務局が書くファイルの一覧にありません'},
  ]);
  repo.git('reset', '-q', '--hard', 'main');
  repo.write(photo);
  chmodSync(path.join(repo.dir, photo), 0o755);
  const executable = classify(repo.dir, 'main', commit('実行できる写真'));
  expect(executable.verdict.outside).toEqual([
    {path: photo, reason: '普通のファイルではありません（git のモード 100755）'},
  ]);
  repo.git('reset', '-q', '--hard', 'main');
  mkdirSync(path.join(repo.dir, path.dirname(photo)), {recursive: true});
  symlinkSync('../../docusaurus.config.ts', path.join(repo.dir, photo));
  const link = classify(repo.dir, 'main', commit('リンク'));
  expect(link.verdict.outside).toEqual([
    {path: photo, reason: '普通のファイルではありません（git のモード 120000）'},
  ]);
  repo.git('reset', '-q', '--hard', 'main');
  expect(classify(repo.dir, 'main', 'main').verdict.contentOnly).toBe(false);
  const unknown = classify(repo.dir, '0000000000000000000000000000000000000000', 'main');
  expect(unknown.verdict.contentOnly).toBe(false);
  expect(unknown.text).toContain('比べられないので、全部の道（npm test）で確かめます');
});

test('手元の判定（head を省く）は、コミットしていない変更と git に足していないファイルも数える', () => {
  repo.git('checkout', '-q', '-b', 'local');
  repo.write(post);
  expect(classify(repo.dir, 'main').verdict.contentOnly).toBe(true);
  repo.write('src/components/New.tsx');
  expect(classify(repo.dir, 'main').verdict.outside).toEqual([
    {path: 'src/components/New.tsx', reason: '事務局が書くファイルの一覧にありません'},
  ]);
});

test('判定のスクリプトは npm のパッケージ無しに素の Node.js で動き、GitHub Actions の出力に判定と変わったファイルを書く', async () => {
  repo.git('checkout', '-q', '-b', 'cms/posts/report');
  repo.write(post);
  repo.write(photo);
  const head = commit('記事');
  // node_modules の無いフォルダーに、スクリプトと一覧のモジュールだけを置く（npm ci の前の関門のジョブと同じ）。
  const bare = mkdtempSync(path.join(tmpdir(), 'denki-content-path-bare-'));
  try {
    for (const file of [
      'scripts/content-path.mts',
      'lib/content-path.mts',
      'lib/content-allowlist.mts',
      'lib/build-today.mts',
    ]) {
      cpSync(file, path.join(bare, file), {recursive: true});
    }
    const output = path.join(bare, 'github-output');
    const run = await runCommand(
      process.execPath,
      [path.join(bare, 'scripts/content-path.mts'), 'classify', 'main', head],
      {cwd: repo.dir, env: {...process.env, GITHUB_OUTPUT: output}},
    );
    expect(run, run.output).toMatchObject({code: 0});
    expect(run.output).toContain('事務局の内容だけの変更です（2 ファイル）');
    const lines = readFileSync(output, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('content-only=true');
    expect(JSON.parse(lines[1].replace(/^changes=/, ''))).toEqual(
      expect.arrayContaining([{path: post, mode: '100644', removed: false}]),
    );
  } finally {
    rmSync(bare, {recursive: true, force: true});
  }
});

test('判定は CODEOWNERS と内容の承認と同じ lib/content-allowlist.mts を使い、ほかのファイルは一覧の決まりを書かない', async () => {
  const script = readFileSync('lib/content-path.mts', 'utf8');
  expect(script).toMatch(/from '\.\/content-allowlist\.mts';/);
  expect(script).toContain('classifyChange(files)');
  // 一覧の決まりは 1 か所: 記事のフォルダーの形、開催事例とお知らせのパスの正規表現、git のモード。
  const fragments = [
    String.raw`blog/\d{4}-`,
    String.raw`src\/data\/events`,
    String.raw`announcement\.json`,
    "'100644'",
  ];
  const files = (await runCommand('git', ['ls-files'])).output.trim().split('\n');
  const code = files.filter(
    // テストのフォルダー（tests/、plugins/<名前>/tests/、functions/tests/）の git のモードや記事のパスは、決まりではなく例。
    (file) => /\.(m?ts|tsx|c?js|mjs|ya?ml)$/.test(file) && !/(?:^|\/)tests\//.test(file),
  );
  expect(code.length).toBeGreaterThan(50);
  const defining = code.filter((file) => {
    const text = readFileSync(file, 'utf8');
    return fragments.some((fragment) => text.includes(fragment));
  });
  expect(defining).toEqual(['lib/content-allowlist.mts']);
  // テストが読み込むモジュールは、スクリプトが読み込むものと同じ（同じ関数で同じ判定になる）。
  expect(allowlist.classifyChange([{path: post, mode: '100644'}]).contentOnly).toBe(true);
  expect(allowlist.contentRules.map((rule) => rule.kind)).toEqual([
    'post',
    'photo',
    'event',
    'announcement',
  ]);
});

test('監査するルート: 記事は、その記事と前後の記事とブログの一覧のすべて、開催事例はそのページとホーム、お知らせはすべて', () => {
  const xml = [
    '/',
    '/blog',
    '/blog/page/2',
    '/blog/2025/03/16/docs-site-launch',
    '/blog/2026/11/21/meetup',
    '/blog/2026/12/05/nagareyama-report',
    '/blog/2026/12/20/next',
    '/blog/2027/01/10/later',
    '/blog/archive',
    '/blog/tags',
    '/blog/tags/report',
    '/blog/authors',
    '/blog/authors/matsuri',
    '/docs/intro',
    '/docs/event-examples',
  ]
    .map((route) => `<url><loc>https://traffic-tag-docs.web.app${route}</loc></url>`)
    .join('');
  const sitemap = sitemapRoutes(xml);
  expect(sitemap).toEqual(sitemapPaths(xml));
  expect(notFoundRoute).toBe(missingPath);
  expect(postRoute(photo)).toBe('/blog/2026/12/05/nagareyama-report');
  const listings = [
    '/blog',
    '/blog/archive',
    '/blog/authors',
    '/blog/authors/matsuri',
    '/blog/page/2',
    '/blog/tags',
    '/blog/tags/report',
  ];
  expect(affectedRoutes([{path: photo, mode: '100644'}], sitemap)).toEqual(
    [
      ...listings,
      '/blog/2026/11/21/meetup',
      '/blog/2026/12/05/nagareyama-report',
      '/blog/2026/12/20/next',
    ].sort(),
  );
  // 消した記事: その位置の前後の記事（互いに前後になる）と一覧。
  expect(affectedRoutes([{path: 'blog/2026-12-10-gone/index.md', removed: true}], sitemap)).toEqual(
    [...listings, '/blog/2026/12/05/nagareyama-report', '/blog/2026/12/20/next'].sort(),
  );
  expect(affectedRoutes([{path: event, mode: '100644'}], sitemap)).toEqual([
    '/',
    '/docs/event-examples',
  ]);
  expect(affectedRoutes([{path: 'src/data/announcement.json', mode: '100644'}], sitemap)).toEqual(
    [...sitemap, missingPath].sort(),
  );
  const missing = [{path: 'blog/2026-12-31-missing/index.md', mode: '100644'}];
  expect(() => affectedRoutes(missing, sitemap, '2026-12-31')).toThrow(
    'blog/2026-12-31-missing/index.md の記事のページ /blog/2026/12/31/missing が sitemap.xml にありません',
  );
  // 公開予約の記事（日付が今日より後。main のビルドには無い）は止めず、それを載せる一覧を監査する。
  expect(affectedRoutes(missing, sitemap, '2026-12-30')).toEqual(
    [...listings, '/blog/2026/12/20/next', '/blog/2027/01/10/later'].sort(),
  );
});
