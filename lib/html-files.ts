import {readdir} from 'node:fs/promises';
import path from 'node:path';
import {editorDir} from '../plugins/editor/shared';

/** 読者のページではないもの: エディター（/admin/。別に組み、索引・SNS カード・保存の一覧に入れない）。 */
export const nonReaderDirs: readonly string[] = [editorDir];

/**
 * ビルド出力の、読者のページの HTML ファイルを outDir からの相対パスで列挙する。
 * 直下のフォルダのうち、skipTopDirs とエディター（nonReaderDirs）は見ない。
 */
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
          const skipped = dir === outDir && [...skipTopDirs, ...nonReaderDirs].includes(entry.name);
          return skipped ? [] : walk(full);
        }
        return entry.name.endsWith('.html') ? [path.relative(outDir, full)] : [];
      }),
    );
    return nested.flat();
  };
  return walk(outDir);
}
