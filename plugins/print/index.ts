/**
 * 印刷の機能のすべて（README の「構成」）。ドキュメントとブログを A4 の読み物にする印刷用の CSS（styles.css）と、
 * 紙の先頭にだけ出るページ名と URL（theme/PrintHeader を、ドキュメントの本文とブログの記事の上に置く）。
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function printPlugin(): Plugin {
  return {
    name: 'denki-print',
    getThemePath: () => path.resolve(__dirname, 'theme'),
    getClientModules: () => [path.resolve(__dirname, 'styles.css')],
  };
}
