/**
 * 出荷の道筋（issue 17）: GitHub Actions のワークフロー、Node.js の版、Renovate の設定。
 * - ワークフローは @action-validator/cli（GitHub のワークフローの JSON スキーマ）で検査する。
 * - .ci/run は README のテスト用コマンドそのものを実行する。GitHub Actions は同じ手順を、検査、ビルドと、
 *   Playwright をスペックの時間で分けた（scripts/shards）e2e のジョブで実行し、分けた結果を 1 つの HTML の報告にまとめる。
 *   e2e はビルドと同時に準備を始め、ビルドの成果物を待つ（scripts/wait-for-artifact.ts）。
 * - renovate.json は Renovate 自身の renovate-config-validator で検査する（tools/renovate。依存に入れると
 *   重いネイティブのアドオンを組むので、scripts/setup.sh が --ignore-scripts で別に入れる）。
 */
import {existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {parse} from 'yaml';
import {editorConfig} from '../../plugins/editor/config';
import {editorOrigin, previewStatusContext, signInPath} from '../../src/constants/editor-sign-in';
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
  steps: Step[];
  environment?: string | {name: string; url?: string};
  needs?: string | string[];
  if?: string;
  container?: unknown;
  permissions?: Record<string, string>;
  strategy?: {matrix?: {shard?: number[]}};
};
type Workflow = {on: Record<string, unknown>; jobs: Record<string, Job>};

const workflows = new Map(
  workflowFiles.map((file) => [file, parse(readFileSync(file, 'utf8')) as Workflow]),
);
const jobs = [...workflows.values()].flatMap((workflow) => Object.entries(workflow.jobs));
const steps = jobs.flatMap(([, job]) => job.steps);

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
    expect(runs(check)).toEqual(['npm ci', 'npm run check']);
    expect(check.container).toBeUndefined();
    expect(runs(build)).toEqual([install, '. scripts/setup.sh && npm run build']);
    expect(pkg.scripts.test.endsWith(e2eStep)).toBe(true);
    // npm ci は node_modules を消すので、ビルドのキャッシュ（node_modules/.cache）はそのあとで戻す。
    for (const job of [build, e2e]) {
      const at = (found: (step: Step) => boolean) => job.steps.findIndex(found);
      const cache = at((step) => step.uses?.startsWith('actions/cache') ?? false);
      expect(cache).toBeGreaterThan(at((step) => step.run === install));
    }
    // e2e は build を待たずに準備し、build の成果物ができてから取り出す。
    expect(e2e.needs).toBeUndefined();
    expect(e2e.permissions).toMatchObject({actions: 'read'});
    const shards = e2e.strategy?.matrix?.shard ?? [];
    expect(shards.length).toBeGreaterThan(1);
    const wait = 'npx tsx scripts/wait-for-artifact.ts build build';
    expect(runs(e2e)).toEqual([
      install,
      wait,
      `. scripts/setup.sh && npx tsx scripts/shards \${{ matrix.shard }}/\${{ strategy.job-total }} --reporter=list,blob`,
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

  test('main deploys live, pull requests get a preview, both only after the tests', () => {
    const deploys = jobs.filter(([, job]) =>
      job.steps.some((step) => step.uses?.startsWith('FirebaseExtended/action-hosting-deploy@')),
    );
    const deployStep = (job: Job) =>
      job.steps.find((step) => step.uses?.startsWith('FirebaseExtended/action-hosting-deploy@'));
    expect(deploys.map(([name]) => name).sort()).toEqual(['deploy', 'preview']);
    const [[, live], [, preview]] = deploys.sort(([a], [b]) => a.localeCompare(b));
    // 本番はデプロイの鍵、プレビューはプレビュー用の鍵（README の「デプロイ」）。
    expect(deployStep(live)?.with).toMatchObject({
      firebaseServiceAccount: '${{ secrets.FIREBASE_SERVICE_ACCOUNT }}',
    });
    expect(deployStep(preview)?.with).toMatchObject({
      firebaseServiceAccount: '${{ secrets.FIREBASE_PREVIEW_SERVICE_ACCOUNT }}',
    });
    // e2e は build の成果物を待って通るので、build の成功も含む。
    expect(preview.needs).toEqual(['check', 'e2e']);
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
    expect(deployStep(preview)?.with).not.toHaveProperty('channelId');
    // 本番は firebase.json の 2 つのサイト（target を指定しない = .firebaserc のすべて）を出し、プレビューは読者の
    // サイトだけ。成果物には両方のサイトのフォルダーがある。
    const firebase = JSON.parse(readFileSync('firebase.json', 'utf8')) as {
      hosting: {target: string; public: string}[];
    };
    expect(firebase.hosting.map((site) => site.target)).toEqual(['site', 'editor']);
    const targets = JSON.parse(readFileSync('.firebaserc', 'utf8')) as {
      projects: {default: string};
      targets: Record<string, {hosting: Record<string, string[]>}>;
    };
    expect(Object.keys(targets.targets[targets.projects.default].hosting)).toEqual([
      'site',
      'editor',
    ]);
    expect(deployStep(live)?.with).not.toHaveProperty('target');
    expect(deployStep(preview)?.with).toMatchObject({target: 'site'});
    const ci = workflows.get(path.join(workflowDir, 'ci.yml'));
    const uploaded = String(
      ci?.jobs.build.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))?.with
        ?.path,
    );
    for (const site of firebase.hosting) expect(uploaded).toContain(`${site.public}/`);
    expect(deployStep(preview)?.with).toMatchObject({repoToken: '${{ secrets.GITHUB_TOKEN }}'});
    expect(preview.if).toContain(
      'github.event.pull_request.head.repo.full_name == github.repository',
    );
  });

  test("the preview job sets a commit status on the PR's head named as the editor's preview_context, pointing at the preview URL", () => {
    const preview = workflows.get(path.join(workflowDir, 'ci.yml'))?.jobs.preview;
    expect(preview).toBeDefined();
    const steps = preview?.steps ?? [];
    const deployAt = steps.findIndex((step) =>
      step.uses?.startsWith('FirebaseExtended/action-hosting-deploy@'),
    );
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
    expect(status.env).toEqual({
      GH_TOKEN: '${{ github.token }}',
      HEAD_SHA: '${{ github.event.pull_request.head.sha }}',
      // エディターの設定（plugins/editor/config.ts の preview_context）と同じ名前。
      PREVIEW_CONTEXT: previewStatusContext,
      PREVIEW_URL: `\${{ steps.${deployId}.outputs.details_url }}`,
    });
    expect(preview?.permissions).toMatchObject({statuses: 'write'});
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

  // issue 52 の 5: プルリクエストのブランチ（エディターの記事も）のコードに、本番の鍵を渡さない。
  test("the preview job takes nothing from the branch but its built files: main's firebase.json, no hook, no script, no install, and the preview-only key", () => {
    const preview = workflows.get(path.join(workflowDir, 'ci.yml'))?.jobs.preview;
    expect(preview).toBeDefined();
    const steps = preview?.steps ?? [];
    const checkouts = steps.filter((step) => step.uses?.startsWith('actions/checkout@'));
    expect(checkouts).toHaveLength(1);
    // 取り出すのは既定のブランチ（main）。head も、head とのマージのコミット（既定の ref）も取り出さない。
    expect(checkouts[0].with).toEqual({
      ref: '${{ github.event.repository.default_branch }}',
      'persist-credentials': false,
    });
    const downloads = steps.filter((step) => step.uses?.startsWith('actions/download-artifact@'));
    // 成果物は build/ と build-editor/ を持つ（2 つの Hosting のサイト）。その 2 つのフォルダーだけが取り出しの上に置かれる。
    expect(downloads.map((step) => step.with)).toEqual([{name: 'build', path: '.'}]);
    // 動かすのは、プレビューの URL の状態を付ける gh api だけ（npm・npx・firebase・ブランチのスクリプトは動かさない）。
    const runs = steps.map((step) => step.run?.trim()).filter(Boolean);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatch(/^gh api --method POST /);
    // ほかに使うのは、プレビューに出すアクションだけ。firebase-tools の版も固定する（既定は latest）。
    const uses = steps.map((step) => step.uses?.split('@')[0]).filter(Boolean);
    expect(uses.sort()).toEqual([
      'FirebaseExtended/action-hosting-deploy',
      'actions/checkout',
      'actions/download-artifact',
    ]);
    const deploy = steps.find((step) =>
      step.uses?.startsWith('FirebaseExtended/action-hosting-deploy@'),
    );
    expect(deploy?.with?.firebaseToolsVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(deploy?.with).not.toHaveProperty('entryPoint');
    // 本番の鍵は、このジョブのどこにも無い。production の environment にも入らない。
    expect(JSON.stringify(preview)).not.toMatch(/secrets\.FIREBASE_SERVICE_ACCOUNT\b/);
    expect(preview?.environment).toBeUndefined();
  });

  test('only the live and function deploys hold the deploy key, only on main, and both inside the production environment', () => {
    const holders = jobs.filter(([, job]) =>
      /secrets\.FIREBASE_SERVICE_ACCOUNT\b/.test(JSON.stringify(job)),
    );
    expect(holders.map(([name]) => name).sort()).toEqual(['deploy', 'functions']);
    for (const [name, job] of holders) {
      const environment =
        typeof job.environment === 'string' ? job.environment : job.environment?.name;
      expect(environment, name).toBe('production');
      expect(job.if, name).toContain(
        "github.event_name == 'push' && github.ref == 'refs/heads/main'",
      );
    }
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
