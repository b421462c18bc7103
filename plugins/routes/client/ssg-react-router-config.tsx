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
 * 中身は react-router-config 5.1.1 の matchRoutes と renderRoutes の写し（upstream.ts が版を確かめる）。
 */
import type {ReactNode} from 'react';
import {matchPath, Route, Router, Switch, useLocation, type SwitchProps} from 'react-router';
import type {MatchedRoute, RouteConfig} from 'react-router-config';

type Prefix = {readonly asWritten: string; readonly upper: string};

/** ルートのパスの、パラメーター・ワイルドカード・省略できる部分より前（末尾の / は除く）と、それを大文字にしたもの。 */
const prefixes = new WeakMap<RouteConfig, Prefix>();

function prefixOf(route: RouteConfig, path: string): Prefix {
  let prefix = prefixes.get(route);
  if (prefix === undefined) {
    const end = path.search(/[:*?+()[\]{}\\]/);
    const asWritten = (end === -1 ? path : path.slice(0, end)).replace(/\/+$/, '');
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

export function matchRoutes<Params extends {[K in keyof Params]?: string}>(
  routes: RouteConfig[],
  pathname: string,
  branch: MatchedRoute<Params>[] = [],
): MatchedRoute<Params>[] {
  const upperPathname = pathname.toUpperCase();
  routes.some((route) => {
    if (!mayMatch(route, pathname, upperPathname, Boolean(route.sensitive))) return false;
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
  const upperPathname = pathname.toUpperCase();
  return (
    <Switch {...switchProps}>
      {routes.flatMap((route, i) =>
        mayMatch(route, pathname, upperPathname, false)
          ? [
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
              />,
            ]
          : [],
      )}
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
