import {readdir} from 'node:fs/promises';
import path from 'node:path';

/** ビルド出力の HTML ファイルを outDir からの相対パスで列挙する。skipTopDirs の直下フォルダは見ない。 */
export async function listHtmlFiles(
  outDir: string,
  skipTopDirs: readonly string[] = [],
): Promise<string[]> {
  const walk = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, {withFileTypes: true});
    const nested = await Promise.all(
      entries.map(async (entry): Promise<string[]> => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          return dir === outDir && skipTopDirs.includes(entry.name) ? [] : walk(full);
        }
        return entry.name.endsWith('.html') ? [path.relative(outDir, full)] : [];
      }),
    );
    return nested.flat();
  };
  return walk(outDir);
}
