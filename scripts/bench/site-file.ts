/** ベンチの計測用: サイトの URL パスをビルドフォルダ内のファイルに対応させる（cleanUrls と同じ探し方）。 */
import {statSync} from 'node:fs';
import path from 'node:path';

function isFile(candidate: string): boolean {
  try {
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
}

/** URL のパスを公開フォルダ内のファイルに対応させる。フォルダの外は決して返さない。 */
export function resolveFile(root: string, urlPath: string, cleanUrls: boolean): string | undefined {
  const base = path.resolve(root);
  const target = path.resolve(base, `.${urlPath}`);
  if (target !== base && !target.startsWith(base + path.sep)) return undefined;
  const candidates = [
    ...(urlPath.endsWith('/') ? [] : [target]),
    ...(cleanUrls && !urlPath.endsWith('/') ? [`${target}.html`] : []),
    path.join(target, 'index.html'),
  ];
  return candidates.find(isFile);
}
