/**
 * 壊していないサイトの複製に、テスト専用のルート（plugins/test-routes、本番のビルドには無い）と
 * 目次の深さを試すページを足し、プリキャッシュの上限を下げて記事を足したビルド。1 回のテストの実行で 1 度だけ作り、
 * ビルドの厳しさのテスト（壊していない複製はビルドに成功する）、描画中の例外のテスト（クラッシュ画面）、
 * 上限を超えたチャンクのテスト（plugins/offline/tests/precache-limit.spec.ts）が共有する。
 */
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {buildSiteCopy, createSiteCopy} from '../../lib/site-copy';
import {lowerPrecacheLimit} from '../../plugins/offline/tests/precache-limit-site';
import {sharedBuild, type SharedBuild} from './shared-build';

/** ビルドの出力（警告を調べるテスト用）を書く、複製の中のファイル。 */
const outputFile = 'build-output.log';

/** 目次の深さを試すページ。h2 と h3 は目次に入り、h4 は入らない。 */
export const tocLevels = {
  file: 'docs/toc-levels.mdx',
  page: 'docs/toc-levels.html',
  content: [
    '---\ntitle: 目次の深さ\n---',
    '## 大見出し {/* #level-two */}',
    '### 中見出し {/* #level-three */}',
    '#### 小見出し {/* #level-four */}',
    '本文です。\n',
  ].join('\n\n'),
};

/** ビルドを待つ上限。2 コアが混んでいても cold のビルドが終わる長さ。呼ぶテストはこれより長い上限にする。 */
export const testSiteTimeoutMs = 540_000;

export function testSiteBuild(): Promise<SharedBuild> {
  return sharedBuild(
    'test-site',
    async () => {
      const copy = createSiteCopy('test-site');
      try {
        copy.write(tocLevels.file, tocLevels.content);
        lowerPrecacheLimit(copy);
        const result = await buildSiteCopy(copy, testSiteTimeoutMs, undefined, {
          DENKI_TEST_ROUTES: '1',
        });
        if (result.exitCode !== 0)
          throw new Error(
            `テスト用の複製のビルドに失敗しました（${result.exitCode}）\n${result.output}`,
          );
        writeFileSync(path.join(copy.dir, outputFile), result.output);
        return {dir: copy.dir, outDir: copy.outDir};
      } catch (error) {
        copy.remove();
        throw error;
      }
    },
    testSiteTimeoutMs,
  );
}

/** 共有のビルドの出力（標準出力と標準エラー）。 */
export function testSiteOutput(build: SharedBuild): string {
  return readFileSync(path.join(build.dir, outputFile), 'utf8');
}
