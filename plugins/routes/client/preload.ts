// @docusaurus/core の client/preload.js の代わり（同じ API）: 一致を調べる前に、そのパスの区画の表を読む。
/**
 * 元の実装は、入口にある全ルートの表で一致を調べ、一致したルートの部品を読み込む。ここでは表の葉を
 * 区画ごとに後から読む（table.tsx）ので、先にそのパスが入る表を読んでから同じことをする。
 * 初めの表示（clientEntry）、遷移（PendingNavigation）、リンクに触れたとき（docusaurus.preload）が使う。
 *
 * チャンクを読めなかったとき（issue 53。読み直しは chunk-loading.ts が済ませている）:
 * - 配信から消えていた（デプロイのあと）: ページを 1 度だけ読み直して新しい版にする（終わらない約束を返す）。
 * - ルートの部品のチャンク: 失敗を返さない。初めの表示も遷移もそのまま描き、部品（table.tsx）がもう一度読み、
 *   それでも読めなければ、サイトの日本語のエラーと「再読み込み」のボタン（@theme/Loading）を出す。元の実装では
 *   初めの表示は React が動かないまま、遷移はページ全体の読み直しになっていた。
 * - 区画の表のチャンク: 元のまま失敗を返す（一致するルートが分からないので描けない。遷移なら Docusaurus が読み直す）。
 */
import {matchRoutes} from 'react-router-config';
import routes from '@generated/routes';
import {installChunkRetries, isChunkLoadError, never, reloadForGoneChunk} from './chunk-loading';
import {installScriptQueue} from './script-queue';
import {loadRoutes} from './table';

// 入口で最初に読むファイルなので、どのチャンクの読み込みよりも先に包める。
installChunkRetries();
installScriptQueue();

type Preloadable = {preload?: () => Promise<unknown>};

/** 'open': そのパスを開く（初めの表示・遷移）。'intent': 読者がリンクに触れた・フォーカスした（開くとは限らない）。 */
type Purpose = 'open' | 'intent';

function preloadMatches(pathname: string, purpose: Purpose): Promise<unknown[]> {
  const failed = (error: unknown): Promise<never> =>
    purpose === 'open' && reloadForGoneChunk(error) ? never() : Promise.reject(error);
  // 開くときは、部品のチャンクを読めなかったことを、描くときに部品が知らせる（table.tsx）。
  const renderAnyway = (error: unknown): Promise<void> =>
    purpose === 'open' && isChunkLoadError(error)
      ? failed(error).catch(() => undefined)
      : Promise.reject(error);
  // 元と同じく、壊れたパーセントエンコードでは decodeURI がここで投げる（src/clientModules/safePathname.ts）。
  const paths = Array.from(new Set([pathname, decodeURI(pathname)]));
  return Promise.all(paths.map((path) => loadRoutes(routes, path))).then(
    () =>
      Promise.all(
        paths
          .flatMap((path) => matchRoutes(routes, path))
          .map((match) =>
            (match.route.component as unknown as Preloadable | undefined)
              ?.preload?.()
              .catch(renderAnyway),
          ),
      ),
    failed,
  );
}

export default function preload(pathname: string): Promise<unknown[]> {
  return preloadMatches(pathname, 'open');
}

/**
 * 読者の意図（リンクに触れた・フォーカスした）による読み込み: 消えたチャンクでもページを読み直さず、失敗を
 * そのまま返す（呼び手の docusaurus.ts が黙って受け取る）。本当にそのページを開くときに、preload がもう一度読む。
 */
export function preloadForIntent(pathname: string): Promise<unknown[]> {
  return preloadMatches(pathname, 'intent');
}
