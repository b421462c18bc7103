/**
 * 手元の短い道（issue 67、npm run test:content = scripts/test-content.mts）を、サイトの複製の git のリポジトリーで
 * 走らせる。複製の main に今のサイトをコミットし、事務局が出すような変更を取り出しに置いて、CI と同じ手順
 * （変わった記事の textlint、npm run build、変わったページとそれを載せるページの監査）の結果を確かめる:
 * - コードも変えた変更は、何も走らせずに全部の道（npm test）が要ると言い、そのファイルを挙げる。
 * - 壊れた記事（使えない front matter のキー、スキーマに合わない開催事例、画像でない写真、無いページへのリンク）は、
 *   全部の道のビルドと同じ日本語の知らせで止まる（知らせは tests/node/build-strictness.spec.ts と
 *   plugins/images/tests/bad-input.spec.ts が全部の道のビルドで確かめているもの）。
 * - 記事が持ち込んだアクセシビリティの誤り（行き先のわからない「こちら」のリンク）を、その記事のページの監査が
 *   見つけ、記事を載せる一覧のページの監査は通る。
 * 1 つの複製を順に使い回す（Rspack のキャッシュが残る）。費用: 止まるビルド 3 回（各 20〜60 秒）、最後まで組む
 * ビルド 2 回（各 2〜4 分）と、12 ルート × 2 幅の監査 1 回（約 1 分）。2 コアを分け合う機械で合わせて約 10 分。
 */
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {createSiteCopy, type SiteCopy} from '../../lib/site-copy';
import {testServer} from '../../lib/test-server';
import {runCommand, type Run} from '../support/run-command';
import {testRunVariable} from '../support/shared-build';

const stepTimeoutMs = 15 * 60_000;
test.describe.configure({mode: 'default', timeout: stepTimeoutMs});

const postDir = 'blog/2026-12-05-nagareyama-report';
const postRoute = '/blog/2026/12/05/nagareyama-report';

function post(body: string, frontMatter = ''): string {
  return [
    '---',
    'title: 流山と柏で第3回の電鬼を開きました',
    'authors: [matsuri]',
    'tags: [announcement]',
    'date: 2026-12-05',
    'description: 流山市と柏市で開いた第3回の電鬼の様子を報告します。',
    ...(frontMatter ? [frontMatter] : []),
    '---',
    '',
    '流山市と柏市で、第3回の電鬼を開きました。',
    '当日の様子を報告します。',
    '',
    '<!-- truncate -->',
    '',
    '## 当日の様子 {#the-day}',
    '',
    body,
    '',
  ].join('\n');
}

let copy: SiteCopy | undefined;
let git: (...args: string[]) => string;

test.beforeAll(() => {
  copy = createSiteCopy('short-path');
  const dir = copy.dir;
  git = (...args) =>
    execFileSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'test',
        GIT_AUTHOR_EMAIL: 'test@example.com',
        GIT_COMMITTER_NAME: 'test',
        GIT_COMMITTER_EMAIL: 'test@example.com',
      },
    });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'main');
  git('checkout', '-q', '-b', 'cms/posts/nagareyama-report');
});

test.afterAll(() => {
  copy?.remove();
  copy = undefined;
});

/** 取り出しを main に戻し、files を置いて npm run test:content を走らせる。 */
async function shortPath(files: Record<string, string | Buffer>): Promise<Run> {
  const site = copy as SiteCopy;
  git('checkout', '-q', '--', '.');
  git('clean', '-fdq', '--', 'blog', 'src', 'plugins');
  for (const [file, content] of Object.entries(files)) site.write(file, content as string);
  // 外の実行の印（共有するビルドの置き場所）とエディターの港は受け継がない。
  const inherited = Object.entries(process.env).filter(
    ([key]) => key !== testRunVariable && key !== 'TEST_EDITOR_PORT',
  );
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(inherited),
    // 外の実行とぶつからない港（読者のサイトと、その次のエディターのサイト）。
    TEST_PORT: String(testServer.port + 20),
    FORCE_COLOR: '0',
  };
  return runCommand(process.execPath, ['scripts/test-content.mts', '--workers=1'], {
    cwd: site.dir,
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
}

test('短い道: コードも変えた変更は何も走らせず、全部の道が要ることと、そのファイルを日本語で言う', async () => {
  const run = await shortPath({
    [`${postDir}/index.md`]: post('参加した皆さん、ありがとうございました。'),
    'plugins/blog/extra.ts': 'export {};\n',
  });
  expect(run.code, run.output).toBe(1);
  expect(run.output).toContain('plugins/blog/extra.ts: 事務局が書くファイルの一覧にありません');
  expect(run.output).toContain('短い道では確かめられません。');
  expect(run.output).toContain('npm test');
  expect(run.output).not.toContain('▶ ビルド');
});

test('短い道: 使えない front matter のキー、スキーマに合わない開催事例、画像でない写真は、全部の道のビルドと同じ知らせで止まる', async () => {
  const refused = await shortPath({
    [`${postDir}/index.md`]: post('参加した皆さん、ありがとうございました。', 'slug: /x'),
  });
  expect(refused.code, refused.output).toBe(1);
  expect(refused.output).toContain('事務局の内容だけの変更です');
  expect(refused.output).toContain('記事に使えないものがあるので、ビルドを止めます');
  expect(refused.output).toContain(`${postDir}/index.md の front matter の「slug」`);
  expect(refused.output).toContain('短い道: ビルドが通りませんでした');

  const eventFile = 'src/data/events/nagareyama-kashiwa-3.json';
  const event = JSON.parse(
    readFileSync('src/data/events/nagareyama-kashiwa-2.json', 'utf8'),
  ) as Record<string, unknown>;
  delete event.name;
  const schema = await shortPath({
    [eventFile]: JSON.stringify({...event, number: 3, anchor: 'nagareyama-kashiwa-3'}, null, 2),
  });
  expect(schema.code, schema.output).toBe(1);
  expect(schema.output).toContain(`開催事例のデータ ${eventFile} が正しくありません。`);
  expect(schema.output).toContain('「イベントの名前」（name）');
  expect(schema.output).toContain('短い道: ビルドが通りませんでした');

  const photo = await shortPath({
    [`${postDir}/index.md`]: post('![駅の様子](./station.jpg)'),
    [`${postDir}/station.jpg`]: '<!DOCTYPE html><html><body>保存したページ</body></html>',
  });
  expect(photo.code, photo.output).toBe(1);
  expect(photo.output).toMatch(/station\.jpg: 拡張子は \.jpg ですが、画像ではありません/);
  expect(photo.output).toContain('短い道: ビルドが通りませんでした');
});

test('短い道: 無いページへのリンクは、全部の道のビルドと同じく、ページとリンク先を挙げて止まる', async () => {
  const run = await shortPath({
    [`${postDir}/index.md`]: post('開催の流れは[開催の手順](/docs/no-such-page)にまとめました。'),
  });
  expect(run.code, run.output).toBe(1);
  expect(run.output).toMatch(/broken links/i);
  expect(run.output).toContain(postRoute);
  expect(run.output).toContain('/docs/no-such-page');
  expect(run.output).toContain('短い道: ビルドが通りませんでした');
});

test('短い道: 記事が持ち込んだアクセシビリティの誤りを、その記事のページの監査が見つけ、載せる一覧の監査は通る', async () => {
  const run = await shortPath({
    [`${postDir}/index.md`]: post('開催の流れは[こちら](/docs/1_host)にまとめました。'),
  });
  expect(run.code, run.output).toBe(1);
  expect(run.output).toContain('✔ ビルド');
  const routes = readFileSync(
    path.join((copy as SiteCopy).dir, '.artifacts/content-routes.txt'),
    'utf8',
  )
    .trim()
    .split('\n');
  expect(routes).toEqual(
    expect.arrayContaining([postRoute, '/blog', '/blog/archive', '/blog/tags/announcement']),
  );
  expect(routes).not.toContain('/docs/intro');
  // 落ちたのは記事のページ（2 つの幅）だけで、文言だけでは行き先のわからないリンクの「こちら」を挙げる。
  const failed = [
    ...run.output.matchAll(
      /^\s+\[chromium\] › tests\/e2e\/page-audit\.spec\.ts:\d+:\d+ › 監査 \d+ px › (\S+): ページ監査/gm,
    ),
  ].map((match) => match[1]);
  expect(failed, run.output.slice(-4000)).toHaveLength(2);
  expect(new Set(failed)).toEqual(new Set([postRoute]));
  expect(run.output).toContain('「こちら」');
  expect(run.output).toContain('短い道: 変わったページの監査と事務局の流れが通りませんでした');
  expect(run.output).toMatch(/\d+ passed/);
});
