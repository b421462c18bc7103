/**
 * 静的な HTML を書き出すとき（サーバー用のバンドル）だけ、react-router-config の代わりに読まれる（index.ts の alias）。
 *
 * Docusaurus はページを 1 つ描くたびに、ルートの表を上から 3 回たどる: preload と normalizeLocation の
 * matchRoutes、renderRoutes の <Switch>（表の全ルートの <Route> を作り、一致するまで matchPath を呼ぶ）。
 * ブログの記事・一覧・タグのページはどれも表の一番上の段にあるので、記事が 1,000 本のサイトでは 1 ページに
 * 約 1,400 ルート × 3 回、ページ数の 2 乗で SSG が遅くなる（50 倍のサイトで各ワーカーの CPU の約 4 分の 1）。
 *
 * ここでは、ルートのパスの固定の部分（最初のパラメーターやワイルドカードより前）がパス名の先頭に無いルートを
 * 先に除く。そうしたルートは matchPath でも一致しないので、一致するルートも、その順番も、描くものも変わらない。
 * 候補は、表ごとに一度作る固定の部分の段（/ で区切った名前）の木を、パス名の段に沿ってたどって集める
 * （表を上から比べると、それだけで 1 ページに表の長さの 3 倍の比較になる）。
 * 中身は react-router-config 5.1.1 の matchRoutes と renderRoutes の写し（upstream.ts が版を確かめる）。
 */
import type {ReactNode} from 'react';
import {matchPath, Route, Router, Switch, useLocation, type SwitchProps} from 'react-router';
import type {MatchedRoute, RouteConfig} from 'react-router-config';

type Prefix = {readonly asWritten: string; readonly upper: string};

/** ルートのパスの、パラメーター・ワイルドカード・省略できる部分より前。 */
const fixedPart = (path: string): string => {
  const end = path.search(/[:*?+()[\]{}\\]/);
  return end === -1 ? path : path.slice(0, end);
};

/** ルートのパスの固定の部分（末尾の / は除く）と、それを大文字にしたもの。 */
const prefixes = new WeakMap<RouteConfig, Prefix>();

function prefixOf(route: RouteConfig, path: string): Prefix {
  let prefix = prefixes.get(route);
  if (prefix === undefined) {
    const asWritten = fixedPart(path).replace(/\/+$/, '');
    prefix = {asWritten, upper: asWritten.toUpperCase()};
    prefixes.set(route, prefix);
  }
  return prefix;
}

/**
 * matchPath で一致しうるか。パスの無いルートと、パスが文字列でないルートは常に候補にする。
 * 大文字と小文字を区別しない一致（react-router の既定）は、正規表現の i と同じく大文字にそろえて比べる。
 * sensitive: matchRoutes はルートの sensitive を matchPath に渡すが、renderRoutes の <Route> は渡さない。
 */
function mayMatch(
  route: RouteConfig,
  pathname: string,
  upperPathname: string,
  sensitive: boolean,
): boolean {
  if (typeof route.path !== 'string') return true;
  const prefix = prefixOf(route, route.path);
  return sensitive ? pathname.startsWith(prefix.asWritten) : upperPathname.startsWith(prefix.upper);
}

/**
 * 固定の部分のうち、後ろが / か終わりで閉じた段（大文字）。/ で始まらないパスと、パスが文字列でない
 * ルートは段を持たない（木の根に置き、どのパス名でも候補になる）。
 */
function closedSegments(path: RouteConfig['path']): string[] {
  if (typeof path !== 'string' || !path.startsWith('/')) return [];
  const fixed = fixedPart(path);
  const segments = fixed.toUpperCase().split('/').slice(1);
  if (fixed !== path) segments.pop();
  const empty = segments.indexOf('');
  return empty === -1 ? segments : segments.slice(0, empty);
}

/** 段の木の節: この段までで固定の部分が閉じるルートの、表の中の位置。 */
type SegmentNode = {readonly routes: number[]; readonly children: Map<string, SegmentNode>};

const trees = new WeakMap<RouteConfig[], SegmentNode>();

function treeOf(routes: RouteConfig[]): SegmentNode {
  let root = trees.get(routes);
  if (root === undefined) {
    const tree: SegmentNode = {routes: [], children: new Map()};
    routes.forEach((route, index) => {
      let node = tree;
      for (const segment of closedSegments(route.path)) {
        let child = node.children.get(segment);
        if (child === undefined) {
          child = {routes: [], children: new Map()};
          node.children.set(segment, child);
        }
        node = child;
      }
      node.routes.push(index);
    });
    trees.set(routes, tree);
    root = tree;
  }
  return root;
}

/** パス名に一致しうるルートの、表の中の位置（表の順）。 */
function candidates(
  routes: RouteConfig[],
  pathname: string,
  sensitiveOf: (route: RouteConfig) => boolean,
): number[] {
  const upperPathname = pathname.toUpperCase();
  let node: SegmentNode | undefined = treeOf(routes);
  const found = [...node.routes];
  for (const segment of upperPathname.split('/').slice(1)) {
    node = node.children.get(segment);
    if (node === undefined) break;
    found.push(...node.routes);
  }
  return found
    .sort((a, b) => a - b)
    .filter((index) => {
      const route = routes[index] as RouteConfig;
      return mayMatch(route, pathname, upperPathname, sensitiveOf(route));
    });
}

export function matchRoutes<Params extends {[K in keyof Params]?: string}>(
  routes: RouteConfig[],
  pathname: string,
  branch: MatchedRoute<Params>[] = [],
): MatchedRoute<Params>[] {
  candidates(routes, pathname, (route) => Boolean(route.sensitive)).some((index) => {
    const route = routes[index] as RouteConfig;
    const match = route.path
      ? matchPath<Params>(pathname, route)
      : branch.length
        ? (branch[branch.length - 1] as MatchedRoute<Params>).match
        : (
            Router as unknown as {computeRootMatch(p: string): MatchedRoute<Params>['match']}
          ).computeRootMatch(pathname);
    if (match) {
      branch.push({route, match});
      if (route.routes) matchRoutes(route.routes, pathname, branch);
    }
    return match;
  });
  return branch;
}

type CandidateRoutesProps = {
  readonly routes: RouteConfig[];
  readonly extraProps: object;
  readonly switchProps: SwitchProps;
};

/** いまのパス名で一致しうるルートだけを <Switch> に渡す（key は表の中の位置のまま）。 */
function CandidateRoutes({routes, extraProps, switchProps}: CandidateRoutesProps): ReactNode {
  const current = useLocation();
  const {pathname} = switchProps.location ?? current;
  return (
    <Switch {...switchProps}>
      {candidates(routes, pathname, () => false).map((i) => {
        const route = routes[i] as RouteConfig;
        return (
          <Route
            key={route.key || i}
            path={route.path}
            exact={route.exact}
            strict={route.strict}
            render={(props) =>
              route.render ? (
                route.render({...props, ...extraProps, route})
              ) : route.component ? (
                <route.component {...props} {...extraProps} route={route} />
              ) : null
            }
          />
        );
      })}
    </Switch>
  );
}

export function renderRoutes(
  routes: RouteConfig[] | undefined,
  extraProps: object = {},
  switchProps: SwitchProps = {},
): ReactNode {
  return routes ? (
    <CandidateRoutes routes={routes} extraProps={extraProps} switchProps={switchProps} />
  ) : null;
}
