/**
 * オフライン閲覧の機能のすべて（README の「構成」）。
 * - Service Worker は @docusaurus/plugin-pwa が作る。設定（docusaurus.config.ts）が、このフォルダーの
 *   client/register.ts（登録）、sw-custom.js（保存分とオフライン用のページも返す）、precache.ts（初回の訪問で
 *   裏で取るものと、保存ボタンの一覧 offline-save.json）を渡す。
 * - このプラグインは、保存ボタンとオフラインのお知らせ（theme/）をフッターの上に足す。
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function offlinePlugin(): Plugin {
  return {
    name: 'denki-offline',
    getThemePath: () => path.resolve(__dirname, 'theme'),
  };
}
