// @docusaurus/core の client/preload.js の代わり（同じ API）: 一致を調べる前に、そのパスの区画の表を読む。
/**
 * 元の実装は、入口にある全ルートの表で一致を調べ、一致したルートの部品を読み込む。ここでは表の葉を
 * 区画ごとに後から読む（table.tsx）ので、先にそのパスが入る表を読んでから同じことをする。
 * 初めの表示（clientEntry）、遷移（PendingNavigation）、リンクに触れたとき（docusaurus.preload）が使う。
 */
import {matchRoutes} from 'react-router-config';
import routes from '@generated/routes';
import {loadRoutes} from './table';

export default function preload(pathname: string): Promise<unknown[]> {
  // 元と同じく、壊れたパーセントエンコードでは decodeURI がここで投げる（src/clientModules/safePathname.ts）。
  const paths = Array.from(new Set([pathname, decodeURI(pathname)]));
  return Promise.all(paths.map((path) => loadRoutes(routes, path))).then(() =>
    Promise.all(
      paths
        .flatMap((path) => matchRoutes(routes, path))
        .map((match) =>
          (match.route.component as {preload?: () => unknown} | undefined)?.preload?.(),
        ),
    ),
  );
}
