/**
 * フォルダーの層（README の「構成」）と、import の循環がないことを dependency-cruiser で確かめる（npm run lint）。
 * 型だけの import も数える（tsPreCompilationDeps）。
 */

/** ブラウザで動くコード: サイトのページと部品、機能ごとのプラグインの theme と client。 */
const browser = '^(src/|plugins/[^/]+/(theme|client)/)';
/** ブラウザとビルドの両方が読み込んでよいもの（shared-*.ts は、入口の JS に入れずに分けておくもの）。 */
const shared = '^(src/constants/|plugins/[^/]+/shared-?[a-z]*\\.ts$)';
/** テスト（tests/ と、プラグインのそばの tests/、Playwright の設定）。 */
const tests = '^(tests/|plugins/[^/]+/tests/|functions/tests/|playwright\\.config\\.ts$)';
/** ビルドで動くコード: サイトの設定と、プラグインのうちブラウザ・テストでないもの。 */
const build = '^(plugins/|docusaurus\\.config\\.ts$|sidebars\\.ts$)';
const buildNot = `${browser}|${tests}`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'function-stands-alone',
      comment:
        'Cloud Function（functions/src）は、自分のフォルダーと共有の定数（src/constants）だけを読み込む（デプロイで 1 つのファイルに組む）',
      severity: 'error',
      from: {path: '^functions/src/'},
      to: {path: '^(src|plugins|lib|scripts|tests|functions/tests)/', pathNot: '^src/constants/'},
    },
    {
      name: 'no-circular',
      comment: 'import が輪になっている',
      severity: 'error',
      from: {},
      to: {circular: true},
    },
    {
      name: 'browser-imports-browser-or-shared',
      comment: 'ブラウザのコードが、ビルド・道具・テストのコードを読み込んでいる',
      severity: 'error',
      from: {path: browser},
      to: {path: `^(plugins|lib|scripts|tests)/|${build}`, pathNot: `${browser}|${shared}`},
    },
    {
      name: 'browser-without-node',
      comment: 'ブラウザのコードが Node.js の組み込みモジュールを読み込んでいる',
      severity: 'error',
      from: {path: browser},
      to: {dependencyTypes: ['core']},
    },
    {
      name: 'build-not-browser',
      comment:
        'ビルドのコードが、ブラウザの部品を読み込んでいる（共有するものは src/constants か shared.ts に置く）',
      severity: 'error',
      from: {path: build, pathNot: buildNot},
      to: {path: browser, pathNot: shared},
    },
    {
      name: 'build-not-tools',
      comment: 'ビルドのコードが scripts/ かテストを読み込んでいる（共有するものは lib/ に置く）',
      severity: 'error',
      from: {path: build, pathNot: buildNot},
      to: {path: `^scripts/|${tests}`},
    },
    {
      name: 'lib-stands-alone',
      comment:
        'lib/ は、ビルド・道具・テストが共有する Node.js の部品。lib/ と共有の定数だけを読み込む',
      severity: 'error',
      from: {path: '^lib/'},
      to: {path: '^(src|plugins|scripts|tests)/', pathNot: shared},
    },
    {
      name: 'scripts-not-tests',
      comment: 'scripts/ がテストを読み込んでいる（共有するものは lib/ に置く）',
      severity: 'error',
      from: {path: '^scripts/'},
      to: {path: tests},
    },
    {
      name: 'tests-not-scripts',
      comment: 'テストが scripts/ を読み込んでいる（共有するものは lib/ に置く）',
      severity: 'error',
      from: {path: tests},
      to: {path: '^scripts/'},
    },
  ],
  options: {
    doNotFollow: {path: 'node_modules'},
    exclude: {
      path: '^(node_modules|tools|build|\\.docusaurus|\\.artifacts|functions/node_modules|functions/lib)/',
    },
    tsPreCompilationDeps: true,
    tsConfig: {fileName: 'tsconfig.json'},
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.d.ts'],
    },
  },
};
