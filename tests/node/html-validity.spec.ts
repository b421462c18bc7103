/**
 * ビルドのすべての HTML（旧 URL の転送ページも含む）が、Nu Html Checker でエラー 0 件か。
 * 外部の検査器が本当に働いていることを示すため、壊れた見本の HTML も同じ 1 回の起動で調べる。
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {listHtmlFiles} from '../../lib/html-files';
import {redirectFile} from '../../plugins/redirects';
import {legacyRedirects} from '../../src/constants/site';
import {checkHtmlFiles, formatNuError} from '../support/nu-checker';

const buildDir = process.env.BUILD_DIR ?? 'build';

/** title がなく、span の中に p がある（ビルド時の図がかつて出していた誤り）。 */
const invalidSample =
  '<!DOCTYPE html><html lang="ja"><head></head><body><span><p>図</p></span></body></html>';

/** Java を 1 回起動して全ファイルを調べる（数秒かかる）。 */
test.setTimeout(120_000);

test('Nu Html Checker: ビルドのすべての HTML にエラーがない（壊れた見本ではエラーを挙げる）', async () => {
  const builtFiles = (await listHtmlFiles(buildDir)).map((file) => path.join(buildDir, file));
  const redirectPages = legacyRedirects.map(({from}) => path.join(buildDir, redirectFile(from)));
  expect(builtFiles, '旧 URL の転送ページも調べる').toEqual(expect.arrayContaining(redirectPages));

  const sampleDir = mkdtempSync(path.join(tmpdir(), 'denki-nu-'));
  const sample = path.relative(process.cwd(), path.join(sampleDir, 'invalid.html'));
  writeFileSync(sample, invalidSample);
  try {
    const errors = await checkHtmlFiles([sample, ...builtFiles]);
    const sampleErrors = errors
      .filter((error) => error.file === sample)
      .map((error) => error.message);
    expect(sampleErrors).toEqual(
      expect.arrayContaining([
        expect.stringContaining('“head” is missing a required instance of child element “title”'),
        expect.stringContaining('Element “p” not allowed as child of element “span”'),
      ]),
    );
    const buildErrors = errors.filter((error) => error.file !== sample).map(formatNuError);
    expect(buildErrors, `${builtFiles.length} ファイルのうちのエラー`).toEqual([]);
  } finally {
    rmSync(sampleDir, {recursive: true, force: true});
  }
});
