/**
 * Docusaurus が .docusaurus に書いたルート表（routes.js、registry.js、routesChunkNames.json）を読み、
 * ブラウザ用に「入口に残す表」と「区画ごとに後から読む表（shard）」のモジュールを書く。
 *
 * - 入口に残すもの: 子ルートを持つルート（ドキュメントの外枠など）、トップページ、パスに変数のあるルート、
 *   見つからないページ（'*'）。ページ数が増えても増えない。
 * - 分けるもの: 子を持たない exact のルート（記事、ドキュメントの各ページ、一覧の各ページ…）。
 *   同じ配列の中で続いている葉を、パスの最初の段（区画: blog、docs…）ごとにキーの順に並べ、葉の数と
 *   読むチャンクの数の上限で区切る。
 *   入口には区画ごとの「最初のキー」と読み込み関数だけが残る。
 * 生成されたコードの形が想定と違えば（Docusaurus の更新）、ビルドを止める。
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import {chunkFilesPlaceholder, routeKey, sectionOf, type ChunkNames} from './shared';

export const fail = (message: string): never => {
  throw new Error(`[denki-routes] ${message}`);
};

const changed = (file: string, detail: string): never =>
  fail(
    `.docusaurus/${file} の形が想定と違います（${detail}）。Docusaurus の更新でルート表の書き方が変わったので、plugins/routes/codegen.ts を見直してください。`,
  );

/** Docusaurus の 1 つのルート（routes.js を評価したもの）。 */
export type ParsedRoute = {
  readonly path: string;
  /** ComponentCreator の第 2 引数。'*' には無い。 */
  readonly hash?: string;
  readonly exact?: boolean;
  readonly routes?: readonly ParsedRoute[];
  /** exact、routes 以外の属性（docs の sidebar など）。 */
  readonly attributes: Readonly<Record<string, unknown>>;
};

export type GeneratedRoutes = {
  readonly routes: readonly ParsedRoute[];
  /** チャンク名 → モジュールのパス（registry.js に書かれたままの、エスケープ済みの文字列）。 */
  readonly registry: ReadonlyMap<string, string>;
  /** "パス-ハッシュ" → チャンク名。 */
  readonly chunkNames: Readonly<Record<string, ChunkNames>>;
};

/** codegenRoutes.js の routesConfig の前後（この間にルートが並ぶ）。 */
const routesHeader = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
`;
const routesFooter = `  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`;

const creatorMark = '__denkiComponentCreator';

function toParsed(value: unknown, where: string): ParsedRoute {
  if (!value || typeof value !== 'object')
    return changed('routes.js', `${where} がオブジェクトでない`);
  const {
    path: routePath,
    component,
    exact,
    routes,
    ...attributes
  } = value as Record<string, unknown>;
  const creator = (component as Record<string, unknown> | undefined)?.[creatorMark];
  if (typeof routePath !== 'string' || !Array.isArray(creator) || creator[0] !== routePath) {
    return changed('routes.js', `${where} の path と ComponentCreator が対にならない`);
  }
  const hash = creator[1] as unknown;
  if (routePath !== '*' && typeof hash !== 'string') {
    return changed('routes.js', `${routePath} のハッシュがない`);
  }
  if (exact !== undefined && exact !== true) return changed('routes.js', `${routePath} の exact`);
  if (routes !== undefined && !Array.isArray(routes)) {
    return changed('routes.js', `${routePath} の routes`);
  }
  return {
    path: routePath,
    ...(typeof hash === 'string' && {hash}),
    ...(exact === true && {exact}),
    ...(routes && {routes: routes.map((route, i) => toParsed(route, `${routePath} の子 ${i}`))}),
    attributes: JSON.parse(JSON.stringify(attributes)) as Record<string, unknown>,
  };
}

/** routes.js を、ComponentCreator を印に置き換えた隔離環境で評価する。 */
export function parseRoutesJs(source: string): ParsedRoute[] {
  if (!source.startsWith(routesHeader) || !source.endsWith(routesFooter)) {
    return changed('routes.js', '先頭か末尾');
  }
  const expression = `[\n${source.slice(routesHeader.length, -2)}`;
  const ComponentCreator = (routePath: unknown, hash?: unknown) => ({
    [creatorMark]: [routePath, hash],
  });
  const value: unknown = vm.runInNewContext(
    `(${expression})`,
    {ComponentCreator},
    {timeout: 10_000},
  );
  if (!Array.isArray(value)) return changed('routes.js', '配列でない');
  const parsed = value.map((route, i) => toParsed(route, `ルート ${i}`));
  const last = parsed.at(-1);
  if (last?.path !== '*' || last.hash !== undefined) return changed('routes.js', '最後が * でない');
  return parsed;
}

const registryLine =
  /^ {2}"([^"\\]+)": \[\(\) => import\(\/\* webpackChunkName: "\1" \*\/ "((?:[^"\\]|\\.)*)"\), "\2", require\.resolveWeak\("\2"\)\],$/;

/** registry.js: 1 行に 1 つ `"名前": [() => import(/* webpackChunkName: "名前" *\/ "パス"), "パス", require.resolveWeak("パス")],`。 */
export function parseRegistryJs(source: string): Map<string, string> {
  const header = 'export default {\n';
  const footer = '};\n';
  if (!source.startsWith(header) || !source.endsWith(footer)) {
    return changed('registry.js', '先頭か末尾');
  }
  const body = source.slice(header.length, -footer.length);
  const registry = new Map<string, string>();
  for (const line of body === '' ? [] : body.split('\n')) {
    const match = registryLine.exec(line) ?? changed('registry.js', `行 ${line.slice(0, 80)}`);
    registry.set(match[1] as string, match[2] as string);
  }
  return registry;
}

export function readGeneratedRoutes(generatedFilesDir: string): GeneratedRoutes {
  const read = (file: string): string => readFileSync(path.join(generatedFilesDir, file), 'utf8');
  const routes = parseRoutesJs(read('routes.js'));
  const registry = parseRegistryJs(read('registry.js'));
  const chunkNames = JSON.parse(read('routesChunkNames.json')) as Record<string, ChunkNames>;
  const check = (route: ParsedRoute): void => {
    if (route.hash !== undefined) {
      const names = chunkNames[`${route.path}-${route.hash}`];
      if (!names) changed('routesChunkNames.json', `${route.path}-${route.hash} がない`);
    }
    route.routes?.forEach(check);
  };
  routes.forEach(check);
  return {routes, registry, chunkNames};
}

/** 分けてよい葉か。パスが ASCII の文字だけで、パラメーターや正規表現の記号を含まないこと。 */
const literalPath = /^\/[A-Za-z0-9\-._~!$&'@,;=%/]*$/;

/**
 * 入口に残す葉: トップページ（theme-common の useHomePageRoute がルート表の上から探す）と、
 * .html で終わるパス（normalizeLocation が、読む前の表で .html を外すかを決めるため）。
 */
function isPinned(route: ParsedRoute, baseUrl: string): boolean {
  return route.path === baseUrl || route.path.endsWith('.html');
}

export function isShardable(route: ParsedRoute, baseUrl: string): boolean {
  return (
    route.routes === undefined &&
    route.exact === true &&
    route.hash !== undefined &&
    literalPath.test(route.path) &&
    !('strict' in route.attributes) &&
    !('sensitive' in route.attributes) &&
    !isPinned(route, baseUrl)
  );
}

/** 分けた表 1 つ。 */
export type Shard = {readonly index: number; readonly routes: readonly ParsedRoute[]};

/** 入口に残るルートと、その子の配列の分け方。 */
export type PlannedRoute = {
  readonly route: ParsedRoute;
  readonly children?: PlannedArray;
};

export type PlannedGroup = {
  /** この葉の一続きのすぐ後ろにある、入口に残るルートの位置（配列の長さなら末尾）。 */
  readonly anchor: number;
  /** 区画 → [最初のキー, shard の番号]。 */
  readonly sections: ReadonlyMap<string, readonly (readonly [string, number])[]>;
};

export type PlannedArray = {
  readonly kept: readonly PlannedRoute[];
  readonly groups: readonly PlannedGroup[];
};

export type RoutePlan = {readonly top: PlannedArray; readonly shards: readonly Shard[]};

export type PlanOptions = {
  readonly baseUrl: string;
  /** 1 つの表に入れる葉の数の上限。 */
  readonly shardSize: number;
  /** 1 つの表が読むチャンク名の数の上限（一覧のページは 1 つで 10 記事分のチャンクを持つ）。 */
  readonly shardChunks?: number;
  /** ルートのチャンク名（shardChunks を数えるため）。 */
  readonly chunkNamesOf?: (route: ParsedRoute) => Iterable<string>;
};

export function planRoutes(
  routes: readonly ParsedRoute[],
  {baseUrl, shardSize, shardChunks = Infinity, chunkNamesOf = () => []}: PlanOptions,
): RoutePlan {
  const shards: Shard[] = [];

  function planGroup(leaves: readonly ParsedRoute[], anchor: number): PlannedGroup {
    // キーの順に並べる（同じキーは元の順のまま。先に書かれたものが react-router で勝つ）。
    const sorted = leaves
      .map((route, order) => ({route, key: routeKey(route.path), order}))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.order - b.order));
    const sections = new Map<string, [string, number][]>();
    let current: ParsedRoute[] = [];
    let currentChunks = new Set<string>();
    let currentSection: string | undefined;
    let previousKey: string | undefined;
    const close = (): void => {
      if (current.length === 0) return;
      const first = routeKey((current[0] as ParsedRoute).path);
      const list = sections.get(currentSection as string) ?? [];
      list.push([first, shards.length]);
      sections.set(currentSection as string, list);
      shards.push({index: shards.length, routes: current});
      current = [];
      currentChunks = new Set();
    };
    for (const {route, key} of sorted) {
      const section = sectionOf(key);
      const names = [...chunkNamesOf(route)];
      const chunks = new Set([...currentChunks, ...names]).size;
      const full = current.length >= shardSize || chunks > shardChunks;
      // 同じキーの葉は同じ表に入れる（先に書かれたものが勝つ順を保つ）。
      if (section !== currentSection || (full && key !== previousKey)) close();
      currentSection = section;
      previousKey = key;
      current.push(route);
      for (const name of names) currentChunks.add(name);
    }
    close();
    return {anchor, sections};
  }

  function planArray(array: readonly ParsedRoute[]): PlannedArray {
    const kept: PlannedRoute[] = [];
    const groups: PlannedGroup[] = [];
    let run: ParsedRoute[] = [];
    const flush = (): void => {
      if (run.length > 0) groups.push(planGroup(run, kept.length));
      run = [];
    };
    for (const route of array) {
      if (isShardable(route, baseUrl)) {
        run.push(route);
        continue;
      }
      flush();
      kept.push({route, ...(route.routes && {children: planArray(route.routes)})});
    }
    flush();
    return {kept, groups};
  }

  return {top: planArray(routes), shards};
}

/** コードに書く値。Code はそのまま、それ以外は JSON。 */
class Code {
  constructor(readonly text: string) {}
}

function js(value: unknown): string {
  if (value instanceof Code) return value.text;
  if (Array.isArray(value)) return `[${value.map(js).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(
      ([key, item]) => `${JSON.stringify(key)}:${js(item)}`,
    );
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** ルートのチャンク名（入れ子を平らにしたもの）。 */
export function routeChunkNames(generated: GeneratedRoutes, route: ParsedRoute): Set<string> {
  const names = new Set<string>();
  if (route.hash !== undefined) {
    collectChunkNames(generated.chunkNames[`${route.path}-${route.hash}`], names);
  }
  return names;
}

function collectChunkNames(names: ChunkNames | string | undefined, into: Set<string>): void {
  if (typeof names === 'string') into.add(names);
  else if (names) for (const value of Object.values(names)) collectChunkNames(value, into);
}

export const shardFile = (index: number): string => `shard-${index}.js`;

/** shard のチャンク名（ファイル名 assets/js/routes-blog-3.<hash>.js になる。どの区画の表かが見てわかる）。 */
export const shardChunkName = (section: string, index: number): string =>
  `routes-${section.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'root'}-${index}`;

/** 生成するモジュール: 入口（index.js）と shard-N.js。 */
export type RouteModules = {readonly entry: string; readonly shards: readonly string[]};

const tableModule = '@site/plugins/routes/client/table';

export function generateModules(generated: GeneratedRoutes, plan: RoutePlan): RouteModules {
  const chunkNamesOf = (route: ParsedRoute): ChunkNames | undefined =>
    route.hash === undefined ? undefined : generated.chunkNames[`${route.path}-${route.hash}`];

  const registryCode = (routes: Iterable<ParsedRoute>): string => {
    const names = new Set<string>();
    for (const route of routes) collectChunkNames(chunkNamesOf(route), names);
    const entries = [...names]
      .filter((name) => generated.registry.has(name))
      .sort()
      .map((name) => {
        const modulePath = generated.registry.get(name) as string;
        return `${JSON.stringify(name)}:()=>import(/* webpackChunkName: ${JSON.stringify(name)} */ "${modulePath}")`;
      });
    return `{${entries.join(',\n')}}`;
  };

  const props = (
    route: ParsedRoute,
    extra: Record<string, unknown> = {},
  ): Record<string, unknown> => ({
    ...(route.exact && {exact: true}),
    ...route.attributes,
    ...extra,
  });

  const groupsCode = (groups: readonly PlannedGroup[]): unknown[] =>
    groups.map((group) => [
      group.anchor,
      Object.fromEntries(
        [...group.sections].map(([section, list]) => [
          section,
          list.map(([first, index]) => [
            first,
            new Code(
              `()=>import(/* webpackChunkName: ${JSON.stringify(shardChunkName(section, index))} */ "./${shardFile(index)}")`,
            ),
          ]),
        ]),
      ),
    ]);

  const keptRoutes: ParsedRoute[] = [];
  const arraySpec = (array: PlannedArray): unknown[] =>
    array.kept.map(({route, children}) => {
      keptRoutes.push(route);
      if (route.path === '*') return ['*'];
      const nested = children && {
        routes: arraySpec(children),
        ...(children.groups.length > 0 && {groups: groupsCode(children.groups)}),
      };
      return [route.path, chunkNamesOf(route) ?? {}, props(route, nested)];
    });
  const top = arraySpec(plan.top);

  const entry = `// plugins/routes が .docusaurus のルート表から作る、入口に残すルート表（手で直さない）。
import {createRoutes} from ${JSON.stringify(tableModule)};
export default createRoutes(${registryCode(keptRoutes)},
${js(top)},
${js(groupsCode(plan.top.groups))});
`;

  const shards = plan.shards.map(
    (shard) => `// plugins/routes が作る、後から読むルート表 ${shard.index}（手で直さない）。
import {createShard} from ${JSON.stringify(tableModule)};
export default createShard(${JSON.stringify(chunkFilesPlaceholder)}, ${registryCode(shard.routes)},
${js(shard.routes.map((route) => [route.path, chunkNamesOf(route) ?? {}, props(route)]))});
`,
  );
  return {entry, shards};
}
