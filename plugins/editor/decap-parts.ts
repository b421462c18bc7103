/**
 * Decap CMS のうち、エディターが使う部分だけを組む（issue 61）。decap-cms-app は Decap のすべてのバックエンドと欄
 * （CodeMirror と言語のモード、リッチテキスト、地図……）を登録するので、エディターの入口が `decap-cms-app` を
 * 読み込むと、その代わりにここで作るモジュール（decap-cms-core と、設定が使うバックエンドと欄だけを登録するもの）を
 * 渡す。欄の一覧はエディターの設定（editorConfig）のコレクションの欄から、list・object の中の欄までたどって作るので、
 * 新しいコレクションが Decap の欄を使えば、その欄も組まれる。知らない欄の名前があれば、組むのを止める。
 *
 * Decap のパッケージは decap-cms-app の依存として入っている版を使う（Renovate は decap-cms-app を上げ、その版が
 * 決めた組み合わせのまま組む）。
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Plugin} from 'esbuild';
import type {CmsConfig, CmsField} from './shared';
import {dataFormat, eventFormat, postFormat, siteWidgetNames} from './shared';

/** サイトの書き方（client/format.ts）。 */
const customFormats = new Set<string>([postFormat, dataFormat, eventFormat]);

/** Decap の欄の名前と、それを持つパッケージ（decap-cms-app の extensions.js と同じ組み合わせ）。 */
const decapWidgets: Readonly<Record<string, string>> = {
  string: 'decap-cms-widget-string',
  number: 'decap-cms-widget-number',
  text: 'decap-cms-widget-text',
  image: 'decap-cms-widget-image',
  file: 'decap-cms-widget-file',
  select: 'decap-cms-widget-select',
  markdown: 'decap-cms-widget-markdown',
  richtext: 'decap-cms-widget-richtext',
  list: 'decap-cms-widget-list',
  object: 'decap-cms-widget-object',
  relation: 'decap-cms-widget-relation',
  boolean: 'decap-cms-widget-boolean',
  map: 'decap-cms-widget-map',
  datetime: 'decap-cms-widget-datetime',
  code: 'decap-cms-widget-code',
  color: 'decap-cms-widget-colorstring',
  uuid: 'decap-cms-widget-uuid',
};

/** 最初の画面で済ませたログインを Decap に渡す包み（client/sign-in/）。バックエンドはどれもこれで包む。 */
const handedOverSignIn = path.join(__dirname, 'client/sign-in/backend.tsx');

/** 初めて描くときに読み込む Decap の欄の包み（client/lazy-widget.ts）。 */
const lazyWidget = path.join(__dirname, 'client/lazy-widget.ts');

/** Decap のバックエンドの名前と、それを持つパッケージと書き出しの名前。 */
const decapBackends: Readonly<Record<string, readonly [string, string]>> = {
  github: ['decap-cms-backend-github', 'GitHubBackend'],
  gitlab: ['decap-cms-backend-gitlab', 'GitLabBackend'],
  gitea: ['decap-cms-backend-gitea', 'GiteaBackend'],
  forgejo: ['decap-cms-backend-forgejo', 'ForgejoBackend'],
  bitbucket: ['decap-cms-backend-bitbucket', 'BitbucketBackend'],
  azure: ['decap-cms-backend-azure', 'AzureBackend'],
  'git-gateway': ['decap-cms-backend-git-gateway', 'GitGatewayBackend'],
  'test-repo': ['decap-cms-backend-test', 'TestBackend'],
  // 手元の decap-server（設定の local_backend）。Decap はそれを見つけると、バックエンドをこれに切り替える。
  proxy: ['decap-cms-backend-proxy', 'ProxyBackend'],
};

const notBundled = (name: string): string =>
  `const unused = () => { throw new Error(${JSON.stringify(`${name} はエディターに組んでいません（plugins/editor/decap-parts.ts）`)}); };`;

/**
 * Decap が読み込むが、このエディターでは動かないもの。中身を小さな代わりに換える（importer はそれを読み込む
 * パッケージ）。Decap の更新で使われるようになったときに気づけるよう、代わりは呼ばれると例外を投げる。
 * 設定が使うもの（Decap の既定の書き方のコレクション、use_graphql）は換えない（partsToReplace）。
 */
type UnusedPart = {
  readonly request: string;
  readonly importer: RegExp;
  readonly reason: 'config-validation' | 'decap-formats' | 'github-graphql';
  readonly contents: string;
};
const unusedByEditor: readonly UnusedPart[] = [
  // 設定を JSON Schema で確かめるもの。decap-patches.ts がその確かめを外している（CSP が eval を許さない）。
  {
    request: 'ajv',
    reason: 'config-validation',
    importer: /decap-cms-core/,
    contents: `${notBundled('ajv')} export default class Ajv { constructor() { unused(); } }`,
  },
  {
    request: 'ajv-errors',
    reason: 'config-validation',
    importer: /decap-cms-core/,
    contents: `${notBundled('ajv-errors')} export default unused;`,
  },
  {
    request: 'ajv-keywords/dist/keywords',
    reason: 'config-validation',
    importer: /decap-cms-core/,
    contents: `${notBundled('ajv-keywords')} export {unused as select, unused as uniqueItemProperties, unused as instanceof, unused as prohibited};`,
  },
  // Decap の既定の書き方（YAML、TOML、front matter）と config.yml の読み込み。記事とサイトのデータは、サイトの
  // 書き方（client/format.ts。サイトの yaml を使う）で読み書きし、設定はビルドが埋め込む。Decap の誤りの画面が
  // 設定を YAML で見せるところは、JSON（YAML として読める）で書く。
  {
    request: 'yaml',
    reason: 'decap-formats',
    importer: /decap-cms-core/,
    contents: `${notBundled('Decap の yaml')} class Document { constructor() { unused(); } }
export default {stringify: (value) => JSON.stringify(value, null, 2), parse: unused, parseDocument: unused, createNode: unused, Document};`,
  },
  {
    request: 'gray-matter',
    reason: 'decap-formats',
    importer: /decap-cms-core/,
    contents: `${notBundled('gray-matter')} export default unused;`,
  },
  {
    request: '@iarna/toml/parse-string',
    reason: 'decap-formats',
    importer: /decap-cms-core/,
    contents: `${notBundled('@iarna/toml')} export default unused;`,
  },
  {
    request: 'tomlify-j0.4',
    reason: 'decap-formats',
    importer: /decap-cms-core/,
    contents: `${notBundled('tomlify-j0.4')} export default {toToml: unused};`,
  },
  // Node.js の Buffer の代わり。Decap は上の gray-matter と TOML のためだけに window.Buffer に置く。
  {
    request: 'buffer',
    reason: 'decap-formats',
    importer: /decap-cms-core/,
    contents: 'export const Buffer = undefined;',
  },
  // GitHub の GraphQL の API（設定の use_graphql のときだけ使う。Apollo と graphql を連れてくる）。
  {
    request: './GraphQLAPI',
    reason: 'github-graphql',
    importer: /decap-cms-backend-github/,
    contents: `${notBundled('GitHub の GraphQL の API')} export default class GraphQLAPI { constructor() { unused(); } }`,
  },
];

/** Decap の既定の書き方（YAML・TOML・JSON・front matter）を使うコレクションがあるか（format の無いものも）。 */
function usesDecapFormats(config: CmsConfig): boolean {
  const formats = config.collections.flatMap((collection) =>
    collection.files
      ? collection.files.map((file) => file.format ?? collection.format)
      : [collection.format],
  );
  return formats.some((format) => !customFormats.has(String(format)));
}

/** 設定が使わないので、代わりに換えるもの（設定が使うものは Decap のまま組む）。 */
function partsToReplace(config: CmsConfig): Set<UnusedPart['reason']> {
  const reasons = new Set<UnusedPart['reason']>(['config-validation']);
  if (!usesDecapFormats(config) && config.load_config_file === false) reasons.add('decap-formats');
  if (!config.backend.use_graphql) reasons.add('github-graphql');
  return reasons;
}

/** エディターの設定のコレクションが使う欄の名前（list・object の中の欄も。widget の無い欄は Decap と同じく string）。 */
export function usedWidgets(config: Pick<CmsConfig, 'collections'>): Set<string> {
  const names = new Set<string>();
  const visit = (fields: readonly CmsField[] | undefined): void => {
    for (const field of fields ?? []) {
      names.add(typeof field.widget === 'string' ? field.widget : 'string');
      if (isRecord(field.field)) visit([field.field as CmsField]);
      visit(asFields(field.fields));
      for (const type of asFields(field.types)) visit(asFields(type.fields));
    }
  };
  for (const collection of config.collections) {
    visit(collection.fields);
    for (const file of collection.files ?? []) visit(file.fields);
  }
  return names;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asFields(value: unknown): readonly CmsField[] {
  return Array.isArray(value) ? (value.filter(isRecord) as unknown as CmsField[]) : [];
}

/** decap-cms-app のフォルダー（Decap のほかのパッケージは、ここから見た場所で探す）。 */
function decapAppDir(siteDir: string): string {
  return path.dirname(
    createRequire(path.join(siteDir, 'package.json')).resolve('decap-cms-app/package.json'),
  );
}

/** 欄のパッケージが、その名前の欄を書き出すか（Decap の版が変わって名前や置き場が変わったら、組むのを止める）。 */
function checkWidgetPackage(appDir: string, name: string, pkg: string): void {
  const manifest = createRequire(path.join(appDir, 'package.json')).resolve(`${pkg}/package.json`);
  const {module} = JSON.parse(readFileSync(manifest, 'utf8')) as {module?: string};
  const source = readFileSync(path.join(path.dirname(manifest), module ?? 'index.js'), 'utf8');
  if (!source.includes(`name: '${name}'`)) {
    throw new Error(
      `Decap の欄「${name}」が ${pkg} に見つかりません。Decap CMS が変わったので、plugins/editor/decap-parts.ts を見直してください。`,
    );
  }
}

/** エディターの入口が読み込む decap-cms-app の代わり: decap-cms-core に、使うバックエンドと欄だけを登録して渡す。 */
export function decapEntrySource(config: CmsConfig, appDir: string): string {
  const siteWidgets = new Set<string>(siteWidgetNames);
  const named = [...usedWidgets(config)].filter((name) => !siteWidgets.has(name));
  // markdown の欄のコードの部品（下の code-block）は、code の欄で書く。
  const widgets = [...new Set([...named, ...(named.includes('markdown') ? ['code'] : [])])].sort();
  const unknown = widgets.filter((name) => !Object.hasOwn(decapWidgets, name));
  if (unknown.length > 0) {
    throw new Error(
      `エディターの設定が、知らない欄（${unknown.map((name) => `「${name}」`).join('、')}）を使っています。Decap の欄（${Object.keys(decapWidgets).join('、')}）か、サイトの欄（${siteWidgetNames.join('、')}。plugins/editor/shared.ts）の名前にしてください。`,
    );
  }
  const backendNames = [String(config.backend.name), 'proxy'];
  const missingBackend = backendNames.find((name) => !Object.hasOwn(decapBackends, name));
  if (missingBackend) {
    throw new Error(`エディターの設定のバックエンド「${missingBackend}」を知りません。`);
  }
  const lines = [
    "import {DecapCmsCore as CMS} from 'decap-cms-core';",
    `import {withHandedOverSignIn} from ${JSON.stringify(handedOverSignIn)};`,
    // Decap は画面の文言を、設定の言語（ja。client/admin.tsx が登録する）に無ければ英語から取る。
    "import {en} from 'decap-cms-locales';",
    "CMS.registerLocale('en', en);",
  ];
  for (const [index, name] of backendNames.entries()) {
    const [pkg, exported] = decapBackends[name] ?? [];
    lines.push(`import {${exported} as Backend${index}} from '${pkg}';`);
    lines.push(`CMS.registerBackend('${name}', withHandedOverSignIn(Backend${index}));`);
  }
  // 最初のコレクション（記事）の欄は、エディターと同時に読み込む。ほかのコレクション（開催事例など）だけが使う欄は、
  // その欄を初めて描くときに読み込む（記事の新しい欄までに読む JS を増やさない。lazy-widget.ts）。
  const firstForm = usedWidgets({collections: config.collections.slice(0, 1)});
  if (widgets.some((name) => !firstForm.has(name))) {
    lines.push(`import {registerLazyWidget} from ${JSON.stringify(lazyWidget)};`);
  }
  for (const [index, name] of widgets.entries()) {
    const pkg = decapWidgets[name] ?? '';
    checkWidgetPackage(appDir, name, pkg);
    if (firstForm.has(name)) {
      lines.push(`import Widget${index} from '${pkg}';`);
      lines.push(`CMS.registerWidget(Widget${index}.Widget());`);
    } else {
      lines.push(`registerLazyWidget(CMS, '${name}', () => import('${pkg}'));`);
    }
  }
  // Decap の markdown の欄だけが使う、本文に写真とコードを入れる部品（decap-cms-app と同じもの）。
  if (widgets.includes('markdown')) {
    lines.push(
      "import imageComponent from 'decap-cms-editor-component-image';",
      'CMS.registerEditorComponent(imageComponent);',
      "CMS.registerEditorComponent({id: 'code-block', label: 'Code Block', widget: 'code', type: 'code-block'});",
    );
  }
  lines.push('export const DecapCmsApp = CMS;', 'export default CMS;');
  return lines.join('\n');
}

/**
 * decap-cms-lib-util は lodash/fp から 4 つの関数を読み込み、lodash/fp はそのために lodash のすべて
 * （lodash.min.js）を連れてくる。同じ関数を 1 つずつのモジュール（lodash/fp/<名前>）から読む。Decap がほかの
 * 名前を読み込むようになれば、esbuild が「その名前の書き出しが無い」と組むのを止める。
 */
const lodashFpNames = ['filter', 'flow', 'fromPairs', 'map'] as const;
const lodashFpNamespace = 'denki-lodash-fp';

const entryNamespace = 'denki-decap-entry';
const unusedNamespace = 'denki-decap-unused';

/**
 * esbuild のプラグイン: 入口の `decap-cms-app` を decapEntrySource のモジュール（Decap のパッケージは
 * decap-cms-app のフォルダーから解決する）に換え、unusedByEditor のものを小さな中身に換える。
 */
export function decapParts(siteDir: string, config: CmsConfig): Plugin {
  const appDir = decapAppDir(siteDir);
  return {
    name: 'denki-decap-parts',
    setup(build) {
      build.onResolve({filter: /^decap-cms-app$/}, () => ({
        path: 'decap-cms-app',
        namespace: entryNamespace,
      }));
      build.onLoad({filter: /.*/, namespace: entryNamespace}, () => ({
        contents: decapEntrySource(config, appDir),
        resolveDir: appDir,
        loader: 'js',
      }));
      const replaced = partsToReplace(config);
      for (const [index, part] of unusedByEditor.entries()) {
        if (!replaced.has(part.reason)) continue;
        const filter = new RegExp(`^${part.request.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
        build.onResolve({filter}, ({importer}) =>
          part.importer.test(importer)
            ? {path: String(index), namespace: unusedNamespace}
            : undefined,
        );
      }
      build.onResolve({filter: /^lodash\/fp$/}, ({importer}) =>
        /decap-cms-lib-util/.test(importer)
          ? {path: path.dirname(importer), namespace: lodashFpNamespace}
          : undefined,
      );
      build.onLoad({filter: /.*/, namespace: lodashFpNamespace}, ({path: importerDir}) => ({
        contents: lodashFpNames
          .map((name) => `export {default as ${name}} from 'lodash/fp/${name}';`)
          .join('\n'),
        resolveDir: importerDir,
        loader: 'js',
      }));
      build.onLoad({filter: /.*/, namespace: unusedNamespace}, ({path: index}) => ({
        contents: unusedByEditor[Number(index)]?.contents,
        loader: 'js',
      }));
    },
  };
}
