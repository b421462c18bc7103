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
 * - issue 65: 鍵を持つジョブがロックしたコード（tools/firebase の CLI、build ジョブが組んだ関数）だけを
 *   --ignore-scripts で入れ、main の head でだけ動くこと（scripts/main-head.sh は gh の代わりで動かす）、内容の承認の
 *   ワークフロー、1 つの承認と持ち主の承認を求める main のルールセットと、ほかのブランチのルールセット
 *   （同じスキーマで確かめる）、lockFileMaintenance の待ちを確かめる。合わせて約 1 秒。
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
import {
  asciiNamePattern,
  contentRules,
  inOfficeFolder,
  isContentPath,
  officeEntryProblem,
  ownedOfficeFiles,
} from '../../lib/content-allowlist.mts';
import {shortPathSpecs} from '../../lib/content-path.mts';
import {editorConfig} from '../../plugins/editor/config';
import {anchorPattern} from '../../plugins/events/schema';
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
/** 事務局のフォルダーの検査（issue 65）。CI のジョブが取り出しと Node.js の用意のすぐあとに動かす。 */
const contentCheck = 'node scripts/check-content-files.mts';
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

/** 鍵を持つジョブが使う Firebase の CLI（tools/firebase の package-lock.json のとおりに入れたもの。issue 65）。 */
const lockedFirebase = 'tools/firebase/node_modules/.bin/firebase';
/** その CLI を入れる手順（インストールスクリプトを動かさない）。 */
const installLockedFirebase =
  'npm ci --ignore-scripts --no-audit --no-fund --prefix tools/firebase';

/** ジョブの、Firebase の CLI で出す手順。 */
function deployStep(job: Job): Step | undefined {
  return job.steps.find((step) => step.run?.includes(`${lockedFirebase} `));
}

/** ジョブの、鍵を GOOGLE_APPLICATION_CREDENTIALS に置く手順（google-github-actions/auth）の credentials_json。 */
function credentialsOf(job: Job): unknown {
  return job.steps.find((step) => step.uses?.startsWith('google-github-actions/auth@'))?.with
    ?.credentials_json;
}

/** 出す手順のコマンド（> の折り返しをつないだ 1 行）。 */
function deployCommand(job: Job): string {
  return (deployStep(job)?.run ?? '')
    .replace(/\\\n\s*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
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
    // 事務局のフォルダーの検査（どのジョブも最初。下の issue 65 のテスト）のあとの手順。
    const runs = (job: Job) =>
      job.steps.map((step) => step.run?.trim()).filter((run) => run && run !== contentCheck);
    // 型・lint・文章はブラウザーを使わないので、Debian のパッケージなしで走る。
    // 内容だけの変更（issue 67）では、npm run check の代わりに変わった記事の textlint（下の短い道のテスト）。
    expect(runs(check)).toEqual(['npm ci', 'npm run check', 'node scripts/content-path.mts prose']);
    expect(check.container).toBeUndefined();
    // 関数は、鍵を持たない build ジョブが firebase.json の predeploy と同じコマンドで組む（issue 65）。
    expect(runs(build)).toEqual([
      install,
      '. scripts/setup.sh && npm run build',
      'npm --prefix functions run bundle',
    ]);
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
      build.steps
        .filter((step) => step.uses?.startsWith('actions/upload-artifact@'))
        .map((step) => step.with?.name),
    ).toContain('build');
    expect(report.needs).toBe('e2e');
    expect(report.steps.map((step) => step.run).join('\n')).toContain(
      'npx playwright merge-reports --reporter html',
    );
    // どのワークフローも、npm test をまるごと走らせるか、上のように分けるかのどちらか。
    expect(steps.filter((step) => step.run?.includes('npm test'))).toEqual([]);
  });

  // issue 65: 事務局のフォルダーにスクリプトやスペックを置いたプルリクエストは、ブランチのパッケージのスクリプト
  // （npm ci の postinstall、npm run、npx、playwright test --list）が動く前に止まる。
  test("every CI job that checks out the branch first checks the office's folders, with plain Node.js before npm ci", () => {
    const ci = workflows.get(ciFile) as Workflow;
    const branchJobs = Object.entries(ci.jobs).filter(
      ([, job]) => !(job.if ?? '').includes("github.event_name == 'push'"),
    );
    expect(branchJobs.map(([name]) => name).sort()).toEqual([
      'build',
      'changes',
      'check',
      'e2e',
      'report',
    ]);
    for (const [name, job] of branchJobs) {
      const at = job.steps.findIndex((step) => step.run === contentCheck);
      expect(at, name).toBeGreaterThan(-1);
      // 前にあるのは、取り出しと Node.js の用意だけ（Node.js 20 は .mts を動かせない）。
      expect(
        job.steps.slice(0, at).map((step) => step.uses?.split('@')[0]),
        name,
      ).toEqual(['actions/checkout', 'actions/setup-node']);
    }
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
    // サイトは deploy（本番）と preview、関数は functions が出す。
    const deploys = jobs.filter(([, job]) => deployStep(job) !== undefined);
    expect(deploys.map(([name]) => name).sort()).toEqual(['deploy', 'functions', 'preview']);
    const live = jobIn(ciFile, 'deploy');
    const preview = jobIn(previewFile, 'preview');
    // 本番はデプロイの鍵、プレビューはプレビュー用の鍵（README の「デプロイ」）。
    expect(credentialsOf(live)).toBe('${{ secrets.FIREBASE_SERVICE_ACCOUNT }}');
    expect(credentialsOf(preview)).toBe('${{ secrets.FIREBASE_PREVIEW_SERVICE_ACCOUNT }}');
    expect(deployCommand(live)).toBe(
      `${lockedFirebase} deploy --only hosting --project "$FIREBASE_PROJECT" --non-interactive`,
    );
    // 本番は、ログインの関数を出したあと（関数を出さない実行では、関数のジョブは飛ばされる）。
    expect(live.needs).toEqual(['check', 'e2e', 'main-head', 'functions']);
    for (const condition of [
      "needs.check.result == 'success'",
      "needs.e2e.result == 'success'",
      "needs.main-head.outputs.current == 'true'",
      "needs.functions.result == 'success' || needs.functions.result == 'skipped'",
    ]) {
      expect(live.if).toContain(condition);
    }
    expect(live.if).toContain("github.ref == 'refs/heads/main'");
    expect(live.steps.map((step) => step.run).filter(Boolean)).toContain('npm audit --omit=dev');
    // 本番は firebase.json の 2 つのサイト（target を指定しない = .firebaserc のすべて）を出し、プレビューは読者の
    // サイトだけ。成果物には両方のサイトのフォルダーがある。
    expect(firebase.hosting.map((site) => site.target)).toEqual(['site', 'editor']);
    expect(firebaserc.projects.default).toBe(liveProjectId);
    expect(Object.keys(firebaserc.targets[liveProjectId].hosting)).toEqual(['site', 'editor']);
    const uploaded = String(
      jobIn(ciFile, 'build').steps.find(
        (step) => step.uses?.startsWith('actions/upload-artifact@') && step.with?.name === 'build',
      )?.with?.path,
    );
    expect(uploaded.trim().split('\n')).toEqual(firebase.hosting.map((site) => `${site.public}/`));
  });

  // issue 60 の 1: プレビューは、main の定義のワークフローが、プレビューだけのプロジェクトに出す。
  test("the preview deploys into a Firebase project of its own (not the live one), only the readers' site, to the pull request's channel", () => {
    const preview = jobIn(previewFile, 'preview');
    expect(previewProjectId).not.toBe(liveProjectId);
    expect(preview.env?.PREVIEW_PROJECT).toBe(previewProjectId);
    expect(preview.env?.PR_NUMBER).toBe('${{ github.event.workflow_run.pull_requests[0].number }}');
    expect(deployCommand(preview)).toContain(
      `${lockedFirebase} hosting:channel:deploy "pr$PR_NUMBER" --only site --project "$PREVIEW_PROJECT" --expires 7d --no-authorized-domains --non-interactive --json > "$RUNNER_TEMP/channel.json"`,
    );
    // チャンネルの URL は --json の答えの result.site.url（firebase-tools の hosting:channel:deploy が target ごとに返す）。
    expect(deployStep(preview)?.run).toContain(`jq -r '.result.site.url // empty'`);
    expect(deployStep(preview)?.run).toContain(
      `printf 'details_url=%s\\n' "$url" >> "$GITHUB_OUTPUT"`,
    );
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
    // 動かすのは、main のロックファイルどおりの Firebase の CLI（インストールスクリプトなし）、成果物の検査、
    // その CLI、gh api だけ（npx・ルートの npm ci・ブランチのスクリプトは動かさない）。
    const runs = preview.steps.map((step) => step.run?.trim()).filter((run) => run !== undefined);
    expect(runs.slice(0, 3)).toEqual([
      installLockedFirebase,
      'node scripts/unpack-artifact.mts "$RUNNER_TEMP/artifact" build',
      deployStep(preview)?.run?.trim(),
    ]);
    for (const run of runs.slice(3)) expect(run).toMatch(/^(gh api|marker=)/);
    expect(runs.join('\n')).not.toMatch(/\b(npx|tsx)\b|npm (ci|install)(?! --ignore-scripts)/);
    const uses = preview.steps.map((step) => step.uses?.split('@')[0]).filter(Boolean);
    expect(uses.sort()).toEqual([
      'actions/checkout',
      'actions/download-artifact',
      'actions/setup-node',
      'google-github-actions/auth',
    ]);
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
    const functions = jobIn(ciFile, 'functions');
    expect(functions.needs).toEqual(['changes', 'check', 'build', 'e2e', 'main-head']);
    // 内容だけの push では関数を出し直さない（issue 67。関数のコードは変わらない）。
    expect(functions.if).toContain("needs.changes.outputs.content-only != 'true'");
    expect(functions.if).toContain(
      "github.event_name == 'push' && github.ref == 'refs/heads/main'",
    );
    expect(functions.if).toContain("needs.main-head.outputs.current == 'true'");
    // OAuth アプリを用意するまで（変数が無いあいだ）は出さない。
    expect(functions.if).toContain("vars.GITHUB_OAUTH_CLIENT_ID != ''");
    const runs = functions.steps.map((step) => step.run?.trim() ?? '');
    const at = (pattern: RegExp) => runs.findIndex((run) => pattern.test(run));
    expect(deployCommand(functions)).toBe(
      `${lockedFirebase} deploy --only functions --config firebase.functions.json --project "$FIREBASE_PROJECT" --non-interactive --force`,
    );
    const deployAt = functions.steps.indexOf(deployStep(functions) as Step);
    expect(deployAt).toBeGreaterThan(
      at(/^printf 'GITHUB_OAUTH_CLIENT_ID=%s\\n' "\$CLIENT_ID" > functions\/\.env$/),
    );
    expect(credentialsOf(functions)).toBe('${{ secrets.FIREBASE_SERVICE_ACCOUNT }}');
    expect(runs).toContain('npm audit --omit=dev --prefix functions');
    // Client secret は Secret Manager にだけある（functions/src/index.ts の defineSecret）。
    for (const file of workflowFiles) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/CLIENT_SECRET/);
    }
  });

  // issue 65: 鍵を持つジョブは、ロックしたコードだけを動かす。
  test('the jobs that hold a key install only locked code without install scripts: the Firebase CLI from tools/firebase, the function from the build job, no root npm ci, nothing resolved at deploy time', () => {
    const holders = jobs.filter(([, job]) => keysIn(job).length > 0);
    expect(holders.map(([name]) => name).sort()).toEqual(['deploy', 'functions', 'preview']);
    for (const [name, job] of holders) {
      const runs = job.steps.map((step) => step.run?.trim() ?? '').filter(Boolean);
      // npm ci は、ロックファイルのある 2 つのフォルダーだけで、インストールスクリプトを動かさない。
      const installs = runs.filter((run) => /\bnpm (ci|install|i)\b/.test(run));
      for (const install of installs) {
        expect(install, name).toMatch(
          /^npm ci --ignore-scripts --no-audit --no-fund --prefix (tools\/firebase|functions)$/,
        );
      }
      expect(installs, name).toContain(installLockedFirebase);
      // 版を解いて取りに行くもの（npx、アクションの中の npx firebase-tools）を使わない。
      expect(runs.join('\n'), name).not.toMatch(/\bnpx\b|firebase-tools@/);
      expect(job.steps.filter((step) => step.uses?.includes('action-hosting-deploy'))).toEqual([]);
      // CLI を入れてから出す。
      const deployAt = job.steps.indexOf(deployStep(job) as Step);
      expect(deployAt, name).toBeGreaterThan(
        job.steps.findIndex((step) => step.run?.trim() === installLockedFirebase),
      );
      // 鍵を持つジョブの取り出しは、あとの手順にトークンを残さない。
      const checkout = job.steps.find((step) => step.uses?.startsWith('actions/checkout@'));
      expect(checkout?.with, name).toMatchObject({'persist-credentials': false});
    }
    // tools/firebase: firebase-tools の版をちょうどに決め、ロックファイルに "resolved" が無く、すべてに integrity がある。
    const tool = JSON.parse(readFileSync('tools/firebase/package.json', 'utf8')) as {
      dependencies: Record<string, string>;
      allowScripts: Record<string, boolean>;
    };
    expect(Object.keys(tool.dependencies)).toEqual(['firebase-tools']);
    expect(tool.dependencies['firebase-tools']).toMatch(/^\d+\.\d+\.\d+$/);
    const lock = JSON.parse(readFileSync('tools/firebase/package-lock.json', 'utf8')) as {
      packages: Record<
        string,
        {
          version?: string;
          resolved?: string;
          integrity?: string;
          dependencies?: Record<string, string>;
        }
      >;
    };
    expect(lock.packages['node_modules/firebase-tools']?.version).toBe(
      tool.dependencies['firebase-tools'],
    );
    expect(lock.packages[''].dependencies).toEqual(tool.dependencies);
    const installed = Object.entries(lock.packages).filter(([key]) => key !== '');
    expect(installed.length).toBeGreaterThan(100);
    expect(installed.filter(([, entry]) => entry.resolved)).toEqual([]);
    expect(installed.filter(([, entry]) => !entry.integrity).map(([key]) => key)).toEqual([]);
    // CLI の依存のインストールスクリプトは、npm の allowScripts でも止める。
    expect(Object.values(tool.allowScripts).every((allowed) => allowed === false)).toBe(true);

    // 関数: build ジョブ（鍵なし）が firebase.json の predeploy と同じコマンドで組み、成果物 functions に上げる。
    const build = jobIn(ciFile, 'build');
    const functionsConfig = JSON.parse(readFileSync('firebase.json', 'utf8')) as {
      functions: {source: string; runtime: string; predeploy: string[]}[];
    };
    expect(functionsConfig.functions).toEqual([
      expect.objectContaining({
        source: 'functions',
        runtime: 'nodejs22',
        predeploy: ['npm --prefix "$RESOURCE_DIR" run bundle'],
      }),
    ]);
    const bundle = functionsConfig.functions[0].predeploy[0].replace(
      '"$RESOURCE_DIR"',
      'functions',
    );
    const bundleAt = build.steps.findIndex((step) => step.run === bundle);
    expect(bundleAt).toBeGreaterThan(-1);
    const upload = build.steps.findIndex(
      (step) =>
        step.uses?.startsWith('actions/upload-artifact@') && step.with?.name === 'functions',
    );
    expect(upload).toBeGreaterThan(bundleAt);
    expect(build.steps[upload].with).toMatchObject({path: 'functions/lib/'});
    expect(keysIn(build)).toEqual([]);
    expect(environmentOf(build)).toBeUndefined();
    // functions ジョブは、その成果物を確かめて functions/lib に写し、predeploy の無い設定（firebase.functions.json）で
    // 出す。ほかは firebase.json の関数の設定と同じ。
    const functions = jobIn(ciFile, 'functions');
    const runs = functions.steps.map((step) => step.run?.trim() ?? '');
    const download = functions.steps.findIndex(
      (step) => step.uses?.startsWith('actions/download-artifact@') ?? false,
    );
    expect(functions.steps[download].with).toEqual({
      name: 'functions',
      path: '${{ runner.temp }}/functions',
    });
    expect(runs[download + 1]).toBe(
      'node scripts/unpack-artifact.mts --function "$RUNNER_TEMP/functions"',
    );
    expect(runs).not.toContain('npm ci');
    expect(runs.filter((run) => /npm (run|exec)|esbuild|bundle/.test(run))).toEqual([]);
    const deployConfig = JSON.parse(readFileSync('firebase.functions.json', 'utf8')) as Record<
      string,
      unknown
    >;
    const {predeploy, ...withoutPredeploy} = functionsConfig.functions[0];
    expect(predeploy).toHaveLength(1);
    expect(deployConfig).toEqual({functions: [withoutPredeploy]});
  });

  // issue 65: 古い実行をやり直しても、サイトと関数を前のコミットに戻させない。
  test("deploy and functions run only while the run's commit is main's head: a gate job without a key skips them with a Japanese notice, and each checks again right before its key", () => {
    const gate = jobIn(ciFile, 'main-head');
    expect(keysIn(gate)).toEqual([]);
    expect(environmentOf(gate)).toBeUndefined();
    expect(gate.needs).toEqual(['check', 'e2e']);
    expect(gate.if).toContain("github.ref == 'refs/heads/main'");
    const check = gate.steps.find((step) => step.id === 'head');
    expect(check?.run).toBe('sh scripts/main-head.sh check');
    expect(check?.env).toEqual({GH_TOKEN: '${{ github.token }}'});
    expect(check?.name).toMatch(/head/);
    expect((gate as Job & {outputs?: Record<string, string>}).outputs).toEqual({
      current: '${{ steps.head.outputs.current }}',
    });
    for (const name of ['deploy', 'functions']) {
      const job = jobIn(ciFile, name);
      expect(job.needs, name).toContain('main-head');
      expect(job.if, name).toContain("needs.main-head.outputs.current == 'true'");
      // 鍵を使う最初の手順のすぐ前に、もう一度確かめる。
      const firstKey = job.steps.findIndex((step) => keysIn(step).length > 0);
      expect(job.steps[firstKey - 1]?.run, name).toBe('sh scripts/main-head.sh require');
      expect(job.steps[firstKey - 1]?.env, name).toEqual({GH_TOKEN: '${{ github.token }}'});
    }
  });

  test("scripts/main-head.sh compares the commit with main's head through gh api: the same commit goes on, a superseded one is skipped with a Japanese notice (check) or stopped (require)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'denki-main-head-'));
    // gh の代わり: 呼ばれた引数を記録し、HEAD を main の head として答える。
    writeFileSync(
      path.join(dir, 'gh'),
      '#!/bin/sh\nprintf "%s\\n" "$*" >> "$LOG"\nprintf "%s\\n" "$HEAD"\n',
      {mode: 0o755},
    );
    const commit = 'c'.repeat(40);
    const later = 'd'.repeat(40);
    const headCheck = async (mode: string, head: string) => {
      const output = path.join(dir, `output-${mode}-${head[0]}`);
      const summary = path.join(dir, `summary-${mode}-${head[0]}`);
      writeFileSync(output, '');
      writeFileSync(summary, '');
      const log = path.join(dir, `log-${mode}-${head[0]}`);
      const run = await runCommand('sh', ['scripts/main-head.sh', mode], {
        env: {
          ...process.env,
          PATH: `${dir}:${process.env.PATH}`,
          LOG: log,
          HEAD: head,
          GITHUB_REPOSITORY: 'owner/repo',
          GITHUB_SHA: commit,
          GITHUB_OUTPUT: output,
          GITHUB_STEP_SUMMARY: summary,
        },
      });
      return {
        run,
        output: readFileSync(output, 'utf8'),
        summary: readFileSync(summary, 'utf8'),
        gh: readFileSync(log, 'utf8').trim(),
      };
    };
    const current = await headCheck('check', commit);
    expect(current.run, current.run.output).toMatchObject({code: 0});
    expect(current.gh).toBe('api repos/owner/repo/git/ref/heads/main --jq .object.sha');
    expect(current.output).toBe('current=true\n');

    const superseded = await headCheck('check', later);
    expect(superseded.run, superseded.run.output).toMatchObject({code: 0});
    expect(superseded.output).toBe('current=false\n');
    expect(superseded.run.output).toContain('::notice title=あとのコミットの実行が出します::');
    expect(superseded.run.output).toContain(`main の今の head（${later}）ではないので、出しません`);
    expect(superseded.summary).toContain(
      'あとのコミットの実行が、このコミットの内容も含めて出します',
    );

    const required = await headCheck('require', commit);
    expect(required.run, required.run.output).toMatchObject({code: 0});
    expect(required.output).toBe('');
    const stopped = await headCheck('require', later);
    expect(stopped.run.code).toBe(1);
    expect(stopped.run.output).toContain('::error title=main の head ではありません::');
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

  test('no job that holds a key unpacks an artifact into its checkout: it downloads under runner.temp and the checker copies only the sites (or only the bundled function)', () => {
    const holders = jobs.filter(([, job]) => keysIn(job).length > 0);
    const downloading = holders.filter(([, job]) =>
      job.steps.some((step) => step.uses?.startsWith('actions/download-artifact@')),
    );
    expect(downloading.map(([name]) => name).sort()).toEqual(['deploy', 'functions', 'preview']);
    const sites = firebase.hosting.map((site) => site.public);
    for (const [name, job] of holders) {
      job.steps.forEach((step, at) => {
        if (!step.uses?.startsWith('actions/download-artifact@')) return;
        const target = String(step.with?.path ?? '');
        const prefix = '${{ runner.temp }}/';
        expect(target, name).toMatch(/^\$\{\{ runner\.temp \}\}\/[\w-]+$/);
        expect(step.with, name).not.toHaveProperty('pattern');
        // すぐ次の手順が、同じフォルダーを確かめてから、サイトのフォルダーだけを写す。
        // 関数の成果物は --function で、index.js だけを functions/lib/ に写す。
        const check = job.steps[at + 1]?.run?.trim() ?? '';
        const match =
          step.with?.name === 'functions'
            ? /^node scripts\/unpack-artifact\.mts --function "\$RUNNER_TEMP\/([\w-]+)"()$/.exec(
                check,
              )
            : /^node scripts\/unpack-artifact\.mts "\$RUNNER_TEMP\/([\w-]+)"((?: [\w-]+)+)$/.exec(
                check,
              );
        expect(match, `${name}: ${check}`).not.toBeNull();
        expect(match?.[1]).toBe(target.slice(prefix.length));
        for (const folder of match?.[2].trim().split(' ').filter(Boolean) ?? [])
          expect(sites).toContain(folder);
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

  test('Renovate proposes npm packages, actions and lock file maintenance only after they have been out for a few days; firebase-tools is an ordinary locked npm dependency, named by no workflow', () => {
    const renovate = JSON.parse(readFileSync('renovate.json', 'utf8')) as {
      minimumReleaseAge?: string;
      lockFileMaintenance: {enabled: boolean};
      packageRules: {
        matchDatasources?: string[];
        matchUpdateTypes?: string[];
        minimumReleaseAge?: string;
        minimumReleaseAgeBehaviour?: string;
      }[];
      customManagers?: unknown[];
    };
    const waiting = renovate.packageRules.filter((rule) => rule.minimumReleaseAge);
    for (const datasource of ['npm', 'github-tags']) {
      const rule = waiting.find((r) => r.matchDatasources?.includes(datasource));
      expect(rule?.minimumReleaseAge, datasource).toMatch(/^[3-9] days$/);
    }
    // package-lock.json の作り直しも、同じ日数より前に出た版だけで組む（Renovate が npm install に --before を付ける）。
    // 作り直しには版の出た日が 1 つに決まらないので、その日を求めない（求めると、いつまでも待ちの状態になる）。
    expect(renovate.lockFileMaintenance.enabled).toBe(true);
    const maintenance = waiting.find((r) => r.matchUpdateTypes?.includes('lockFileMaintenance'));
    expect(maintenance?.minimumReleaseAge).toMatch(/^[3-9] days$/);
    expect(maintenance?.minimumReleaseAgeBehaviour).toBe('timestamp-optional');
    // firebase-tools の版は tools/firebase/package.json にだけ書く（Renovate の npm が上げる）。ワークフローは書かない。
    expect(renovate.customManagers ?? []).toEqual([]);
    for (const file of workflowFiles) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/firebase-tools@|firebaseToolsVersion/);
    }
  });

  test("one npm ci installs the function's dependencies too (the README's test command)", () => {
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
    expect(runs).toEqual([
      'node scripts/check-content-files.mts',
      'node scripts/content-path.mts classify "$BASE" "$HEAD"',
    ]);
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

  /** 事務局のフォルダーの検査（issue 65）。ブランチを取り出すどのジョブでも、npm ci より前に動く。 */
  const contentCheckStep =
    "Only content in the office's folders (before any of the branch's scripts)";

  test('a content-only pull request or push runs the prose check and the audit of the changed pages on e2e (1); the other shards report success without running a test', () => {
    for (const event of ['pull_request', 'push']) {
      const run = simulateCi({event, contentOnly: true});
      expect(run.contentOnlyOutput, event).toBe('true');
      expect(run.check, event).toEqual([
        'actions/checkout',
        'actions/setup-node',
        contentCheckStep,
        'npm ci',
        'Prose of the changed posts (short path)',
      ]);
      expect(run.e2e.get(1), event).toEqual([
        'actions/checkout',
        'actions/setup-node',
        contentCheckStep,
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
/** issue 65: main と事務局のブランチ（cms/**）と Renovate のブランチのほかを、管理者だけのものにするルールセット。 */
const branchesRulesetFile = '.github/rulesets/branches.json';
const approveFile = path.join(workflowDir, 'approve-content.yml');

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

/**
 * CODEOWNERS の行（パターンと持ち主）を GitHub の決まりで読む: パターンは gitignore と同じ書き方（npm の ignore で、
 * 大文字と小文字を区別して当てる。フォルダーに当たる行は中のファイルにも当たる）。持ち主の無い行は「持ち主なし」。
 * GitHub の CODEOWNERS は !（打ち消し）、[ ]（文字の範囲）、\# を扱わないので、使っていれば失敗する。
 */
function codeOwnerRules(): CodeOwnerRule[] {
  return readFileSync('.github/CODEOWNERS', 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [pattern, ...owners] = line.split(/\s+/);
      expect(pattern, 'GitHub の CODEOWNERS が扱わない書き方').not.toMatch(/^!|[[\]]|\\#/);
      expect(owners.join(' '), '行の途中のコメント').not.toContain('#');
      const matcher = ignore({ignorecase: false}).add(pattern);
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
    // 2 つ目のルールセット（ほかのブランチ）も同じ説明で確かめる。update の規則の parameters には
    // update_allows_fetch_and_merge が要る。
    const branches = JSON.parse(readFileSync(branchesRulesetFile, 'utf8')) as Ruleset;
    expect(validate(branches), JSON.stringify(validate.errors, null, 1)).toBe(true);
    const noParameters = structuredClone(branches);
    const update = noParameters.rules.find((rule) => rule.type === 'update');
    if (update) update.parameters = {};
    expect(validate(noParameters)).toBe(false);
    expect(
      validate({
        ...branches,
        bypass_actors: [{actor_type: 'Admin', actor_id: 5, bypass_mode: 'always'}],
      }),
    ).toBe(false);
  });

  test('the ruleset protects main: pull request with code-owner review, the CI jobs as required checks, no force push, no deletion', () => {
    const ruleset = JSON.parse(readFileSync(rulesetFile, 'utf8')) as Ruleset;
    expect(ruleset.enforcement).toBe('active');
    expect(ruleset.conditions.ref_name.include).toEqual(['~DEFAULT_BRANCH']);
    const rule = (type: string) => ruleset.rules.find((r) => r.type === type);
    expect(rule('deletion')).toEqual({type: 'deletion'});
    expect(rule('non_fast_forward')).toEqual({type: 'non_fast_forward'});
    // issue 65: 承認の数が 0 のときの持ち主の承認は GitHub が説明していない（実際に承認なしで入った報告がある）ので、
    // 1 つの承認を求め、持ち主のいるファイルを変えたときはそれが持ち主の承認であることを求める。記事とデータだけの
    // プルリクエストには、CI のあとで main の approve-content.yml が承認を付ける（github-actions[bot] は持ち主では
    // ないので、コードを含むプルリクエストには足りない）。承認のあとに足したコミットは承認を消し、最後のプッシュは
    // プッシュした人とは別の人の承認が要る。
    expect(rule('pull_request')?.parameters).toMatchObject({
      required_approving_review_count: 1,
      require_code_owner_review: true,
      dismiss_stale_reviews_on_push: true,
      require_last_push_approval: true,
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
    for (const file of files) {
      expect(ownersOf(file, rules), file).toEqual(isContentPath(file) ? [] : [owner]);
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
      'scripts/check-content-files.mts',
      'lib/content-allowlist.mts',
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
      ...ownedOfficeFiles,
    ]) {
      expect(ownersOf(file, rules), file).toEqual([owner]);
    }
    for (const file of [
      'blog/2026-11-27-x/index.md',
      'blog/2026-11-27-x/photo-1.jpg',
      'src/data/announcement.json',
      'src/data/events/nagareyama-kashiwa-3.json',
    ]) {
      expect(isContentPath(file), file).toBe(true);
      expect(ownersOf(file, rules), file).toEqual([]);
    }
  });

  // issue 65: 内容はフォルダーではなくファイルの種類で決める。持ち主のいない行は lib/content-allowlist.mts と同じで、
  // 事務局のフォルダーに置いた一覧に無いものは、持ち主が付くか、ビルドと CI の最初の検査が断る。
  test('CODEOWNERS leaves unowned exactly the content allowlist; anything else the office could push is owned or refused by the build check', () => {
    const rules = codeOwnerRules();
    const owner = `@${sourceRepository.repo.split('/')[0]}`;
    expect(rules[0]).toMatchObject({pattern: '*', owners: [owner]});
    expect(rules.filter((rule) => rule.owners.length === 0).map((rule) => rule.pattern)).toEqual(
      contentRules.map((rule) => rule.codeowners),
    );
    const owned = (file: string) => ownersOf(file, rules).length > 0;
    const refused = (file: string) =>
      inOfficeFolder(file) && officeEntryProblem({path: file, type: 'file'}) !== undefined;
    // プルリクエストが足せるもの: コードのふりをしたデータ、スペック、書き換えた一覧、公開されるファイル。
    const ownedHostile = [
      'src/data/announcement.json.ts',
      'src/data/announcement.ts',
      'src/data/events/x.json.ts',
      'src/data/events/x.ts',
      'src/data/tests/x.spec.ts',
      'src/data/x.json',
      'src/data/events/sub/x.json',
      'blog/2026-01-01-x/tests/x.spec.ts',
      'blog/2026-01-01-x/print.spec.ts',
      'blog/2026-01-01-x/index.mdx',
      'blog/2026-01-01-x/index.md.ts',
      'blog/2026-01-01-x/handout.js',
      'blog/2026-01-01-x/figure.svg',
      'blog/2026-01-01-x/photo-1.jpg.ts',
      'blog/2026-01-01-x/photo.png',
      'blog/2026-01-01-x/photo.JPG',
      'blog/2026-01-01-x/package.json',
      'blog/2026-01-01-x/prettier.config.mjs',
      'blog/2026-01-01-x/sub/index.md',
      'blog/2026-01-01-x.md',
      'blog/x/notes.htm',
      'blog/index.md',
      'blog/tags.yml',
      'blog/authors.yml',
      'blog/x.jpg',
    ];
    for (const file of ownedHostile) expect(ownersOf(file, rules), file).toEqual([owner]);
    // CODEOWNERS の書き方では正規表現ほど細かく決められないもの（持ち主なし）: ビルドと CI の検査が断る。
    const widerThanTheList = [
      'blog/notes/index.md',
      'blog/2026-13-01-x/index.md',
      'blog/2026-01-01-X/index.md',
      'blog/2026-01-01-x/写真.jpg',
      'blog/2026-01-01-x/a.jpg/evil.ts',
      'src/data/events/X.json',
      'src/data/events/x.json/index.ts',
      'src/data/announcement.json/index.ts',
    ];
    for (const file of widerThanTheList) expect(refused(file), file).toBe(true);
    // どれも GitHub の決まりでは持ち主がいない（この差を埋めるのが検査）。
    expect(widerThanTheList.filter(owned)).toEqual([]);
    for (const file of [...ownedHostile, ...widerThanTheList]) {
      expect(isContentPath(file), file).toBe(false);
      expect(owned(file) || refused(file), file).toBe(true);
    }
    // 開催事例の見出しの id の決まり（plugins/events/schema.ts）と、一覧のファイルの名前の決まりは同じ。
    expect(anchorPattern.source).toBe(asciiNamePattern.source);
  });

  // issue 65 の小さいもの: 持ち主の開いたプルリクエストのブランチに、取り込む直前に事務局のアカウントがコミットを
  // 足せないように、main（main のルールセット）と事務局のブランチ（エディターの cms/**）と Renovate のブランチ
  // （renovate/**。持ち主が承認して取り込み、承認のあとのプッシュは承認を消す）のほかは、管理者だけが作り・書き・消せる。
  test("the branches ruleset lets only admins create, update, delete or force-push any branch but main, the editor's cms/** and Renovate's", () => {
    const ruleset = JSON.parse(readFileSync(branchesRulesetFile, 'utf8')) as Ruleset & {
      target: string;
    };
    expect(ruleset.target).toBe('branch');
    expect(ruleset.enforcement).toBe('active');
    expect(ruleset.conditions.ref_name).toEqual({
      include: ['~ALL'],
      exclude: ['~DEFAULT_BRANCH', 'refs/heads/cms/**', 'refs/heads/renovate/**'],
    });
    expect(ruleset.rules).toEqual([
      {type: 'creation'},
      {type: 'update', parameters: {update_allows_fetch_and_merge: false}},
      {type: 'deletion'},
      {type: 'non_fast_forward'},
    ]);
    // 飛ばせるのはリポジトリーの管理者（RepositoryRole 5）だけ。
    expect(ruleset.bypass_actors).toEqual([
      {actor_id: 5, actor_type: 'RepositoryRole', bypass_mode: 'always'},
    ]);
    // エディター（Decap CMS の editorial_workflow）が記事ごとに作るブランチは cms/ で始まる。
    expect(editorConfig('.').publish_mode).toBe('editorial_workflow');
  });

  test("the content approver runs main's own definition on workflow_run after a successful CI of a pull request from this repository, checks out only main's two files, never the pull request, and holds only pull-requests: write", () => {
    const ci = workflows.get(ciFile);
    const workflow = workflows.get(approveFile) as Workflow;
    expect(workflow).toBeDefined();
    // workflow_run だけで動く（pull_request でも pull_request_target でもない）。
    expect(workflow.on).toEqual({workflow_run: {workflows: [ci?.name], types: ['completed']}});
    expect(workflow.permissions).toEqual({});
    expect(Object.keys(workflow.jobs)).toEqual(['approve']);
    const job = jobIn(approveFile, 'approve');
    for (const condition of [
      "github.event.workflow_run.event == 'pull_request'",
      "github.event.workflow_run.conclusion == 'success'",
      'github.event.workflow_run.head_repository.full_name == github.repository',
    ]) {
      expect(job.if).toContain(condition);
    }
    // 承認のほかには何も書けない。鍵も environment も持たない。
    expect(job.permissions).toEqual({contents: 'read', 'pull-requests': 'write'});
    expect(keysIn(workflow)).toEqual([]);
    expect(environmentOf(job)).toBeUndefined();
    // 承認するのは、CI が試したコミット（workflow_run の head_sha）。
    expect(job.env).toEqual({
      PR_NUMBER: '${{ github.event.workflow_run.pull_requests[0].number }}',
      HEAD_SHA: '${{ github.event.workflow_run.head_sha }}',
    });
    // 取り出すのは main（workflow_run の既定。ref も repository も指定しない）の、判定のスクリプトと内容の一覧だけ。
    const checkout = job.steps.find((step) => step.uses?.startsWith('actions/checkout@'));
    expect(checkout?.with).toEqual({
      'persist-credentials': false,
      'sparse-checkout': '.nvmrc\nlib/content-allowlist.mts\nscripts/approve-content.mts\n',
      'sparse-checkout-cone-mode': false,
    });
    // 動かすのは Node.js だけ（npm のパッケージも、プルリクエストのコードも動かさない）。
    expect(job.steps.map((step) => step.run?.trim()).filter(Boolean)).toEqual([
      'node scripts/approve-content.mts',
    ]);
    expect(job.steps.map((step) => step.uses?.split('@')[0]).filter(Boolean)).toEqual([
      'actions/checkout',
      'actions/setup-node',
    ]);
    expect(job.steps.find((step) => step.run)?.env).toEqual({GITHUB_TOKEN: '${{ github.token }}'});
    // スクリプトは npm のパッケージを読まない（main の取り出しと Node.js だけで動く）。
    const source = readFileSync('scripts/approve-content.mts', 'utf8');
    const imports = [...source.matchAll(/from '([^']+)'|import\('([^']+)'\)/g)].map(
      (m) => m[1] ?? m[2],
    );
    expect(imports.sort()).toEqual(['../lib/content-allowlist.mts', 'node:fs']);
    // ほかのワークフローは、プルリクエストのコードを取り出さない（ref・repository を指定した checkout が無い）。
    for (const [file, wf] of workflows) {
      for (const [name, j] of Object.entries(wf.jobs)) {
        for (const step of j.steps.filter((st) => st.uses?.startsWith('actions/checkout@'))) {
          expect(step.with ?? {}, `${file} の ${name}`).not.toHaveProperty('ref');
          expect(step.with ?? {}, `${file} の ${name}`).not.toHaveProperty('repository');
        }
      }
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
    // main.json と branches.json を、それぞれの名前（ファイルの名前と同じ）で当てる。
    const files = [rulesetFile, branchesRulesetFile];
    for (const file of files) {
      expect((JSON.parse(readFileSync(file, 'utf8')) as Ruleset).name).toBe(
        path.basename(file, '.json'),
      );
    }
    const created = await apply('');
    expect(created).toHaveLength(4);
    files.forEach((file, i) => {
      const name = path.basename(file, '.json');
      expect(created[2 * i]).toMatch(
        new RegExp(`^api --paginate repos/owner/repo/rulesets --jq .*"${name}"`),
      );
      expect(created[2 * i + 1]).toBe(
        `api --method POST repos/owner/repo/rulesets --input ${file}`,
      );
    });
    const updated = await apply('42');
    files.forEach((file, i) => {
      expect(updated[2 * i + 1]).toBe(
        `api --method PUT repos/owner/repo/rulesets/42 --input ${file}`,
      );
    });
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
