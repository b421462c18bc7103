/**
 * issue 65: 事務局のフォルダー（blog/、src/data/）の検査（scripts/check-content-files.mts、lib/content-files.mts）。
 * CI のどのジョブも npm ci より前に動かし、ビルドも最初に同じ検査をする（ビルドのほうは
 * tests/node/build-strictness.spec.ts）。一時フォルダーに、スクリプトとそれが読む 2 つのモジュールだけを写して
 * （node_modules は無い）、内容の一覧にあるものと無いものを置いて走らせる。ブラウザーを使わない。約 1 秒。
 */
import {
  chmodSync,
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
import {allowedMdxPosts} from '../../plugins/blog/mdx-posts';
import {ownedOfficeFiles} from '../../lib/content-allowlist.mts';
import {runCommand} from '../support/run-command';

const script = 'scripts/check-content-files.mts';

test('検査は、事務局のフォルダーの一覧に無いもの（.json のそばの .ts、スペック、.mdx、.svg、.htm、.js、日付でないフォルダー、シンボリックリンク、実行できるファイル）を 1 つずつ挙げて 1 で終わり、node_modules が無くても動く', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'denki-content-check-'));
  try {
    // スクリプトと、それが読む 2 つのモジュールだけ（npm のパッケージは無い）。
    for (const file of [
      'scripts/check-content-files.mts',
      'lib/content-files.mts',
      'lib/content-allowlist.mts',
    ]) {
      mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
      writeFileSync(path.join(dir, file), readFileSync(file));
    }
    const write = (file: string, content = 'x') => {
      mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
      writeFileSync(path.join(dir, file), content);
    };
    const allowed = [
      'blog/2026-01-01-x/index.md',
      'blog/2026-01-01-x/photo-1.jpg',
      'blog/tags.yml',
      'blog/authors.yml',
      'src/data/announcement.json',
      'src/data/events/x.json',
    ];
    for (const file of allowed) write(file);
    const clean = await runCommand(process.execPath, [script], {
      cwd: dir,
    });
    expect(clean.code, clean.output).toBe(0);
    const hostile = [
      'src/data/announcement.json.ts',
      'src/data/events/x.json.ts',
      'src/data/tests/x.spec.ts',
      'blog/2026-01-01-x/tests/x.spec.ts',
      'blog/2026-01-01-x/index.mdx',
      'blog/2026-01-01-x/figure.svg',
      'blog/2026-01-01-x/handout.js',
      'blog/x/notes.htm',
      'blog/notes/index.md',
      'blog/2026-01-01-x/a.jpg/evil.ts',
      'blog/2026-01-01-x/gate.heic',
      'blog/2026-01-01-x/map.PNG',
    ];
    for (const file of hostile) write(file);
    symlinkSync('/etc/hostname', path.join(dir, 'blog/2026-01-01-x/photo-2.jpg'));
    write('blog/2026-01-01-x/photo-3.jpg');
    chmodSync(path.join(dir, 'blog/2026-01-01-x/photo-3.jpg'), 0o755);
    const result = await runCommand(process.execPath, [script], {
      cwd: dir,
    });
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain(
      '事務局のフォルダー（blog/、src/data/）に置けないものがあるので、止めます。',
    );
    const named = result.output.split('\n').filter((line) => line.startsWith('- '));
    for (const file of hostile)
      expect(named, file).toContainEqual(expect.stringContaining(`- ${file}: `));
    expect(named).toContain('- blog/2026-01-01-x/photo-2.jpg: シンボリックリンクは置けません');
    // 写真らしいものは、直し方（JPEG と .jpg の名前、HEIC は書き出すかエディターから）を添える。
    for (const file of ['blog/2026-01-01-x/gate.heic', 'blog/2026-01-01-x/map.PNG'])
      expect(named).toContainEqual(
        expect.stringContaining(`- ${file}: 写真は JPEG で、名前は英小文字・数字・ハイフンと .jpg`),
      );
    expect(named).toContainEqual(
      expect.stringContaining('- blog/2026-01-01-x/photo-3.jpg: 実行できるファイル'),
    );
    expect(named).toContainEqual(
      expect.stringContaining('- src/data/tests: このフォルダーは置けません'),
    );
    for (const file of allowed) expect(result.output).not.toContain(`- ${file}:`);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('このリポジトリーの事務局のフォルダーには、置けるものだけがある', async () => {
  const result = await runCommand(process.execPath, [script]);
  expect(result.code, result.output).toBe(0);
});

test('MDX で書いてよい記事（plugins/blog/mdx-posts.ts）は、持ち主のファイルの一覧にもある', () => {
  for (const post of allowedMdxPosts) expect(ownedOfficeFiles).toContain(`blog/${post}`);
});
