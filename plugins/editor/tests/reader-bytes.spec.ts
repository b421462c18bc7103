/**
 * エディターは読者に何も払わせない: エディターは読者のサイトとは別のサイト（別のオリジン）のフォルダー
 * （build-editor/）に組むので、読者の build/ に /admin/ は無く、エディターを組んでも読者のファイルは 1 バイトも
 * 変わらず、読者のページ・索引・サイトマップ・フィード・Service Worker は /admin/ を指さない。ビルドの複製の
 * 隣にエディターを組み直して比べる（約 10 秒）。
 */
import {createHash} from 'node:crypto';
import {cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {readHostingConfig} from '../../../lib/hosting';
import {hostingTargets} from '../../../src/constants/editor-sign-in';
import {expect, test} from './fixture';
import {bundleEditor} from '../bundle';
import {editorDir} from '../shared';

const buildDir = process.env.BUILD_DIR ?? 'build';
const editorBuildDir =
  process.env.EDITOR_BUILD_DIR ?? readHostingConfig(hostingTargets.editor).public;

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

test('エディターは読者のサイトの外に組み、組んでも読者のファイルは 1 バイトも変わらず、読者のものは /admin/ を指さない', async () => {
  test.setTimeout(120_000);
  expect(
    existsSync(path.join(editorBuildDir, editorDir, 'index.html')),
    'npm run build がエディターのサイトに /admin/ を組む',
  ).toBe(true);
  expect(existsSync(path.join(buildDir, editorDir)), '読者のサイトに /admin/ は無い').toBe(false);
  const copy = mkdtempSync(path.join(tmpdir(), 'denki-reader-bytes-'));
  const editorOut = mkdtempSync(path.join(tmpdir(), 'denki-reader-bytes-editor-'));
  try {
    cpSync(buildDir, copy, {recursive: true});
    const before = fingerprints(copy, () => false);
    await bundleEditor(process.cwd(), editorOut);
    expect(existsSync(path.join(editorOut, editorDir, 'index.html'))).toBe(true);
    expect(fingerprints(copy, () => false)).toEqual(before);

    const readerFiles = [...before.keys()].filter((file) =>
      /\.(html|js|css|json|xml|txt)$/.test(file),
    );
    expect(readerFiles.length).toBeGreaterThan(50);
    for (const file of readerFiles) {
      const text = readFileSync(path.join(copy, file), 'utf8');
      expect(text.includes(`/${editorDir}/`) || text.includes(`"/${editorDir}"`), file).toBe(false);
    }
  } finally {
    rmSync(copy, {recursive: true, force: true});
    rmSync(editorOut, {recursive: true, force: true});
  }
});
