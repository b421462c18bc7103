/**
 * 差し替えたり写したりした Docusaurus のファイルが、確かめた版のままかを調べる（SHA-256 の先頭 16 文字）。
 * 違えば、古い前提のまま動かないよう、使うプラグイン（plugins/routes、plugins/phrases）がビルドを止める。
 */
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';

const require = createRequire(__filename);

/** パッケージの中のファイル → [ハッシュ, プラグインとの関わり]。 */
export type CheckedFiles = Readonly<Record<string, readonly [string, string]>>;

/** パッケージの中のファイルの場所（exports で深い import を閉じているパッケージもあるので、Node と同じ順に探す）。 */
function packageFile(file: string): string {
  const parts = file.split('/');
  const nameParts = file.startsWith('@') ? 2 : 1;
  const packageName = parts.slice(0, nameParts).join('/');
  const rest = parts.slice(nameParts);
  const dir = (require.resolve.paths(packageName) ?? [])
    .map((modules) => path.join(modules, packageName))
    .find((candidate) => existsSync(path.join(candidate, 'package.json')));
  if (!dir) throw new Error(`${packageName} が見つかりません`);
  return path.join(dir, ...rest);
}

/** 確かめた版と違うファイルを「  - ファイル（関わり）: いまのハッシュ」の行にして返す（同じなら空）。 */
export function changedFiles(files: CheckedFiles): string[] {
  return Object.entries(files).flatMap(([file, [expected, role]]) => {
    const actual = createHash('sha256')
      .update(readFileSync(packageFile(file)))
      .digest('hex')
      .slice(0, 16);
    return actual === expected ? [] : [`  - ${file}（${role}）: ${actual}`];
  });
}
