/**
 * エディターは読者に何も払わせない: Docusaurus のビルド（エディターなし）のあとでエディターを組んでも、
 * 読者のファイルは 1 バイトも変わらず、読者のページ・索引・サイトマップ・フィード・Service Worker は /admin/ を
 * 指さない。ビルドの複製にエディターを組み直して比べる（約 10 秒）。
 */
import {createHash} from 'node:crypto';
import {cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from './fixture';
import {bundleEditor} from '../bundle';
import {editorDir} from '../shared';

const buildDir = process.env.BUILD_DIR ?? 'build';

/** フォルダーの中のすべてのファイル（相対パス → sha256）。 */
function fingerprints(dir: string, skip: (file: string) => boolean): Map<string, string> {
  const result = new Map<string, string>();
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(dir, relative), {withFileTypes: true})) {
      const file = path.posix.join(relative, entry.name);
      if (skip(file)) continue;
      if (entry.isDirectory()) walk(file);
      else
        result.set(
          file,
          createHash('sha256')
            .update(readFileSync(path.join(dir, file)))
            .digest('hex'),
        );
    }
  };
  walk('');
  return result;
}

const isEditor = (file: string): boolean => file === editorDir || file.startsWith(`${editorDir}/`);

test('エディターを組んでも読者のファイルは 1 バイトも変わらず、読者のものは /admin/ を指さない', async () => {
  test.setTimeout(120_000);
  expect(
    existsSync(path.join(buildDir, editorDir, 'index.html')),
    'npm run build が /admin/ を組む',
  ).toBe(true);
  const copy = mkdtempSync(path.join(tmpdir(), 'denki-reader-bytes-'));
  try {
    cpSync(buildDir, copy, {
      recursive: true,
      filter: (source) => !isEditor(path.relative(buildDir, source)),
    });
    const withoutEditor = fingerprints(copy, isEditor);
    await bundleEditor(process.cwd(), copy);
    expect(existsSync(path.join(copy, editorDir, 'index.html'))).toBe(true);
    expect(fingerprints(copy, isEditor)).toEqual(withoutEditor);

    const readerFiles = [...withoutEditor.keys()].filter((file) =>
      /\.(html|js|css|json|xml|txt)$/.test(file),
    );
    expect(readerFiles.length).toBeGreaterThan(50);
    for (const file of readerFiles) {
      const text = readFileSync(path.join(copy, file), 'utf8');
      expect(text.includes(`/${editorDir}/`) || text.includes(`"/${editorDir}"`), file).toBe(false);
    }
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
});
