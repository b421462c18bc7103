/**
 * 図の機能のすべて（README の「構成」）。```mermaid のブロックは remark.ts がビルド時に SVG にし、
 * 図の見た目（styles.css）はこのプラグインがページに足す。ブラウザに Mermaid は送らない。
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export {default as remarkDiagrams} from './remark';

export default function diagramsPlugin(): Plugin {
  return {
    name: 'denki-diagrams',
    getClientModules: () => [path.resolve(__dirname, 'styles.css')],
  };
}
