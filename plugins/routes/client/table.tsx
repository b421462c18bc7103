/**
 * ブラウザのルート表。入口にはページ数で増えない部分だけがあり、記事やドキュメントの各ページのルートは
 * 区画ごとの表（shard）を、そのパスを開く・先読みするときに読み込んで、元の位置に差し込む。
 * 表の作り方は plugins/routes/codegen.ts。ルートの部品の作り方は Docusaurus の ComponentCreator と同じ。
 */
import React, {type ComponentType, type ReactNode} from 'react';
import Loadable from 'react-loadable';
import {matchRoutes, type RouteConfig, type RouteConfigComponentProps} from 'react-router-config';
import renderRoutes from '@docusaurus/renderRoutes';
import Loading from '@theme/Loading';
import {RouteContextProvider} from '@docusaurus/core/lib/client/routeContext';
import type {PluginRouteContext, RouteContext} from '@docusaurus/types';
import {
  chunkNameOfFile,
  routeKey,
  sectionOf,
  type ChunkFiles,
  type ChunkNames,
  type GroupSpec,
  type Registry,
  type RouteSpec,
  type Sections,
  type ShardLoader,
} from '../shared';

declare const __webpack_require__: {
  u: (chunkId: string) => string;
  gca: (chunkName: string) => string;
};

type Route = RouteConfig & {path: string; key: string};

/** 配列ごとの、まだ読んでいない葉の一続き。 */
type Group = {
  readonly routes: Route[];
  readonly anchor: Route | undefined;
  readonly sections: Sections;
};

const groupsOf = new WeakMap<readonly RouteConfig[], Group[]>();
const chunkNamesOf = new WeakMap<RouteConfig, ChunkNames>();
/** 読み込み中・読み込み済みの shard（読み込みに失敗したものは消して、次にもう一度試す）。 */
const loading = new Map<ShardLoader, Promise<void>>();

/** ルートの React の key。配列に後から葉を差し込んでも、いま描いているルートの key が変わらない。 */
let nextKey = 0;

/** Docusaurus の client/flat.js と同じ: {a: {b: "x"}} → {"a.b": "x"}。 */
function flat(names: ChunkNames): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (value: ChunkNames, prefix: string): void => {
    for (const [key, item] of Object.entries(value)) {
      const keyPath = prefix ? `${prefix}.${key}` : key;
      if (typeof item === 'object' && item && Object.keys(item).length > 0) walk(item, keyPath);
      else out[keyPath] = item as string;
    }
  };
  walk(names, '');
  return out;
}

type Loaded = Record<string, {default?: unknown} & Record<string, unknown>>;

/**
 * @docusaurus/core の exports/ComponentCreator.js と同じ部品（チャンクを Loadable.Map で読み、元の入れ子に
 * 戻して props にする）。違いは、チャンク名と registry を全体の表からではなく引数で受け取ることと、
 * サーバーでしか使わない modules と webpack（require.resolveWeak）を持たないこと。
 */
function routeComponent(
  routePath: string,
  chunkNames: ChunkNames,
  registry: Registry,
): ComponentType {
  const loader: Record<string, () => Promise<Loaded[string]>> = {};
  for (const [keyPath, chunkName] of Object.entries(flat(chunkNames))) {
    const load = registry[chunkName];
    if (load) loader[keyPath] = load as () => Promise<Loaded[string]>;
  }
  return retryable(() => loadableRoute(routePath, chunkNames, loader));
}

type Preloadable = ComponentType<object> & {preload(): Promise<unknown>};
type LoadableRoute = ComponentType<object> & Loadable.LoadableComponent;

/**
 * 読み込みに失敗した部品を作り直す部品（issue 53）。react-loadable は失敗も覚えていて、次の preload（遷移）にも
 * 同じ失敗を返す: リンクに触れたときの先読みが途切れただけで、そのページを開けなくなる。ここでは preload が
 * 失敗したら次の部品を作り、次に開く・描くときにチャンクをもう一度読む（それも失敗すれば、@theme/Loading が
 * 日本語のエラーと「再読み込み」のボタンを出す）。
 */
function retryable(create: () => LoadableRoute): Preloadable {
  let current = create();
  function RouteChunks(props: object): ReactNode {
    const Current = current;
    return <Current {...props} />;
  }
  // 型の宣言（@types/react-loadable）は void だが、react-loadable 6 の preload は読み込みの約束を返す。
  const preloadOf = (route: LoadableRoute): Promise<unknown> =>
    Promise.resolve(route.preload() as unknown);
  RouteChunks.preload = (): Promise<unknown> =>
    preloadOf(current).catch((error: unknown) => {
      current = create();
      throw error;
    });
  return RouteChunks;
}

function loadableRoute(
  routePath: string,
  chunkNames: ChunkNames,
  loader: Record<string, () => Promise<Loaded[string]>>,
): LoadableRoute {
  return Loadable.Map({
    loading: Loading,
    loader,
    render(loaded: Loaded, props: object) {
      const loadedModules = JSON.parse(JSON.stringify(chunkNames)) as Record<string, unknown>;
      for (const [keyPath, loadedModule] of Object.entries(loaded)) {
        const chunk = loadedModule.default as Record<string, unknown> | undefined;
        if (!chunk) {
          throw new Error(
            `The page component at ${routePath} doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.`,
          );
        }
        if (typeof chunk === 'object' || typeof chunk === 'function') {
          for (const key of Object.keys(loadedModule)) {
            if (key !== 'default') chunk[key] = loadedModule[key];
          }
        }
        let value = loadedModules;
        const keyPaths = keyPath.split('.');
        for (const key of keyPaths.slice(0, -1)) value = value[key] as Record<string, unknown>;
        value[keyPaths[keyPaths.length - 1] as string] = chunk;
      }
      const {
        __comp: Component,
        __context: routeContext,
        __props: routeProps,
        ...rest
      } = loadedModules as {
        __comp: ComponentType<object>;
        __context: RouteContext | null;
        __props?: object;
      } & Record<string, unknown>;
      return (
        <RouteContextProvider value={routeContext}>
          <Component {...rest} {...routeProps} {...props} />
        </RouteContextProvider>
      );
    },
  });
}

/** 見つからないページ（ComponentCreator('*') と同じ）。 */
const nativeContext: PluginRouteContext = {plugin: {name: 'native', id: 'default'}};
const NotFound = retryable(() =>
  Loadable({
    loading: Loading,
    loader: () => import('@theme/NotFound'),
    render(loaded: {default: ComponentType<object>}, props: object) {
      const Page = loaded.default;
      return (
        <RouteContextProvider value={nativeContext}>
          <Page {...props} />
        </RouteContextProvider>
      );
    },
  }),
);

function createRoute(spec: RouteSpec, registry: Registry): Route {
  const [routePath, chunkNames = {}, props = {}] = spec;
  if (routePath === '*') return {path: '*', component: NotFound, key: `r${nextKey++}`};
  const {routes, groups, ...attributes} = props;
  const route: Route = {
    ...attributes,
    path: routePath,
    component: routeComponent(routePath, chunkNames, registry),
    key: `r${nextKey++}`,
  };
  chunkNamesOf.set(route, chunkNames);
  if (routes) route.routes = createArray(routes, groups ?? [], registry);
  return route;
}

function createArray(
  specs: readonly RouteSpec[],
  groups: readonly GroupSpec[],
  registry: Registry,
): Route[] {
  const routes = specs.map((spec) => createRoute(spec, registry));
  if (groups.length > 0) {
    groupsOf.set(
      routes,
      groups.map(([anchor, sections]) => ({routes, anchor: routes[anchor], sections})),
    );
  }
  return routes;
}

/** 表全体を包むルート。中の配列は葉が差し込まれて変わるので、描くたびにその時の配列から描く。 */
function RouteList({route}: RouteConfigComponentProps): ReactNode {
  return renderRoutes(route?.routes);
}

/** 入口の表（.docusaurus/denki-routes/index.js が呼ぶ）。App.js の renderRoutes に渡る形。 */
export function createRoutes(
  registry: Registry,
  specs: readonly RouteSpec[],
  groups: readonly GroupSpec[],
): RouteConfig[] {
  return [{path: '/', component: RouteList, routes: createArray(specs, groups, registry)}];
}

/** チャンク ID → ファイル、チャンク名 → ID（読み込んだ shard の分）。 */
const chunkFiles: Record<string, string> = {};
const chunkIds: Record<string, string> = {};
let chunkLookupInstalled = false;

/**
 * shard が持つチャンクのファイル名を、バンドラーのファイル名の関数（__webpack_require__.u）と、
 * Docusaurus のチャンク名 → URL の関数（__webpack_require__.gca、先読みが使う）に足す。
 * 入口のランタイムには、shard から先のチャンクのファイル名を置かない（chunk-files.ts）。
 */
function registerChunkFiles(files: ChunkFiles | string): void {
  // 文字列のまま: ビルドの最後の書き換えが無い（開発サーバー）。ランタイムが全部を知っている。
  if (typeof files === 'string') return;
  for (const [chunkId, file] of Object.entries(files)) {
    chunkFiles[chunkId] = file;
    const name = chunkNameOfFile(file);
    if (name && name !== chunkId) chunkIds[name] = chunkId;
  }
  if (chunkLookupInstalled) return;
  chunkLookupInstalled = true;
  const fileName = __webpack_require__.u;
  __webpack_require__.u = (chunkId) => chunkFiles[chunkId] ?? fileName(chunkId);
  const chunkAsset = __webpack_require__.gca;
  __webpack_require__.gca = (chunkName) => chunkAsset(chunkIds[chunkName] ?? chunkName);
}

/** shard（.docusaurus/denki-routes/shard-N.js が呼ぶ）。 */
export function createShard(
  files: ChunkFiles | string,
  registry: Registry,
  specs: readonly RouteSpec[],
): Route[] {
  registerChunkFiles(files);
  return specs.map((spec) => createRoute(spec, registry));
}

/** 区画の中で、キーがその範囲に入る shard（最初のキーがキー以下で最大のもの）。 */
function shardFor(sections: Sections, key: string): ShardLoader | undefined {
  const list = sections[sectionOf(key)];
  if (!list) return undefined;
  let low = 0;
  let high = list.length - 1;
  let found: ShardLoader | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, load] = list[middle] as readonly [string, ShardLoader];
    if (first <= key) {
      found = load;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

function loadShard(group: Group, load: ShardLoader): Promise<void> {
  const known = loading.get(load);
  if (known) return known;
  const done = load().then(
    (module) => {
      const index = group.anchor ? group.routes.indexOf(group.anchor) : group.routes.length;
      group.routes.splice(index, 0, ...(module.default as Route[]));
    },
    (error: unknown) => {
      loading.delete(load);
      throw error;
    },
  );
  loading.set(load, done);
  return done;
}

/** pathname に一致したルートの配列ごとに、キーの入る shard（まだ表に無い葉）。 */
function shardsFor(table: RouteConfig[], pathname: string, key: string): Map<ShardLoader, Group> {
  const arrays = [
    table,
    ...matchRoutes(table, pathname).flatMap(({route}) => (route.routes ? [route.routes] : [])),
  ];
  const found = new Map<ShardLoader, Group>();
  for (const array of arrays) {
    for (const group of groupsOf.get(array) ?? []) {
      const load = shardFor(group.sections, key);
      if (load) found.set(load, group);
    }
  }
  return found;
}

/**
 * pathname に一致しうるルートを表に揃える。一致したルートの子の配列ごとに、キーの入る shard を読む。
 * 読んだ葉で一致が変わることがある（外枠より先に書かれた葉）ので、新しい shard が出なくなるまで繰り返す。
 */
export async function loadRoutes(table: RouteConfig[], pathname: string): Promise<void> {
  const key = routeKey(pathname);
  const seen = new Set<ShardLoader>();
  for (;;) {
    const fresh = [...shardsFor(table, pathname, key)].filter(([load]) => !seen.has(load));
    if (fresh.length === 0) return;
    for (const [load] of fresh) seen.add(load);
    await Promise.all(fresh.map(([load, group]) => loadShard(group, load)));
  }
}

/** ルートの部品が読むチャンクの名前（先読み用。ComponentCreator の routesChunkNames にあたる）。 */
export function routeChunkNames(route: RouteConfig): string[] {
  const names = chunkNamesOf.get(route);
  return names ? Object.values(flat(names)) : [];
}
