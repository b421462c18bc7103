import {defineConfig, devices} from '@playwright/test';
import {printTestLaunchOptions, testLaunchOptions} from './lib/chromium';
import {testServer} from './tests/support/server';
import {testRunVariable} from './tests/support/shared-build';

/**
 * テストを読むのは、このリポジトリーの根からのテストのフォルダー（tests/、plugins/<名前>/tests/、functions/tests/）
 * だけ（issue 65）。Playwright は正規表現をファイルの絶対パスに当てるので、根のパスから書く。事務局が持ち主の承認
 * なしに書ける blog/ や src/data/ に置いたスペック（blog/…/tests/x.spec.ts など）は、playwright test --list
 * （scripts/shards が CI のどの e2e のジョブでも最初に走らせる）にも読まれない（tests/node/test-sources.spec.ts）。
 */
const ownSpecs = (file: string): RegExp =>
  new RegExp(
    `^${__dirname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(?:tests|plugins/[a-z0-9-]+/tests|functions/tests)/${file}$`,
  );
/** サイトの複製をビルドし、その中のテストを順に走らせるファイル（壊れた内容のビルドと、手元の短い道）。 */
const buildsFirst = ownSpecs(String.raw`node/(?:build-strictness|short-path)\.spec\.ts`);
/** 読者と同じ Chromium の本体で走らせるファイル（印刷の PDF で、選ばれる画像を確かめる。lib/chromium.ts）。 */
const printSpecs = ownSpecs(String.raw`(?:[^/]+/)*print\.spec\.ts`);

// 実行ごとの印（共有するビルドの置き場所）。ワーカーはこの環境変数を受け継ぐ。
process.env[testRunVariable] ??= `${process.pid}-${Date.now()}`;

export default defineConfig({
  // テストは tests/ と、機能ごとのプラグインのそばの plugins/<名前>/tests/ と、関数の functions/tests/ にある。
  testDir: '.',
  testMatch: ownSpecs(String.raw`(?:[^/]+/)*[^/]+\.spec\.ts`),
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: 60_000,
  reporter: [['list'], ['./tests/support/summary-reporter.ts']],
  globalTeardown: './tests/support/global-teardown.ts',
  use: {
    baseURL: testServer.baseURL,
    launchOptions: testLaunchOptions,
    locale: 'ja-JP',
    trace: 'off',
  },
  projects: [
    // WebKit と Gecko は読者の道筋だけ。各ファイルが 1 つのブラウザーを開いて順に使い回す。
    // 1 つのワーカーで順に約 3 分かかるので、最初に配って、もう 1 つのワーカーが Chromium のテストを進める。
    {name: 'engines', testDir: './tests/engines', fullyParallel: false},
    // サイトの複製をビルドし、順に走るテストのファイル。最後に回ると、その間もう 1 つのワーカーが空くので先に配る。
    {name: 'builds', testMatch: buildsFirst},
    {
      name: 'chromium',
      testIgnore: [/tests\/engines\//, buildsFirst, printSpecs],
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: testLaunchOptions,
        // 新しいコンテキストごとに Service Worker が 1.3 MB をプリキャッシュすると、ページ監査で CPU が 2 割増える。
        // Service Worker を調べるスペック（オフライン、ページ監査、コンソール、配信）だけが 'allow' にする。
        serviceWorkers: 'block',
      },
    },
    {
      name: 'chromium-print',
      testMatch: printSpecs,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: printTestLaunchOptions,
        serviceWorkers: 'block',
      },
    },
  ],
  // 読者のサイトとエディターのサイト（firebase.json の hosting の 2 つの target）を、本番と同じく別のオリジンで配る。
  webServer: [
    {
      command: `npx tsx scripts/serve.ts ${testServer.port} --only=site`,
      url: `${testServer.baseURL}/`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `npx tsx scripts/serve.ts --only=editor --editor-port=${testServer.editorPort}`,
      url: `${testServer.editorBaseURL}/admin/`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
