/**
 * npm run bench:content-path（npm run bench も最後に測る）— 短い道（issue 67）の時間と、公開からサイトに載るまでの見積もり。
 * - 今のコミットを新しいフォルダーにクローンし（node_modules もビルドのキャッシュも無い）、main から分けたブランチに
 *   ふつうの報告（記事 1 本と、エディターが整えたのと同じ 2,880 × 2,160 px の写真 10 枚）を置いて、
 *   npm ci と npm run test:content（CI の短い道と同じ手順）を走らせ、それぞれの時間を測る。
 * - 短い道が走らせたテストの数と、監査したページ（ルート）の数。
 * - GitHub のホストのランナー（2 コア）での、公開からサイトに載るまでの見積もり（プルリクエストの CI の短い道、
 *   内容の承認、マージ、main の CI の短い道、デプロイ）。CPU を使う部分はここで測った時間、ランナーの起動や
 *   Debian のパッケージ、成果物の受け渡し、Firebase への送り出しは下の hostedOverheads の見込み（測っていない）。
 * 予算は bench/budgets.json の contentPath。結果は .bench/content-path.json。
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync} from 'node:fs';
import {cpus, loadavg, tmpdir} from 'node:os';
import path from 'node:path';
import {writePhotoReport} from '../../lib/photos';
import {onCleanup, runBenchMain, runCommand} from './processes';
import {benchDir, budgetsFile, projectRoot} from './paths';
import type {Verdict} from './types';

const log = (message: string): void => console.log(`[bench:content-path] ${message}`);

type ContentPathBudgets = {
  readonly shortPathMaxSeconds: number;
  readonly publishToLiveMaxMinutes: number;
};

function readContentPathBudgets(file: string): ContentPathBudgets {
  const budgets = (
    JSON.parse(readFileSync(file, 'utf8')) as {contentPath?: Partial<ContentPathBudgets>}
  ).contentPath;
  for (const key of ['shortPathMaxSeconds', 'publishToLiveMaxMinutes'] as const) {
    if (typeof budgets?.[key] !== 'number')
      throw new Error(`${file}: contentPath.${key} が数値ではありません`);
  }
  return budgets as ContentPathBudgets;
}

/**
 * GitHub のホストのランナーで、ここでは測れない部分の見込み（秒）。どれも CPU をほとんど使わない待ちと転送。
 * - jobStart: ランナーの割り当て、取り出し、setup-node とそのキャッシュ（コンテナーのジョブは像の取り込みも）
 * - debianPackages: コンテナーのジョブで scripts/setup.sh が Chromium と日本語フォントなどを apt-get で入れる時間
 * - artifact: build/ と build-editor/ の成果物を上げる、または待って受け取る時間
 * - report: Playwright の報告をまとめるジョブ（要るチェック。npm ci --ignore-scripts とまとめ）
 * - approver: 内容だけのプルリクエストを承認するジョブ（issue 65。main の定義で、npm ci をしない）
 * - merge: 承認とチェックがそろってからのマージ（エディターの公開、GitHub の API）
 * - deploy: デプロイのジョブの npm audit、成果物の検査と Firebase Hosting への送り出し（変わったファイルだけを送る）
 */
const hostedOverheads = {
  jobStart: 40,
  debianPackages: 90,
  artifact: 20,
  report: 45,
  approver: 40,
  merge: 10,
  deploy: 100,
} as const;

type StepTimes = {
  readonly npmCi: number;
  readonly prose: number;
  readonly build: number;
  readonly audit: number;
  readonly total: number;
};

function secondsOf(output: string, title: string): number {
  const match = new RegExp(`✔ ${title}（([\\d.]+) 秒）`).exec(output);
  if (!match) throw new Error(`「${title}」の時間が出力にありません\n${output.slice(-3000)}`);
  return Number(match[1]);
}

/** 今のコミットのクローンで、写真 10 枚の報告を置いて npm ci と npm run test:content を走らせる。 */
async function measureShortPath(): Promise<{times: StepTimes; tests: number; pages: number}> {
  const root = mkdtempSync(path.join(tmpdir(), 'denki-content-path-bench-'));
  onCleanup(() => rmSync(root, {recursive: true, force: true}));
  const clone = path.join(root, 'clone');
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: clone,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'bench',
        GIT_AUTHOR_EMAIL: 'bench@example.com',
        GIT_COMMITTER_NAME: 'bench',
        GIT_COMMITTER_EMAIL: 'bench@example.com',
      },
    });
  execFileSync('git', ['clone', '-q', '--no-hardlinks', projectRoot, clone]);
  git('checkout', '-q', '-B', 'main');
  git('checkout', '-q', '-b', 'cms/posts/photo-report');
  await writePhotoReport(
    clone,
    Array.from({length: 10}, (_, index) => ({
      width: 2880,
      height: 2160,
      seed: index + 1,
      orientation: 1,
      file: `photo-${index + 1}.jpg`,
    })),
  );
  git('add', '-A');
  git('commit', '-q', '-m', '写真の報告');

  // クローンの中のコマンド（npm、npx、docusaurus の #!/usr/bin/env node）も、このベンチと同じ Node.js 24 で動かす。
  const env = {
    ...process.env,
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
  };
  const started = performance.now();
  log('npm ci …');
  const install = await runCommand('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: clone,
    timeoutMs: 15 * 60_000,
    env,
  });
  if (install.code !== 0) throw new Error(`npm ci が失敗しました\n${install.stderr.slice(-3000)}`);
  const npmCi = (performance.now() - started) / 1000;
  log(`npm ci ${npmCi.toFixed(1)} 秒。npm run test:content …`);
  const port = Number(process.env.TEST_PORT ?? 3100) + 30;
  const run = await runCommand('npm', ['run', 'test:content', '--', '--workers=2'], {
    cwd: clone,
    timeoutMs: 20 * 60_000,
    env: {...env, TEST_PORT: String(port), FORCE_COLOR: '0'},
  });
  const total = (performance.now() - started) / 1000;
  const output = `${run.stdout}${run.stderr}`;
  if (run.code !== 0) throw new Error(`短い道が通りませんでした\n${output.slice(-6000)}`);
  const tests = Number(/(\d+) passed/.exec(output)?.[1] ?? Number.NaN);
  const pages = Number(/監査するページ（(\d+)）/.exec(output)?.[1] ?? Number.NaN);
  return {
    times: {
      npmCi,
      prose: secondsOf(output, '文章の検査'),
      build: secondsOf(output, 'ビルド'),
      audit: secondsOf(output, '変わったページの監査と事務局の流れ'),
      total,
    },
    tests,
    pages,
  };
}

type Estimate = {
  /** 「公開待ち」にしてから「公開」を押せるまで（プルリクエストの CI と内容の承認。エディターはそれまで公開を断る）。 */
  readonly beforePublish: Record<string, number>;
  /** 「公開」（マージ）からサイトに載るまで。予算はこちらに当てる。 */
  readonly afterPublish: Record<string, number>;
  readonly publishToLive: number;
  readonly readyToLive: number;
};

const sum = (parts: Record<string, number>): number =>
  Object.values(parts).reduce((total, value) => total + value, 0);

/**
 * ホストのランナーでの見積もり（秒）。CI の 1 回は build のジョブと e2e (1) の監査。プルリクエストでは、要るチェックの
 * report も待つ。main では deploy が report を待たず、内容だけの push では関数も出し直さない（ci.yml の functions）。
 */
function estimateHosted(times: StepTimes): Estimate {
  const ci =
    hostedOverheads.jobStart +
    hostedOverheads.debianPackages +
    times.npmCi +
    times.build +
    hostedOverheads.artifact * 2 +
    times.audit;
  const beforePublish = {
    'プルリクエストの CI（短い道、report まで）': ci + hostedOverheads.report,
    内容の承認: hostedOverheads.approver,
  };
  const afterPublish = {
    マージ: hostedOverheads.merge,
    'main の CI（短い道）': ci,
    デプロイ: hostedOverheads.jobStart + hostedOverheads.deploy,
  };
  return {
    beforePublish,
    afterPublish,
    publishToLive: sum(afterPublish),
    readyToLive: sum(beforePublish) + sum(afterPublish),
  };
}

export async function benchContentPath(): Promise<Verdict[]> {
  const budgets = readContentPathBudgets(budgetsFile);
  const load = loadavg()[0];
  log(`コア ${cpus().length}、開始時の負荷（1 分の平均）${load.toFixed(1)}`);
  const {times, tests, pages} = await measureShortPath();
  const estimate = estimateHosted(times);
  const rows = [
    ['npm ci', times.npmCi],
    ['文章の検査（textlint）', times.prose],
    ['ビルド（npm run build）', times.build],
    ['変わったページの監査と事務局の流れ', times.audit],
    ['短い道の合計（npm ci から）', times.total],
  ] as const;
  console.log(
    `\n短い道（クローンから、写真 10 枚の記事 1 本）: テスト ${tests} 件、ページ ${pages}`,
  );
  for (const [label, seconds] of rows) console.log(`  ${label}: ${seconds.toFixed(1)} 秒`);
  const minutes = (seconds: number): string => `${(seconds / 60).toFixed(1)} 分`;
  console.log('GitHub のホストのランナーでの見積もり:');
  for (const [label, seconds] of Object.entries(estimate.beforePublish))
    console.log(`  （公開の前）${label}: ${minutes(seconds)}`);
  for (const [label, seconds] of Object.entries(estimate.afterPublish))
    console.log(`  （公開のあと）${label}: ${minutes(seconds)}`);
  console.log(`  公開からサイトに載るまで: ${minutes(estimate.publishToLive)}`);
  console.log(`  公開待ちにしてからサイトに載るまで: ${minutes(estimate.readyToLive)}`);
  mkdirSync(benchDir, {recursive: true});
  writeFileSync(
    path.join(benchDir, 'content-path.json'),
    `${JSON.stringify({date: new Date().toISOString(), cores: cpus().length, loadAtStart: load, times, tests, pages, hostedOverheads, estimate}, null, 2)}\n`,
  );
  return [
    {
      figure: '短い道（クローンから、npm ci を含む、秒）',
      route: null,
      value: Math.round(times.total),
      budget: `≤ ${budgets.shortPathMaxSeconds}`,
      ok: times.total <= budgets.shortPathMaxSeconds,
    },
    {
      figure: '公開からサイトに載るまでの見積もり（分）',
      route: null,
      value: Math.round((estimate.publishToLive / 60) * 10) / 10,
      budget: `≤ ${budgets.publishToLiveMaxMinutes}`,
      ok: estimate.publishToLive / 60 <= budgets.publishToLiveMaxMinutes,
    },
  ];
}

if (require.main === module) {
  runBenchMain(async () => {
    const verdicts = await benchContentPath();
    const over = verdicts.filter((verdict) => verdict.ok === false);
    for (const verdict of verdicts)
      console.log(
        `${verdict.ok ? '✔' : '✘'} ${verdict.figure}: ${verdict.value}（予算 ${verdict.budget}）`,
      );
    return over.length === 0 ? 0 : 1;
  });
}
