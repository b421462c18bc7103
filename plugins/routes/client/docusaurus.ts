// @docusaurus/core の client/docusaurus.js の代わり（同じ API）: 先読みのチャンク名を、読み込んだ区画の表から得る。
/**
 * 元の実装は、入口にある全ルートのチャンク名の表（routesChunkNames）から先読みするチャンクを選ぶ。
 * ここでは、そのパスが入る区画の表を空き時間に読み（table.tsx）、一致したルートのチャンクを先読みする。
 * 先読みするかどうか（2g・データセーバー、一度だけ）の判断は元のまま。preload（読者の意図）は、読めなくても
 * 失敗を知らせない（issue 53。ページを開くときにもう一度読む）。
 * 違い: 元は一致したルートと「同じパスの」全ルートのチャンクを先読みした。ここでは一致したルートのものだけ。
 */
import {matchRoutes} from 'react-router-config';
import routes from '@generated/routes';
// plugins/perf が、同じ URL を一度だけ空き時間に先読みする実装に差し替える。
import prefetchHelper from '@docusaurus/core/lib/client/prefetch';
import {preloadForIntent} from './preload';
import {loadRoutes, routeChunkNames} from './table';

declare const __webpack_require__: {gca: (chunkName: string) => string};

type Connection = {effectiveType: string; saveData: boolean};

const fetched = new Set<string>();
const loaded = new Set<string>();

const isSlowConnection = (): boolean => {
  const connection = (navigator as Navigator & {connection?: Connection}).connection;
  return Boolean(connection?.effectiveType.includes('2g') || connection?.saveData);
};

const canPrefetch = (routePath: string): boolean =>
  !isSlowConnection() && !loaded.has(routePath) && !fetched.has(routePath);
const canPreload = (routePath: string): boolean => !isSlowConnection() && !loaded.has(routePath);

/** 区画の表は、ハイドレーションや操作の邪魔をしないよう空き時間に読む。 */
const idle = (): Promise<void> =>
  new Promise((resolve) => {
    if ('requestIdleCallback' in window)
      window.requestIdleCallback(() => resolve(), {timeout: 2000});
    else setTimeout(resolve, 50);
  });

const prefetchChunks = (routePath: string): Promise<unknown[]> =>
  Promise.all(
    matchRoutes(routes, routePath)
      .flatMap(({route}) => routeChunkNames(route))
      .map((chunkName) => {
        // "__webpack_require__.gca" は Docusaurus の ChunkAssetPlugin が入れる（チャンク名 → URL）。
        // 区画の表を読むと、その表のチャンクも引けるようになる（table.tsx の registerChunkFiles）。
        const chunkAsset = __webpack_require__.gca(chunkName);
        if (chunkAsset && !chunkAsset.includes('undefined')) return prefetchHelper(chunkAsset);
        return Promise.resolve();
      }),
  );

const prefetch = (routePath: string): false | Promise<unknown[]> => {
  if (!canPrefetch(routePath)) return false;
  fetched.add(routePath);
  return idle()
    .then(() => loadRoutes(routes, routePath))
    .then(
      () => prefetchChunks(routePath),
      // 表を読めなければ先読みしない（遷移のときの preload がもう一度読みにいく）。
      () => [],
    );
};

/** 読者の意図による読み込み。失敗しても知らせず、次に触れたとき（と開くとき）にもう一度読む。 */
const preload = (routePath: string): false | Promise<unknown[]> => {
  if (!canPreload(routePath)) return false;
  loaded.add(routePath);
  return preloadForIntent(routePath).catch(() => {
    loaded.delete(routePath);
    return [];
  });
};

const docusaurus = {prefetch, preload};

// window に直接載るので凍結する（元と同じ）。
export default Object.freeze(docusaurus);
