/**
 * このプラグインが差し替える・写した・前提にする Docusaurus（と react-router-config）のファイルが、確かめた版（3.10.2）のままかを
 * ビルドの初めに確かめる。中身が変わっていたら、差し替えが古い前提で動かないよう、ビルドを止める。
 * 確かめ直したら、下のハッシュ（SHA-256 の先頭 16 文字）を書き換える。
 */
import {changedFiles, type CheckedFiles} from '../../lib/upstream';
import {fail} from './codegen';

export const checkedFiles: CheckedFiles = {
  '@docusaurus/core/lib/client/preload.js': ['8c1e3de18d307e2f', 'client/preload.ts が差し替える'],
  '@docusaurus/core/lib/client/docusaurus.js': [
    'b0d1dbdc1e3a706f',
    'client/docusaurus.ts が差し替える',
  ],
  '@docusaurus/core/lib/client/exports/ComponentCreator.js': [
    '5f99bdbd725f6e0b',
    'client/table.tsx の routeComponent が同じ部品を作る',
  ],
  '@docusaurus/core/lib/client/flat.js': ['0360584918d5627a', 'client/table.tsx の flat が写す'],
  '@docusaurus/core/lib/client/App.js': [
    '1442f48492b53516',
    'ルート表を一度だけ renderRoutes に渡す（表全体を包むルートを前提にする）',
  ],
  '@docusaurus/core/lib/client/clientEntry.js': [
    'a9d6514eaf79c05c',
    'ハイドレーションの前に preload で表を読む',
  ],
  '@docusaurus/core/lib/client/PendingNavigation.js': [
    '1c489db32b5665b0',
    '遷移の前に preload で表を読む',
  ],
  '@docusaurus/core/lib/client/normalizeLocation.js': [
    '2759003e81bfa6c3',
    '表を読む前に一致を調べる（.html で終わる葉を入口に残す理由）',
  ],
  '@docusaurus/theme-common/lib/utils/routesUtils.js': [
    'f5f678e39a00ecf3',
    'トップページのルートを表の上から探す（トップページを入口に残す理由）',
  ],
  '@docusaurus/core/lib/server/codegen/codegenRoutes.js': [
    '6bdf7133ebc411f9',
    'codegen.ts が読む routes.js・registry.js の書き方',
  ],
  'react-router-config/esm/react-router-config.js': [
    '70a542193f5cf957',
    'client/ssg-react-router-config.tsx が写す（静的な HTML を書き出すときだけ）',
  ],
  '@docusaurus/core/lib/webpack/plugins/ChunkAssetPlugin.js': [
    'd1fdb10641cef8bb',
    'chunk-files.ts が書き換える __webpack_require__.gca の形',
  ],
};

export function checkUpstream(files: CheckedFiles = checkedFiles): void {
  const changed = changedFiles(files);
  if (changed.length > 0) {
    fail(
      `Docusaurus の次のファイルが、plugins/routes が前提にした版と違います。差し替えと前提を読み直し、plugins/routes/upstream.ts のハッシュを更新してください。\n${changed.join('\n')}`,
    );
  }
}
