/**
 * issue 65: テストを読むのは持ち主のいるテストのフォルダー（tests/、plugins/<名前>/tests/、functions/tests/）だけ。
 * 事務局が持ち主の承認なしに書ける blog/ と src/data/ に置いたスペックは、playwright test --list（scripts/shards が
 * CI のどの e2e のジョブでも最初に走らせる）にも読まれない。リポジトリーのファイルを一時フォルダーに写し
 * （node_modules はリンク）、敵のスペック（読まれたら印のファイルを書く）を足して一覧を作る。ブラウザーを使わない。
 * 約 10 秒（ファイルを写すのと、一覧のために 5 つの本物のスペックを読むのと）。
 */
import {execFileSync, spawnSync} from 'node:child_process';
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
import {expect, test} from '@playwright/test';

const projectRoot = path.resolve(__dirname, '../..');

/** 事務局のフォルダーに置いた、テストのふりをしたファイル（プロジェクトごとの名前の決まりにも合わせたもの）。 */
const hostileSpecs = [
  'blog/2026-11-27-x/tests/x.spec.ts',
  'blog/2026-11-27-x/print.spec.ts',
  'src/data/tests/x.spec.ts',
  'src/data/events/tests/node/build-strictness.spec.ts',
];
/** 読まれるべき本物のスペック（どのテストのフォルダーと、名前で分けるプロジェクトからも 1 つずつ）。 */
const realSpecs = [
  'tests/node/shards.spec.ts',
  'tests/node/build-strictness.spec.ts',
  'plugins/blog/tests/reading-time.spec.ts',
  'plugins/print/tests/print.spec.ts',
  'functions/tests/sign-in.spec.ts',
];

test('blog/ と src/data/ に置いたスペックは playwright test --list に読まれず（中のコードも動かない）、テストのフォルダーのスペックは読まれる', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'denki-test-list-'));
  const markers = path.join(dir, '.markers');
  try {
    // git に載るファイルと、まだ載せていない（無視しない）ファイル。node_modules はリンクで共有する。
    const files = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      {
        cwd: projectRoot,
        encoding: 'utf8',
      },
    )
      .split('\0')
      .filter((file) => file !== '' && existsSync(path.join(projectRoot, file)));
    for (const file of files) {
      mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
      cpSync(path.join(projectRoot, file), path.join(dir, file));
    }
    for (const modules of ['node_modules', 'functions/node_modules'])
      symlinkSync(path.join(projectRoot, modules), path.join(dir, modules));
    mkdirSync(markers);
    for (const file of hostileSpecs) {
      mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
      writeFileSync(
        path.join(dir, file),
        [
          "import {writeFileSync} from 'node:fs';",
          "import {test} from '@playwright/test';",
          `writeFileSync(${JSON.stringify(path.join(markers, path.basename(path.dirname(file))))}, 'loaded');`,
          "test('事務局のフォルダーから読まれたテスト', () => {});",
          '',
        ].join('\n'),
      );
    }
    // 絞り込みは絶対パスに当たる正規表現。事務局の 2 つのフォルダーの下のすべてと、本物のスペック。
    const root = dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const filters = [
      `^${root}/(?:blog|src/data)/`,
      ...realSpecs.map((file) => `^${root}/${file.replaceAll('.', '\\.')}$`),
    ];
    const listed = spawnSync(
      path.join(projectRoot, 'node_modules/.bin/playwright'),
      ['test', '--list', '--reporter=json', ...filters],
      {cwd: dir, encoding: 'utf8', maxBuffer: 64 * 2 ** 20},
    );
    expect(listed.status, listed.stderr).toBe(0);
    const report = JSON.parse(listed.stdout) as {suites: {file: string}[]};
    const listedFiles = [...new Set(report.suites.map((suite) => suite.file))].sort();
    expect(listedFiles).toEqual([...realSpecs].sort());
    // 敵のスペックは読み込まれてもいない（読まれたら印を書く）。
    expect(readdirSync(markers)).toEqual([]);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
