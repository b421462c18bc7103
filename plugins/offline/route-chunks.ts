/**
 * ドキュメントを読むのに要る JS チャンクを、plugins/routes がブラウザ用のビルドで書いた
 * 「ルート → 描くのに要る JS」の一覧から選ぶ（入口のスクリプトは含まない。区画のルート表は含む）。
 * 大きさの上限で外したファイル（leftToNetwork）は選ばない（そのページは配信から読む）。
 * 一覧が無い、または一覧のファイルが候補にも外したファイルにも無ければ、ビルドを止める。
 */
import {readFileSync} from 'node:fs';
import type {RouteFiles} from '../routes/chunk-files';

const fail = (what: string): never => {
  throw new Error(
    `[denki-offline] ${what}。plugins/routes の出力（ルートごとの JS の一覧）と plugins/offline/route-chunks.ts を見直してください。`,
  );
};

/** どのルートの一覧にもない JS: 部品が必要になったときに読む遅延チャンク（検索の画面、保存ボタンの本体など）。 */
export function unroutedChunks(
  routeFilesPath: string | undefined,
  urls: readonly string[],
  leftToNetwork: ReadonlySet<string> = new Set(),
): Set<string> {
  const routed = chunksForRoutes(routeFilesPath, urls, () => true, leftToNetwork);
  return new Set(urls.filter((url) => /^assets\/js\/.+\.js$/.test(url) && !routed.has(url)));
}

/** ルート（キー "パス-ハッシュ" で選ぶ）を描くのに要る JS ファイル（outDir からの相対パス）。 */
export function chunksForRoutes(
  routeFilesPath: string | undefined,
  urls: readonly string[],
  isWanted: (routeKey: string) => boolean,
  leftToNetwork: ReadonlySet<string> = new Set(),
): Set<string> {
  if (!routeFilesPath)
    return fail('ルートごとの JS の一覧がありません（plugins/routes が動いていない）');
  const {routes} = JSON.parse(readFileSync(routeFilesPath, 'utf8')) as RouteFiles;
  const wanted = Object.entries(routes).filter(([key]) => isWanted(key));
  if (wanted.length === 0) fail('対象のルートが一覧にありません');
  const known = new Set(urls);
  const files = new Set<string>();
  for (const [key, list] of wanted) {
    for (const file of list) {
      if (leftToNetwork.has(file)) continue;
      if (!known.has(file)) {
        fail(
          `ルート ${key} の ${file} がプリキャッシュの候補になく、大きさの上限で外したファイルでもありません`,
        );
      }
      files.add(file);
    }
  }
  return files;
}
