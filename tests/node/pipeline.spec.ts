/**
 * 出荷の道筋（issue 17）: GitHub Actions のワークフロー、Node.js の版、Renovate の設定。
 * - ワークフローは @action-validator/cli（GitHub のワークフローの JSON スキーマ）で検査する。
 * - .ci/run は README のテスト用コマンドそのものを実行する。GitHub Actions は同じ手順を、検査、ビルドと、
 *   Playwright をスペックの時間で分けた（scripts/shards）e2e のジョブで実行し、分けた結果を 1 つの HTML の報告にまとめる。
 *   e2e はビルドと同時に準備を始め、ビルドの成果物を待つ（scripts/wait-for-artifact.ts）。
 * - renovate.json は Renovate 自身の renovate-config-validator で検査する（tools/renovate。依存に入れると
 *   重いネイティブのアドオンを組むので、scripts/setup.sh が --ignore-scripts で別に入れる）。
 * - issue 60: すべてのワークフローのファイルを読み、鍵がブランチのコードの手の届く所に無いこと（プルリクエストの
 *   ワークフローのジョブは main だけの environment の外で鍵を持たない、鍵を持つジョブは成果物を取り出しの上に
 *   広げない、プレビューは main の定義の workflow_run で本番とは別のプロジェクトへ）を確かめる。main のルールセット
 *   は GitHub の REST API の説明（@octokit/openapi）のスキーマで、CODEOWNERS はリポジトリーのすべてのファイルで
 *   確かめる。ブラウザーを使わない。issue 60 で足したものは合わせて約 3 秒（API の説明の 13 MB の JSON を読んで
 *   スキーマを組むのに約 1.7 秒）。ファイル全体は、Renovate の検査を含めて約 11 秒。
 * - issue 67: 事務局の内容だけの変更の短い道。ci.yml の式（if、ジョブの env、関門の出力）をテストの中で評価して、
 *   プルリクエスト・push・schedule・手で動かした実行のそれぞれで、どのジョブのどの手順が走るかを辿る（約 2 秒）。
 */
import {existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {createRequire} from 'node:module';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import Ajv, {type ValidateFunction} from 'ajv';
import ignore from 'ignore';
import {parse} from 'yaml';
import {shortPathSpecs} from '../../lib/content-path.mts';
import {editorConfig} from '../../plugins/editor/config';
import {editorOrigin, previewStatusContext, signInPath} from '../../src/constants/editor-sign-in';
import {liveProjectId, previewProjectId} from '../../src/constants/preview-channel';
import {sourceRepository} from '../../src/constants/site';
import {runCommand, type Run} from '../support/run-command';

const workflowDir = '.github/workflows';
const workflowFiles = readdirSync(workflowDir)
  .filter((name) => /\.ya?ml$/.test(name))
  .map((name) => path.join(workflowDir, name));

type Step = {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
};
type Job = {
  name?: string;
  steps: Step[];
  environment?: string | {name: string; url?: string};
  needs?: string | string[];
  if?: string;
  env?: Record<string, string>;
  container?: unknown;
  permissions?: Record<string, string>;
  strategy?: {matrix?: Record<string, unknown>};
};
type Workflow = {
  name?: string;
  on: string | string[] | Record<string, unknown>;
  env?: Record<string, string>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
};

const workflows = new Map(
  workflowFiles.map((file) => [file, parse(readFileSync(file, 'utf8')) as Workflow]),
);
const jobs = [...workflows.values()].flatMap((workflow) => Object.entries(workflow.jobs));
const steps = jobs.flatMap(([, job]) => job.steps);
const ciFile = path.join(workflowDir, 'ci.yml');
const previewFile = path.join(workflowDir, 'preview.yml');

/**
 * 「Deployment branches」を main だけにした environment（README の「デプロイ」の手順）。鍵はこの中にだけ置く。
 * production: 本番の鍵（関数とサイト）。preview: プレビューだけのプロジェクトの鍵。
 */
const mainOnlyEnvironments = ['production', 'preview'];

const firebase = JSON.parse(readFileSync('firebase.json', 'utf8')) as {
  hosting: {target: string; public: string}[];
};
const firebaserc = JSON.parse(readFileSync('.firebaserc', 'utf8')) as {
  projects: Record<string, string>;
  targets: Record<string, {hosting: Record<string, string[]>}>;
};

function jobIn(file: string, name: string): Job {
  const job = workflows.get(file)?.jobs[name];
  expect(job, `${file} の ${name}`).toBeDefined();
  return job as Job;
}

/** ワークフローを動かすイベントの名前。 */
function triggers(workflow: Workflow): string[] {
  if (typeof workflow.on === 'string') return [workflow.on];
  return Array.isArray(workflow.on) ? workflow.on : Object.keys(workflow.on);
}

/**
 * 中で使う秘密の値（GITHUB_TOKEN のほか）。secrets.X も secrets['X'] も、secrets: inherit や toJSON(secrets) も数える。
 */
function keysIn(value: unknown): string[] {
  const text = JSON.stringify(value ?? {});
  return [...text.matchAll(/\bsecrets\b(?:\.([A-Za-z_]\w*))?/g)]
    .map((match) => match[1] ?? match[0])
    .filter((name) => name !== 'GITHUB_TOKEN');
}

function environmentOf(job: Job): string | undefined {
  return typeof job.environment === 'string' ? job.environment : job.environment?.name;
}

function deployStep(job: Job): Step | undefined {
  return job.steps.find((step) => step.uses?.startsWith('FirebaseExtended/action-hosting-deploy@'));
}

/** README の「## 名前」の節（次の「## 」まで）。 */
function readmeSection(heading: string): string {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf(`\n## ${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** README の「2 つのコマンド」の表で、テストの行のコマンド。 */
function readmeTestCommand(): string {
  const rows = readFileSync('README.md', 'utf8')
    .split('\n')
    .map((line) => /^\| (.+?) \| `([^`]+)` \|$/.exec(line))
    .filter((row) => row !== null);
  const testRows = rows.filter(([, what]) => what.includes('テスト'));
  expect(testRows, 'README の表でテストの行は 1 つ').toHaveLength(1);
  return testRows[0][2];
}

/** action-validator の CLI を、このテストと同じ Node.js で動かす。 */
function actionValidator(file: string): Promise<Run> {
  const cli = path.join('node_modules', '@action-validator', 'cli', 'cli.mjs');
  return runCommand(process.execPath, [cli, file], {env: {...process.env, NO_COLOR: '1'}});
}

const nvmrcMajor = readFileSync('.nvmrc', 'utf8').trim();

/** 短い道（issue 67）で e2e (1) が走らせる監査（scripts/content-path.mts が選んだルートだけの page-audit.spec.ts）。 */
const shortPathAudit = [
  '. scripts/setup.sh && mkdir -p .artifacts &&',
  'node scripts/content-path.mts routes build/sitemap.xml > .artifacts/content-routes.txt &&',
  'PAGE_AUDIT_ROUTES=.artifacts/content-routes.txt npx playwright test',
  `${shortPathSpecs.join(' ')} --reporter=list,blob`,
].join(' ');

/**
 * GitHub Actions の式（${{ … }}、if の値）を、ワークフローが使う範囲（文字列、数、文脈の値、== != && || ! と括弧、
 * cancelled() などの関数）で評価する。文脈の値は lookup が返す（無ければ空の文字列。GitHub と同じく、&& と || は
 * 値そのものを返し、== は型をそろえて比べる）。読めない字があれば失敗する（評価を取り違えないため）。
 */
function evaluate(expression: string, lookup: (name: string) => unknown): unknown {
  const inner = /^\s*\$\{\{([\s\S]*)\}\}\s*$/.exec(expression)?.[1] ?? expression;
  const tokens =
    inner.match(
      /'(?:[^']|'')*'|[A-Za-z_][\w-]*(?:\.[\w-]+)*(?:\(\))?|\d+|==|!=|&&|\|\||!|\(|\)|\s+/g,
    ) ?? [];
  expect(tokens.join(''), `式を読み切る: ${inner}`).toBe(inner);
  const functions: Record<string, string> = {
    'cancelled()': 'false',
    'success()': 'true',
    'always()': 'true',
    'failure()': 'false',
  };
  const js = tokens
    .map((token) => {
      if (token.startsWith("'")) return JSON.stringify(token.slice(1, -1).replaceAll("''", "'"));
      if (token in functions) return functions[token];
      if (['true', 'false', 'null'].includes(token)) return token;
      if (/^[A-Za-z_]/.test(token)) return `lookup(${JSON.stringify(token)})`;
      return token;
    })
    .join('');
  // 上で字句を限った式だけを JavaScript にして評価する。
  return new Function('lookup', `return (${js});`)((name: string) => lookup(name) ?? '') as unknown;
}

/** GitHub Actions が式の結果を文字列にする（env、outputs）。 */
const asText = (value: unknown): string => (value === null ? '' : String(value));

type CiRun = {readonly event: string; readonly contentOnly: boolean};

/**
 * CI のワークフローを 1 回の実行として辿り、関門 changes の出力と、check と e2e の各ジョブで走る手順の名前を返す。
 * contentOnly は、関門の判定の手順が走ったときに scripts/content-path.mts が書く値。
 */
function simulateCi({event, contentOnly}: CiRun): {
  contentOnlyOutput: string;
  check: string[];
  e2e: Map<number, string[]>;
} {
  const ci = workflows.get(ciFile) as Workflow;
  const gate = ci.jobs.changes as Job & {outputs: Record<string, string>};
  const github = (name: string) => (name === 'github.event_name' ? event : undefined);
  const classify = gate.steps.find((step) => step.id === 'classify') as Step & {if: string};
  const classified = evaluate(classify.if, github) === true;
  const contentOnlyOutput = asText(
    evaluate(gate.outputs['content-only'], (name) =>
      name === 'steps.classify.outputs.content-only' && classified
        ? String(contentOnly)
        : github(name),
    ),
  );
  const needs = (name: string) =>
    name === 'needs.changes.outputs.content-only' ? contentOnlyOutput : github(name);
  const stepName = (step: Step) => step.name ?? step.uses?.split('@')[0] ?? step.run ?? '';
  const running = (job: Job, lookup: (name: string) => unknown) =>
    job.steps
      .filter(
        (step) =>
          (step as {if?: string}).if === undefined ||
          evaluate((step as {if: string}).if, lookup) === true,
      )
      .map(stepName);
  const e2eJob = ci.jobs.e2e;
  const e2e = new Map<number, string[]>();
  for (const shard of (e2eJob.strategy?.matrix?.shard ?? []) as number[]) {
    const withMatrix = (name: string) => (name === 'matrix.shard' ? shard : needs(name));
    const env = Object.fromEntries(
      Object.entries(e2eJob.env ?? {}).map(([key, value]) => [
        key,
        asText(evaluate(value, withMatrix)),
      ]),
    );
    e2e.set(
      shard,
      running(e2eJob, (name) => (name.startsWith('env.') ? env[name.slice(4)] : withMatrix(name))),
    );
  }
  return {contentOnlyOutput, check: running(ci.jobs.check, needs), e2e};
}

test.describe('GitHub Actions workflows', () => {
  test('every workflow file passes @action-validator/cli', async () => {
    expect(workflowFiles.length).toBeGreaterThan(0);
    for (const file of workflowFiles) {
      const run = await actionValidator(file);
      expect(run, `${file}: ${run.output}`).toEqual({code: 0, output: ''});
    }
  });

  test('the validator rejects broken workflows', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'denki-workflow-'));
    // スキーマの違反: runs-on がなく、steps を step と書き違えたジョブ。
    const schemaError = path.join(dir, 'schema.yml');
    writeFileSync(schemaError, 'on: push\njobs:\n  test:\n    step:\n      - run: npm test\n');
    const schemaRun = await actionValidator(schemaError);
    expect(schemaRun.code).not.toBe(0);
    expect(schemaRun.output).toContain("Additional property 'step' is not allowed");
    // 本物のワークフローで、needs のジョブ名を書き違えたもの。
    const typo = path.join(dir, 'needs.yml');
    const ci = readFileSync(path.join(workflowDir, 'ci.yml'), 'utf8');
    writeFileSync(typo, ci.replaceAll('needs: e2e', 'needs: e2x'));
    const typoRun = await actionValidator(typo);
    expect(typoRun.code).not.toBe(0);
    expect(typoRun.output).toContain('unresolved job e2x');
  });

  test(".ci/run runs the README's test command, which sources scripts/setup.sh", () => {
    const command = readmeTestCommand();
    expect(command).toMatch(/^\. scripts\/setup\.sh && npm ci && npm test$/);
    expect(readFileSync('.ci/run', 'utf8').split('\n')).toContain(command);
  });

  test('on a prepared machine, scripts/setup.sh installs nothing, also under set -euo pipefail', async () => {
    // .ci/run は set -euo pipefail のシェルで読み込む。apt-get は呼べば失敗する関数に差し替える。パッケージの
    // 確かめ方が揺れると（grep -q で convert が SIGPIPE になり、pipefail で「無い」になった）、何回かのうちに呼ぶ。
    const script =
      'set -euo pipefail; apt-get() { echo "apt-get $*"; return 1; }; . scripts/setup.sh';
    const runs = await Promise.all(
      Array.from({length: 8}, () => runCommand('bash', ['-c', script])),
    );
    for (const setup of runs) {
      expect(setup.output).not.toContain('足りないパッケージ');
      expect(setup, setup.output).toMatchObject({code: 0});
    }
  });

  test('GitHub Actions runs the same steps: the checks, the build, and the browser tests in shards that wait for it', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {scripts: {test: string}};
    const e2eStep = ' && npm run test:e2e';
    // 検査とビルドは同時に走り（どちらも CPU を使い切らない時間がある）、両方が通ってからブラウザーのテスト。
    expect(pkg.scripts.test).toBe('run-p --aggregate-output check build && npm run test:e2e');
    const install = '. scripts/setup.sh && npm ci';
    const ci = workflows.get(path.join(workflowDir, 'ci.yml'));
    expect(ci).toBeDefined();
    const {check, build, e2e, report} = ci?.jobs ?? {};
    const runs = (job: Job) => job.steps.map((step) => step.run?.trim()).filter(Boolean);
    // 型・lint・文章はブラウザーを使わないので、Debian のパッケージなしで走る。
    // 内容だけの変更（issue 67）では、npm run check の代わりに変わった記事の textlint（下の短い道のテスト）。
    expect(runs(check)).toEqual(['npm ci', 'npm run check', 'node scripts/content-path.mts prose']);
    expect(check.container).toBeUndefined();
    expect(runs(build)).toEqual([install, '. scripts/setup.sh && npm run build']);
    expect(pkg.scripts.test.endsWith(e2eStep)).toBe(true);
    // npm ci は node_modules を消すので、ビルドのキャッシュ（node_modules/.cache）はそのあとで戻す。
    for (const job of [build, e2e]) {
      const at = (found: (step: Step) => boolean) => job.steps.findIndex(found);
      const cache = at((step) => step.uses?.startsWith('actions/cache') ?? false);
      expect(cache).toBeGreaterThan(at((step) => step.run === install));
    }
    // e2e は build を待たずに準備し（待つのは数秒の関門 changes だけ）、build の成果物ができてから取り出す。
    expect(e2e.needs).toBe('changes');
    expect(e2e.permissions).toMatchObject({actions: 'read'});
    const shards = (e2e.strategy?.matrix?.shard ?? []) as number[];
    expect(shards.length).toBeGreaterThan(1);
    const wait = 'npx tsx scripts/wait-for-artifact.ts build build';
    expect(runs(e2e)).toEqual([
      install,
      wait,
      `. scripts/setup.sh && npx tsx scripts/shards \${{ matrix.shard }}/\${{ strategy.job-total }} --reporter=list,blob`,
      shortPathAudit,
    ]);
    const waitAt = e2e.steps.findIndex((step) => step.run === wait);
    const downloadAt = e2e.steps.findIndex(
      (step) => step.uses?.startsWith('actions/download-artifact@') ?? false,
    );
    expect(downloadAt).toBeGreaterThan(waitAt);
    expect(e2e.steps[downloadAt].with).toMatchObject({name: 'build'});
    expect(
      build.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))?.with,
    ).toMatchObject({name: 'build'});
    expect(report.needs).toBe('e2e');
    expect(report.steps.map((step) => step.run).join('\n')).toContain(
      'npx playwright merge-reports --reporter html',
    );
    // どのワークフローも、npm test をまるごと走らせるか、上のように分けるかのどちらか。
    expect(steps.filter((step) => step.run?.includes('npm test'))).toEqual([]);
  });

  test('setup-node reads .nvmrc everywhere, and no workflow installs packages itself', () => {
    const setupNode = steps.filter((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(setupNode.length).toBeGreaterThan(0);
    for (const step of setupNode) expect(step.with).toMatchObject({'node-version-file': '.nvmrc'});
    for (const step of setupNode) expect(step.with).not.toHaveProperty('node-version');
    for (const file of workflowFiles) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/\b(apt|apt-get|dpkg)\b/);
    }
  });

  test('main deploys live from the CI workflow, pull requests get a preview from the preview workflow, both only after the tests', () => {
    const deploys = jobs.filter(([, job]) => deployStep(job) !== undefined);
    expect(deploys.map(([name]) => name).sort()).toEqual(['deploy', 'preview']);
    const live = jobIn(ciFile, 'deploy');
    const preview = jobIn(previewFile, 'preview');
    // 本番はデプロイの鍵、プレビューはプレビュー用の鍵（README の「デプロイ」）。
    expect(deployStep(live)?.with).toMatchObject({
      firebaseServiceAccount: '${{ secrets.FIREBASE_SERVICE_ACCOUNT }}',
      projectId: '${{ env.FIREBASE_PROJECT }}',
    });
    expect(deployStep(preview)?.with).toMatchObject({
      firebaseServiceAccount: '${{ secrets.FIREBASE_PREVIEW_SERVICE_ACCOUNT }}',
    });
    // 本番は、ログインの関数を出したあと（関数を出さない実行では、関数のジョブは飛ばされる）。
    expect(live.needs).toEqual(['check', 'e2e', 'functions']);
    for (const condition of [
      "needs.check.result == 'success'",
      "needs.e2e.result == 'success'",
      "needs.functions.result == 'success' || needs.functions.result == 'skipped'",
    ]) {
      expect(live.if).toContain(condition);
    }
    expect(deployStep(live)?.with).toMatchObject({channelId: 'live'});
    expect(live.if).toContain("github.ref == 'refs/heads/main'");
    expect(live.steps.map((step) => step.run).filter(Boolean)).toContain('npm audit --omit=dev');
    // 本番は firebase.json の 2 つのサイト（target を指定しない = .firebaserc のすべて）を出し、プレビューは読者の
    // サイトだけ。成果物には両方のサイトのフォルダーがある。
    expect(firebase.hosting.map((site) => site.target)).toEqual(['site', 'editor']);
    expect(firebaserc.projects.default).toBe(liveProjectId);
    expect(Object.keys(firebaserc.targets[liveProjectId].hosting)).toEqual(['site', 'editor']);
    expect(deployStep(live)?.with).not.toHaveProperty('target');
    const uploaded = String(
      jobIn(ciFile, 'build').steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))
        ?.with?.path,
    );
    expect(uploaded.trim().split('\n')).toEqual(firebase.hosting.map((site) => `${site.public}/`));
  });

  // issue 60 の 1: プレビューは、main の定義のワークフローが、プレビューだけのプロジェクトに出す。
  test("the preview deploys into a Firebase project of its own (not the live one), only the readers' site, to the pull request's channel", () => {
    const preview = jobIn(previewFile, 'preview');
    expect(previewProjectId).not.toBe(liveProjectId);
    expect(preview.env?.PREVIEW_PROJECT).toBe(previewProjectId);
    expect(preview.env?.PR_NUMBER).toBe('${{ github.event.workflow_run.pull_requests[0].number }}');
    const deploy = deployStep(preview);
    expect(deploy?.with).toEqual({
      firebaseServiceAccount: '${{ secrets.FIREBASE_PREVIEW_SERVICE_ACCOUNT }}',
      projectId: '${{ env.PREVIEW_PROJECT }}',
      channelId: 'pr${{ env.PR_NUMBER }}',
      target: 'site',
      expires: '7d',
      firebaseToolsVersion: expect.stringMatching(/^\d+\.\d+\.\d+$/),
    });
    // プレビューのプロジェクトでは、target「site」だけがそのプロジェクトのサイトに結ばれる（エディターは出さない）。
    expect(firebaserc.projects.preview).toBe(previewProjectId);
    expect(firebaserc.targets[previewProjectId]).toEqual({
      hosting: {site: [previewProjectId]},
    });
    // 本番のプロジェクト ID は、どのワークフローのプレビューにも現れない。
    expect(JSON.stringify(workflows.get(previewFile))).not.toContain(`'${liveProjectId}'`);
  });

  test("the preview workflow runs main's own definition after a successful CI of a pull request from this repository, never a fork", () => {
    const ci = workflows.get(ciFile);
    const workflow = workflows.get(previewFile);
    expect(ci?.name).toBe('CI');
    // workflow_run だけで動く（pull_request でも pull_request_target でもない）。
    expect(workflow?.on).toEqual({workflow_run: {workflows: [ci?.name], types: ['completed']}});
    expect(workflow?.permissions).toEqual({});
    for (const [name, job] of Object.entries(workflow?.jobs ?? {})) {
      for (const condition of [
        "github.event.workflow_run.event == 'pull_request'",
        "github.event.workflow_run.conclusion == 'success'",
        'github.event.workflow_run.head_repository.full_name == github.repository',
      ]) {
        expect(job.if, name).toContain(condition);
      }
      // 取り出すのは main（workflow_run の既定）。ブランチの head を取り出さない。
      for (const step of job.steps.filter((s) => s.uses?.startsWith('actions/checkout@'))) {
        expect(step.with, name).toEqual({'persist-credentials': false});
      }
    }
    const preview = jobIn(previewFile, 'preview');
    expect(environmentOf(preview)).toBe('preview');
    const download = preview.steps.find((step) =>
      step.uses?.startsWith('actions/download-artifact@'),
    );
    expect(download?.with).toEqual({
      name: 'build',
      path: '${{ runner.temp }}/artifact',
      'run-id': '${{ github.event.workflow_run.id }}',
      'github-token': '${{ github.token }}',
    });
    expect(preview.permissions).toEqual({
      contents: 'read',
      actions: 'read',
      'pull-requests': 'write',
      statuses: 'write',
    });
    // 動かすのは、成果物の検査と gh api だけ（npm・npx・firebase・ブランチのスクリプトは動かさない）。
    const runs = preview.steps.map((step) => step.run?.trim()).filter((run) => run !== undefined);
    expect(runs[0]).toBe('node scripts/unpack-artifact.mts "$RUNNER_TEMP/artifact" build');
    for (const run of runs.slice(1)) expect(run).toMatch(/^(gh api|marker=)/);
    expect(runs.join('\n')).not.toMatch(/\b(npm|npx|firebase|tsx)\b/);
    const uses = preview.steps.map((step) => step.uses?.split('@')[0]).filter(Boolean);
    expect(uses.sort()).toEqual([
      'FirebaseExtended/action-hosting-deploy',
      'actions/checkout',
      'actions/download-artifact',
      'actions/setup-node',
    ]);
    expect(deployStep(preview)?.with).not.toHaveProperty('entryPoint');
    expect(deployStep(preview)?.with).not.toHaveProperty('repoToken');
  });

  test("the preview workflow sets a commit status on the PR's head named as the editor's preview_context, pointing at the preview URL, and comments the URL", () => {
    const preview = jobIn(previewFile, 'preview');
    const steps = preview.steps;
    const deployAt = steps.findIndex((step) => step === deployStep(preview));
    const deployId = steps[deployAt]?.id;
    expect(deployId).toBeTruthy();
    const statusAt = steps.findIndex((step) => /\/statuses\//.test(step.run ?? ''));
    expect(statusAt).toBeGreaterThan(deployAt);
    const status = steps[statusAt];
    expect(status.run).toMatch(
      /^gh api --method POST "repos\/\$GITHUB_REPOSITORY\/statuses\/\$HEAD_SHA"/,
    );
    expect(status.run).toContain('-f context="$PREVIEW_CONTEXT"');
    expect(status.run).toContain('-f target_url="$PREVIEW_URL"');
    expect(status.run).toContain('-f state=success');
    // head のコミットは、CI が試したコミット（workflow_run の head_sha）。
    expect(preview.env?.HEAD_SHA).toBe('${{ github.event.workflow_run.head_sha }}');
    expect(status.env).toEqual({
      GH_TOKEN: '${{ github.token }}',
      // エディターの設定（plugins/editor/config.ts の preview_context）と同じ名前。
      PREVIEW_CONTEXT: previewStatusContext,
      PREVIEW_URL: `\${{ steps.${deployId}.outputs.details_url }}`,
    });
    const comment = steps.find((step) => /issues\/\$PR_NUMBER\/comments/.test(step.run ?? ''));
    expect(steps.indexOf(comment as Step)).toBeGreaterThan(deployAt);
    expect(comment?.env).toEqual({
      GH_TOKEN: '${{ github.token }}',
      PREVIEW_URL: `\${{ steps.${deployId}.outputs.details_url }}`,
    });
    // エディターは同じ名前の状態を「プレビューを見る」で開き、エディターのサイト自身の /api/auth でログインする
    // （権限は GitHub App が決めるので scope は求めない）。
    expect(editorConfig('.').backend).toMatchObject({
      name: 'github',
      preview_context: previewStatusContext,
      base_url: editorOrigin,
      auth_endpoint: signInPath.slice(1),
    });
    expect(editorConfig('.').backend).not.toHaveProperty('auth_scope');
  });

  test('main deploys the sign-in function after the tests and before the site, never for pull requests, and the workflow never holds the client secret', () => {
    const ci = workflows.get(path.join(workflowDir, 'ci.yml'));
    const functions = ci?.jobs.functions;
    expect(functions).toBeDefined();
    expect(functions?.needs).toEqual(['check', 'e2e']);
    expect(functions?.if).toContain(
      "github.event_name == 'push' && github.ref == 'refs/heads/main'",
    );
    // OAuth アプリを用意するまで（変数が無いあいだ）は出さない。
    expect(functions?.if).toContain("vars.GITHUB_OAUTH_CLIENT_ID != ''");
    const runs = (functions?.steps ?? []).map((step) => step.run?.trim() ?? '');
    const at = (pattern: RegExp) => runs.findIndex((run) => pattern.test(run));
    const deployAt = at(
      /^npx --yes firebase-tools@\d+\.\d+\.\d+ deploy --only functions --project "\$FIREBASE_PROJECT" --non-interactive --force$/,
    );
    expect(deployAt).toBeGreaterThan(at(/^npm ci$/));
    expect(deployAt).toBeGreaterThan(
      at(/^printf 'GITHUB_OAUTH_CLIENT_ID=%s\\n' "\$CLIENT_ID" > functions\/\.env$/),
    );
    const auth = functions?.steps.find((step) =>
      step.uses?.startsWith('google-github-actions/auth@'),
    );
    expect(auth?.with).toEqual({credentials_json: '${{ secrets.FIREBASE_SERVICE_ACCOUNT }}'});
    expect(runs).toContain('npm audit --omit=dev --prefix functions');
    // firebase-tools の版は、Renovate が renovate.json の customManagers で見つけて上げる。
    const renovate = JSON.parse(readFileSync('renovate.json', 'utf8')) as {
      customManagers: {depNameTemplate: string; matchStrings: string[]}[];
    };
    const manager = renovate.customManagers.find((m) => m.depNameTemplate === 'firebase-tools');
    const pinned = /firebase-tools@(\d+\.\d+\.\d+)/.exec(runs[deployAt])?.[1];
    expect(new RegExp(manager?.matchStrings[0] ?? '^$').exec(runs[deployAt])?.groups).toEqual({
      currentValue: pinned,
    });
    // Client secret は Secret Manager にだけある（functions/src/index.ts の defineSecret）。
    for (const file of workflowFiles) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/CLIENT_SECRET/);
    }
    // firebase deploy は firebase.json の predeploy で関数を組み、functions/ を Cloud Build に送る。
    const firebase = JSON.parse(readFileSync('firebase.json', 'utf8')) as {
      functions: {source: string; runtime: string; predeploy: string[]}[];
    };
    expect(firebase.functions).toEqual([
      expect.objectContaining({
        source: 'functions',
        runtime: 'nodejs22',
        predeploy: ['npm --prefix "$RESOURCE_DIR" run bundle'],
      }),
    ]);
  });

  // issue 60 の 1: ブランチのコード（プルリクエストのワークフロー）の手の届く所に鍵を置かない。
  test('no workflow runs on pull_request_target, and a job of a pull-request workflow holds no key unless it runs in a main-only environment', () => {
    expect(workflowFiles.length).toBeGreaterThan(1);
    const pullRequestWorkflows = [...workflows].filter(([, workflow]) =>
      triggers(workflow).includes('pull_request'),
    );
    expect(pullRequestWorkflows.map(([file]) => file)).toEqual([ciFile]);
    for (const [file, workflow] of workflows) {
      expect(triggers(workflow), file).not.toContain('pull_request_target');
      // ワークフロー全体の env の鍵は、すべてのジョブに渡る。
      expect(keysIn(workflow.env), file).toEqual([]);
      for (const [name, job] of Object.entries(workflow.jobs)) {
        const where = `${file} の ${name}`;
        const environment = environmentOf(job);
        if (keysIn(job).length > 0) expect(mainOnlyEnvironments, where).toContain(environment);
        if (triggers(workflow).includes('pull_request') && environment === undefined)
          expect(keysIn(job), where).toEqual([]);
      }
    }
    // main だけの environment は、README の「デプロイ」が作り方（Deployment branches を main だけ）を書いている。
    const deploySection = readmeSection('デプロイ');
    for (const environment of mainOnlyEnvironments) {
      expect(deploySection).toContain(`environment \`${environment}\``);
    }
    expect(deploySection).toContain(
      '「Deployment branches and tags」を「Selected branches and tags」にして `main` だけ',
    );
  });

  test('no job that holds a key unpacks an artifact into its checkout: it downloads under runner.temp and the checker copies only the sites', () => {
    const holders = jobs.filter(([, job]) => keysIn(job).length > 0);
    const downloading = holders.filter(([, job]) =>
      job.steps.some((step) => step.uses?.startsWith('actions/download-artifact@')),
    );
    expect(downloading.map(([name]) => name).sort()).toEqual(['deploy', 'preview']);
    const sites = firebase.hosting.map((site) => site.public);
    for (const [name, job] of holders) {
      job.steps.forEach((step, at) => {
        if (!step.uses?.startsWith('actions/download-artifact@')) return;
        const target = String(step.with?.path ?? '');
        const prefix = '${{ runner.temp }}/';
        expect(target, name).toMatch(/^\$\{\{ runner\.temp \}\}\/[\w-]+$/);
        expect(step.with, name).not.toHaveProperty('pattern');
        // すぐ次の手順が、同じフォルダーを確かめてから、サイトのフォルダーだけを写す。
        const check = job.steps[at + 1]?.run?.trim() ?? '';
        const match =
          /^node scripts\/unpack-artifact\.mts "\$RUNNER_TEMP\/([\w-]+)"((?: [\w-]+)+)$/.exec(
            check,
          );
        expect(match, `${name}: ${check}`).not.toBeNull();
        expect(match?.[1]).toBe(target.slice(prefix.length));
        for (const folder of match?.[2].trim().split(' ') ?? []) expect(sites).toContain(folder);
        // 鍵を使う手順は、すべて検査のあと。
        const firstKey = job.steps.findIndex((s) => keysIn(s).length > 0);
        expect(firstKey, name).toBeGreaterThan(at + 1);
      });
    }
    // 本番は 2 つのサイト、プレビューは読者のサイトだけを写す。
    const copied = (job: Job) =>
      job.steps.find((step) => step.run?.startsWith('node scripts/unpack-artifact.mts'))?.run;
    expect(copied(jobIn(ciFile, 'deploy'))).toMatch(/ build build-editor$/);
    expect(copied(jobIn(previewFile, 'preview'))).toMatch(/" build$/);
  });

  test('only the live and function deploys hold the deploy key, only on main, and both inside the production environment; only the preview job holds the preview key, inside the preview environment', () => {
    const holders = jobs.filter(([, job]) =>
      /secrets\.FIREBASE_SERVICE_ACCOUNT\b/.test(JSON.stringify(job)),
    );
    expect(holders.map(([name]) => name).sort()).toEqual(['deploy', 'functions']);
    for (const [name, job] of holders) {
      expect(environmentOf(job), name).toBe('production');
      expect(job.if, name).toContain("github.ref == 'refs/heads/main'");
      expect(job.if, name).not.toContain('pull_request');
    }
    // 関数は main への push でだけ、サイトは main への push と毎日の定期実行（開催事例の「次の開催」を移す）で出す。
    expect(jobIn(ciFile, 'functions').if).toContain("github.event_name == 'push' &&");
    expect(jobIn(ciFile, 'deploy').if).toContain(
      "(github.event_name == 'push' || github.event_name == 'schedule') &&",
    );
    expect(parse(readFileSync(ciFile, 'utf8')).on.schedule).toEqual([{cron: '5 15 * * *'}]);
    const previewHolders = jobs.filter(([, job]) =>
      /secrets\.FIREBASE_PREVIEW_SERVICE_ACCOUNT\b/.test(JSON.stringify(job)),
    );
    expect(previewHolders.map(([name]) => name)).toEqual(['preview']);
    expect(environmentOf(previewHolders[0][1])).toBe('preview');
  });

  test('every action is pinned to a full commit SHA, with its version in a comment that Renovate keeps', () => {
    const used = steps.map((step) => step.uses).filter((uses) => uses !== undefined);
    expect(used.length).toBeGreaterThan(0);
    for (const uses of used) expect(uses).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
    for (const file of workflowFiles) {
      const lines = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /^\s*(- )?uses:/.test(line));
      for (const line of lines) {
        expect(line, file).toMatch(/^\s*(- )?uses: \S+@[0-9a-f]{40} # v\d+(\.\d+)*$/);
      }
    }
    // Renovate は SHA と版のコメントをいっしょに上げる。
    const renovate = JSON.parse(readFileSync('renovate.json', 'utf8')) as {extends: string[]};
    expect(renovate.extends).toContain('helpers:pinGitHubActionDigests');
  });

  // issue 60 の小さいもの: コンテナーの像も、タグではなく中身のハッシュで固定する（Renovate が上げる）。
  test('every job container is pinned by digest', () => {
    const containers = jobs.map(([, job]) => job.container).filter((c) => c !== undefined);
    expect(containers.length).toBeGreaterThan(0);
    for (const container of containers) {
      const image =
        typeof container === 'string' ? container : (container as {image: string}).image;
      expect(image).toMatch(/^debian:bookworm@sha256:[0-9a-f]{64}$/);
    }
  });

  test('Renovate proposes npm packages and actions only after they have been out for a few days, and keeps firebase-tools current in every workflow', () => {
    const renovate = JSON.parse(readFileSync('renovate.json', 'utf8')) as {
      minimumReleaseAge?: string;
      packageRules: {matchDatasources?: string[]; minimumReleaseAge?: string}[];
      customManagers: {depNameTemplate: string; managerFilePatterns: string[]}[];
    };
    const waiting = renovate.packageRules.filter((rule) => rule.minimumReleaseAge);
    for (const datasource of ['npm', 'github-tags']) {
      const rule = waiting.find((r) => r.matchDatasources?.includes(datasource));
      expect(rule?.minimumReleaseAge, datasource).toMatch(/^[3-9] days$/);
    }
    // firebase-tools の版を書いたワークフローは、どれも Renovate の customManagers が見る。
    const manager = renovate.customManagers.find((m) => m.depNameTemplate === 'firebase-tools');
    const pattern = /^\/(.+)\/$/.exec(manager?.managerFilePatterns[0] ?? '')?.[1] ?? '^$';
    const pinning = workflowFiles.filter((file) =>
      /firebase-tools@|firebaseToolsVersion/.test(readFileSync(file, 'utf8')),
    );
    expect(pinning.sort()).toEqual([ciFile, previewFile].sort());
    for (const file of pinning) expect(file).toMatch(new RegExp(pattern));
  });

  test("one npm ci installs the function's dependencies too (the README's test command and the deploy job)", () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: {postinstall: string};
    };
    expect(pkg.scripts.postinstall).toBe('npm ci --prefix functions --no-audit --no-fund');
    const functionsPkg = JSON.parse(readFileSync('functions/package.json', 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const lock = JSON.parse(readFileSync('functions/package-lock.json', 'utf8')) as {
      packages: Record<string, {version?: string; resolved?: string}>;
    };
    for (const [name, version] of Object.entries(functionsPkg.dependencies)) {
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(version);
    }
    expect(Object.values(lock.packages).filter((entry) => entry.resolved)).toEqual([]);
  });
});

// issue 67: 事務局の内容だけの変更は短い道、ほかは全部の道。どちらでも、要るチェックはすべて報告される。
test.describe('Short path for content-only changes', () => {
  const fullSteps = "Browser tests (npm test's last step, one shard)";
  const auditStep = 'Audit of the changed pages (short path)';

  test('the gate job classifies each run with scripts/content-path.mts before npm ci, against the pull request head or the pushed commit', () => {
    const gate = jobIn(ciFile, 'changes') as Job & {outputs?: Record<string, string>};
    expect(gate.needs).toBeUndefined();
    expect(gate.if).toBeUndefined();
    // 取り出しは履歴ごと（分かれ目を探す）。npm ci をせず、Node.js だけで判定する。
    const checkout = gate.steps.find((step) => step.uses?.startsWith('actions/checkout@'));
    expect(checkout?.with).toMatchObject({'fetch-depth': 0});
    const runs = gate.steps.map((step) => step.run?.trim()).filter(Boolean);
    expect(runs).toEqual(['node scripts/content-path.mts classify "$BASE" "$HEAD"']);
    const classify = gate.steps.find((step) => step.id === 'classify') as Step;
    const value = (key: 'BASE' | 'HEAD', event: string) =>
      evaluate(classify.env?.[key] ?? '', (name) => (name === 'github.event_name' ? event : name));
    // プルリクエストは head のコミット（新しいコミットが来るたびにその head で決め直す）を base と比べる。
    expect(value('HEAD', 'pull_request')).toBe('github.event.pull_request.head.sha');
    expect(value('BASE', 'pull_request')).toBe('github.event.pull_request.base.sha');
    expect(value('HEAD', 'push')).toBe('github.sha');
    expect(value('BASE', 'push')).toBe('github.event.before');
    // 関門を待つのは、出力を使うジョブだけ（build はどちらの道でも同じ）。
    expect(jobIn(ciFile, 'check').needs).toBe('changes');
    expect(jobIn(ciFile, 'e2e').needs).toBe('changes');
    expect(jobIn(ciFile, 'build').needs).toBeUndefined();
    expect(JSON.stringify(gate.steps)).not.toMatch(/\bnpm\b|\bnpx\b|\btsx\b/);
  });

  test('a content-only pull request or push runs the prose check and the audit of the changed pages on e2e (1); the other shards report success without running a test', () => {
    for (const event of ['pull_request', 'push']) {
      const run = simulateCi({event, contentOnly: true});
      expect(run.contentOnlyOutput, event).toBe('true');
      expect(run.check, event).toEqual([
        'actions/checkout',
        'actions/setup-node',
        'npm ci',
        'Prose of the changed posts (short path)',
      ]);
      expect(run.e2e.get(1), event).toEqual([
        'actions/checkout',
        'actions/setup-node',
        "Install (the README's test command's first half)",
        "Wait for the build job's build/",
        'actions/download-artifact',
        auditStep,
        'actions/upload-artifact',
      ]);
      for (const shard of [2, 3, 4]) expect(run.e2e.get(shard), `${event} ${shard}`).toEqual([]);
    }
    const audit = jobIn(ciFile, 'e2e').steps.find((step) => step.name === auditStep);
    expect(audit?.run?.trim()).toBe(shortPathAudit);
    expect(audit?.env).toEqual({CONTENT_CHANGES: '${{ needs.changes.outputs.changes }}'});
    const prose = jobIn(ciFile, 'check').steps.find(
      (step) => step.run === 'node scripts/content-path.mts prose',
    );
    expect(prose?.env).toEqual({CONTENT_CHANGES: '${{ needs.changes.outputs.changes }}'});
  });

  test('code, the daily schedule and a manual run take the full path: npm run check and every shard of the suite', () => {
    for (const run of [
      {event: 'pull_request', contentOnly: false},
      {event: 'push', contentOnly: false},
      // 定期実行と手で動かした実行は、判定の手順を動かさない（内容だけの差しか無くても全部の道）。
      {event: 'schedule', contentOnly: true},
      {event: 'workflow_dispatch', contentOnly: true},
    ]) {
      const result = simulateCi(run);
      const where = JSON.stringify(run);
      expect(result.contentOnlyOutput, where).toBe('false');
      expect(result.check, where).toContain("Types, lint and prose (npm test's first step)");
      expect(result.check, where).not.toContain('Prose of the changed posts (short path)');
      expect([...result.e2e.keys()], where).toEqual([1, 2, 3, 4]);
      for (const [shard, steps] of result.e2e) {
        expect(steps, `${where} ${shard}`).toContain(fullSteps);
        expect(steps, `${where} ${shard}`).not.toContain(auditStep);
        expect(steps, `${where} ${shard}`).toContain('actions/cache/restore');
      }
    }
  });

  test('the required checks are jobs that always run (steps are guarded, jobs are not skipped), and main deploys only after the path the gate chose succeeded', () => {
    const ci = workflows.get(ciFile) as Workflow;
    const required = ['changes', 'check', 'build', 'e2e'];
    for (const name of required) expect(ci.jobs[name].if, name).toBeUndefined();
    expect(ci.jobs.report.if).toBe('${{ !cancelled() }}');
    // 要るチェックの一覧（ルールセット）に関門も入る: 関門が失敗すると check と e2e は飛ばされ、GitHub は飛ばされた
    // チェックを通ったものと扱うので、関門そのものを要るチェックにする。
    const ruleset = JSON.parse(readFileSync(rulesetFile, 'utf8')) as Ruleset;
    const contexts = (
      ruleset.rules.find((rule) => rule.type === 'required_status_checks')?.parameters
        ?.required_status_checks as {context: string}[]
    ).map((check) => check.context);
    expect(contexts).toEqual(
      expect.arrayContaining(['changes', 'check', 'build', 'e2e (1)', 'e2e (4)', 'report']),
    );
    // どの手順も失敗を通さない（短い道の監査の失敗は e2e (1) の失敗、全部の道のテストの失敗は各 e2e の失敗）。
    for (const name of required) {
      for (const step of ci.jobs[name].steps)
        expect(step, name).not.toHaveProperty('continue-on-error');
    }
    // 本番: check と e2e の成功（内容だけの push では短い道の、ほかでは全部の道の成功）のあと。e2e は関門を待つので、
    // 関門が失敗すれば e2e は飛ばされ、出さない。
    const deploy = jobIn(ciFile, 'deploy');
    expect(deploy.needs).toEqual(expect.arrayContaining(['check', 'e2e']));
    for (const condition of ["needs.check.result == 'success'", "needs.e2e.result == 'success'"]) {
      expect(deploy.if).toContain(condition);
    }
    expect(simulateCi({event: 'push', contentOnly: true}).e2e.get(1)).toContain(auditStep);
    expect(simulateCi({event: 'schedule', contentOnly: true}).e2e.get(1)).toContain(fullSteps);
  });

  test('the expression reader follows GitHub: && and || return values, == compares after conversion, unknown syntax fails', () => {
    const lookup = (name: string) => ({'a.b': 'true', 'matrix.shard': 1})[name];
    expect(evaluate("${{ a.b == 'true' && matrix.shard == 1 }}", lookup)).toBe(true);
    expect(evaluate("${{ a.b != 'true' }}", lookup)).toBe(false);
    expect(evaluate("${{ steps.x.outputs.y || 'false' }}", lookup)).toBe('false');
    expect(evaluate("${{ !cancelled() && (a.b == 'true') }}", lookup)).toBe(true);
    expect(() => evaluate('${{ a.b[0] }}', lookup)).toThrow();
  });
});

// issue 60 の 2: main に入るものは GitHub が決める（ルールセットとコードの持ち主）。
const rulesetFile = '.github/rulesets/main.json';

type Ruleset = {
  name: string;
  enforcement: string;
  conditions: {ref_name: {include: string[]; exclude: string[]}};
  bypass_actors?: {actor_type: string; actor_id: number; bypass_mode: string}[];
  rules: {type: string; parameters?: Record<string, unknown>}[];
};

/** GitHub の REST API の説明（@octokit/openapi）の、POST /repos/{owner}/{repo}/rulesets の本文のスキーマで検査する関数。 */
function rulesetRequestValidator(): ValidateFunction {
  const description = JSON.parse(
    readFileSync(
      createRequire(__filename).resolve('@octokit/openapi/generated/api.github.com.json'),
      'utf8',
    ),
  ) as {
    paths: Record<string, {post: {requestBody: {content: Record<string, {schema: object}>}}}>;
    components: {schemas: Record<string, object>};
  };
  const body =
    description.paths['/repos/{owner}/{repo}/rulesets'].post.requestBody.content['application/json']
      .schema;
  // OpenAPI 3.0 のスキーマ（nullable などの言葉を含む）。参照（#/components/schemas/…）は同じ説明の中を指す。
  const ajv = new Ajv({strict: false, allErrors: true, validateFormats: false});
  return ajv.compile({...body, components: {schemas: description.components.schemas}});
}

/**
 * プルリクエストの CI のジョブがチェックに付ける名前（ルールセットの required_status_checks の context）。
 * matrix のジョブは「e2e (1)」のように値を括弧に入れる。main への push だけで動くジョブ（関数と本番のデプロイ）は
 * プルリクエストでは飛ばされるので入れない。
 */
function pullRequestCheckNames(): string[] {
  const ci = workflows.get(ciFile);
  expect(triggers(ci as Workflow)).toContain('pull_request');
  return Object.entries(ci?.jobs ?? {})
    .filter(([, job]) => !(job.if ?? '').includes("github.event_name == 'push'"))
    .flatMap(([id, job]) => {
      const name = job.name ?? id;
      const matrix = job.strategy?.matrix;
      if (!matrix) return [name];
      expect(Object.keys(matrix).every((key) => Array.isArray(matrix[key]))).toBe(true);
      const combinations = Object.values(matrix as Record<string, unknown[]>).reduce<unknown[][]>(
        (all, values) => all.flatMap((prefix) => values.map((value) => [...prefix, value])),
        [[]],
      );
      return combinations.map((values) => `${name} (${values.join(', ')})`);
    });
}

type CodeOwnerRule = {pattern: string; owners: string[]; matches: (file: string) => boolean};

/** CODEOWNERS の行（パターンと持ち主）。パターンは gitignore と同じ書き方（npm の ignore で当てる）。 */
function codeOwnerRules(): CodeOwnerRule[] {
  return readFileSync('.github/CODEOWNERS', 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [pattern, ...owners] = line.split(/\s+/);
      const matcher = ignore().add(pattern);
      return {pattern, owners, matches: (file: string) => matcher.ignores(file)};
    });
}

/** GitHub と同じく、最後に当たった行の持ち主（当たらなければ空）。 */
function ownersOf(file: string, rules: CodeOwnerRule[]): string[] {
  let owners: string[] = [];
  for (const rule of rules) if (rule.matches(file)) owners = rule.owners;
  return owners;
}

test.describe('Review that GitHub enforces', () => {
  test("main's ruleset is a valid request body of GitHub's REST API, and the validator rejects a broken one", () => {
    const validate = rulesetRequestValidator();
    const ruleset = JSON.parse(readFileSync(rulesetFile, 'utf8')) as Ruleset;
    expect(validate(ruleset), JSON.stringify(validate.errors, null, 1)).toBe(true);
    // 検査器が本物であること: 無い規則の種類、範囲の外の数、要る値の抜けを断る。
    const broken = structuredClone(ruleset);
    broken.rules.push({type: 'no_force_push'});
    expect(validate(broken)).toBe(false);
    const tooMany = structuredClone(ruleset);
    const pull = tooMany.rules.find((rule) => rule.type === 'pull_request');
    if (pull?.parameters) pull.parameters.required_approving_review_count = 11;
    expect(validate(tooMany)).toBe(false);
    const missing = structuredClone(ruleset);
    const checks = missing.rules.find((rule) => rule.type === 'required_status_checks');
    delete checks?.parameters?.strict_required_status_checks_policy;
    expect(validate(missing)).toBe(false);
    expect(validate({...ruleset, enforcement: 'on'})).toBe(false);
  });

  test('the ruleset protects main: pull request with code-owner review, the CI jobs as required checks, no force push, no deletion', () => {
    const ruleset = JSON.parse(readFileSync(rulesetFile, 'utf8')) as Ruleset;
    expect(ruleset.enforcement).toBe('active');
    expect(ruleset.conditions.ref_name.include).toEqual(['~DEFAULT_BRANCH']);
    const rule = (type: string) => ruleset.rules.find((r) => r.type === type);
    expect(rule('deletion')).toEqual({type: 'deletion'});
    expect(rule('non_fast_forward')).toEqual({type: 'non_fast_forward'});
    // コード（持ち主のいるファイル）は持ち主の承認で、記事とデータ（持ち主のいないファイル）は CI だけで取り込める
    // （求める承認の数は 0、持ち主のいるファイルを変えたときだけ持ち主の承認）。承認のあとに足したコミットは、承認を消す。
    expect(rule('pull_request')?.parameters).toMatchObject({
      required_approving_review_count: 0,
      require_code_owner_review: true,
      dismiss_stale_reviews_on_push: true,
    });
    // 要るチェックは、プルリクエストの CI のジョブそのもの（GitHub Actions が付けたものだけ）。プレビューの状態は
    // 要らない（プレビューが出なくても記事は公開できる。状態はリポジトリーに書ける人が付けられる）。
    const required = (
      rule('required_status_checks')?.parameters?.required_status_checks as {
        context: string;
        integration_id?: number;
      }[]
    ).map((check) => check.context);
    expect(required.sort()).toEqual(pullRequestCheckNames().sort());
    expect(pullRequestCheckNames()).toEqual(
      expect.arrayContaining(['check', 'build', 'e2e (1)', 'e2e (4)']),
    );
    expect(required).not.toContain(previewStatusContext);
    for (const check of rule('required_status_checks')?.parameters?.required_status_checks as {
      integration_id?: number;
    }[]) {
      // 15368 は GitHub Actions の GitHub App。
      expect(check.integration_id).toBe(15368);
    }
    // ルールを飛ばせるのはリポジトリーの管理者だけで、それもプルリクエストの中だけ（main に直接は書けない）。
    for (const actor of ruleset.bypass_actors ?? []) {
      expect(actor).toEqual({
        actor_id: 5,
        actor_type: 'RepositoryRole',
        bypass_mode: 'pull_request',
      });
    }
  });

  test('CODEOWNERS gives every file of code or configuration an owner, and none to what the office writes', async () => {
    const rules = codeOwnerRules();
    const owner = `@${sourceRepository.repo.split('/')[0]}`;
    for (const rule of rules) for (const name of rule.owners) expect(name).toBe(owner);
    const files = (await runCommand('git', ['ls-files'])).output.trim().split('\n');
    expect(files.length).toBeGreaterThan(100);
    const office = (file: string) => file.startsWith('blog/') || file.startsWith('src/data/');
    for (const file of files) {
      expect(ownersOf(file, rules), file).toEqual(office(file) ? [] : [owner]);
    }
    for (const file of [
      '.github/workflows/ci.yml',
      '.github/CODEOWNERS',
      '.github/rulesets/main.json',
      'functions/src/sign-in.ts',
      'plugins/editor/client/admin.tsx',
      'src/constants/site.ts',
      'src/components/JsonLd/index.tsx',
      'scripts/unpack-artifact.mts',
      'lib/hosting.ts',
      'tests/node/pipeline.spec.ts',
      'tools/node/package.json',
      'types/x.d.ts',
      'package.json',
      'package-lock.json',
      'firebase.json',
      '.firebaserc',
      'docusaurus.config.ts',
      'sidebars.ts',
      '.ci/run',
      'renovate.json',
      'docs/intro.mdx',
      'static/x.js',
      'new-root-file.config.js',
      'src/data.ts',
    ]) {
      expect(ownersOf(file, rules), file).toEqual([owner]);
    }
    for (const file of [
      'blog/2026-11-27-x/index.md',
      'blog/2026-11-27-x/photo.jpg',
      'src/data/announcement.json',
      'src/data/events/2026-12.json',
    ]) {
      expect(ownersOf(file, rules), file).toEqual([]);
    }
  });

  test('the apply script updates the ruleset of the same name, or creates it (gh api)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'denki-ruleset-'));
    // gh の代わり: 呼ばれた引数を記録し、一覧（GET）には LIST の中身を返す。
    const fakeGh = path.join(dir, 'gh');
    writeFileSync(
      fakeGh,
      '#!/bin/sh\nprintf "%s\\n" "$*" >> "$LOG"\ncase "$*" in *"--jq"*) printf "%s" "$LIST";; esac\n',
      {mode: 0o755},
    );
    const apply = async (list: string) => {
      const log = path.join(dir, `log-${list || 'none'}`);
      const run = await runCommand('sh', ['.github/rulesets/apply.sh', 'owner/repo'], {
        env: {...process.env, PATH: `${dir}:${process.env.PATH}`, LOG: log, LIST: list},
      });
      expect(run.code, run.output).toBe(0);
      return readFileSync(log, 'utf8').trim().split('\n');
    };
    const created = await apply('');
    expect(created[0]).toMatch(/^api --paginate repos\/owner\/repo\/rulesets --jq .*"main"/);
    expect(created[1]).toBe(
      `api --method POST repos/owner/repo/rulesets --input .github/rulesets/${path.basename(rulesetFile)}`,
    );
    const updated = await apply('42');
    expect(updated[1]).toBe(
      `api --method PUT repos/owner/repo/rulesets/42 --input .github/rulesets/${path.basename(rulesetFile)}`,
    );
    // README の「デプロイ」の手順がこのスクリプトを使う。
    expect(readmeSection('デプロイ')).toContain('sh .github/rulesets/apply.sh');
  });
});

test.describe('Node.js version', () => {
  test('the tests run on the Node.js major of .nvmrc', () => {
    expect(process.versions.node.split('.')[0]).toBe(nvmrcMajor);
  });

  test('engines and tools/node follow .nvmrc', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {engines: {node: string}};
    expect(pkg.engines.node).toMatch(new RegExp(`^>=${nvmrcMajor}\\.\\d+\\.\\d+$`));
    const tools = JSON.parse(readFileSync('tools/node/package.json', 'utf8')) as {
      dependencies: {node: string};
    };
    expect(tools.dependencies.node).toMatch(new RegExp(`^${nvmrcMajor}\\.\\d+\\.\\d+$`));
  });
});

const renovateTools = path.resolve('tools/renovate');
/** scripts/setup.sh が裏で入れている間だけある印（中身は入れているプロセスの PID）。 */
const renovatePending = path.join(renovateTools, 'install.pending');
const renovateInstallMs = 6 * 60_000;

/** 印があり、その PID のプロセスが生きている。 */
function installing(pending: string): boolean {
  if (!existsSync(pending)) return false;
  try {
    process.kill(Number(readFileSync(pending, 'utf8')), 0);
    return true;
  } catch {
    return false;
  }
}

/** Renovate 自身の検査（tools/renovate、scripts/setup.sh が npm ci と並べて入れる）を、dir の設定ファイルに対して動かす。 */
async function renovateValidator(dir: string): Promise<Run> {
  await expect
    .poll(() => installing(renovatePending), {
      message: 'scripts/setup.sh が Renovate を入れ終わらない（tools/renovate/install.log）',
      timeout: renovateInstallMs,
    })
    .toBe(false);
  const cli = path.join(renovateTools, 'node_modules/renovate/dist/config-validator.js');
  const log = path.join(renovateTools, 'install.log');
  expect(existsSync(cli), existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : cli).toBe(
    true,
  );
  // re2 は --ignore-scripts で組まずに入れているので、JavaScript の正規表現で検査させる。
  return runCommand(process.execPath, [cli, '--strict'], {
    cwd: dir,
    env: {...process.env, NO_COLOR: '1', RENOVATE_X_IGNORE_RE2: 'true'},
  });
}

test.describe('Renovate config', () => {
  test.describe.configure({timeout: renovateInstallMs + 60_000});
  test('renovate-config-validator --strict accepts renovate.json', async () => {
    const run = await renovateValidator('.');
    expect(run.output).toContain('Validating renovate.json');
    expect(run.output).toContain('Config validated successfully');
    expect(run.code, run.output).toBe(0);
  });

  test('the validator rejects a broken config', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'denki-renovate-'));
    const config = JSON.parse(readFileSync('renovate.json', 'utf8')) as Record<string, unknown>;
    writeFileSync(
      path.join(dir, 'renovate.json'),
      JSON.stringify({...config, timezone: 'Asia/Tokio', lockFileMaintenance: {enabled: 'yes'}}),
    );
    const run = await renovateValidator(dir);
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('Unsupported timezone Asia/Tokio');
    expect(run.output).toContain('lockFileMaintenance.enabled');
  });
});
