/**
 * issue 27: 大きさの上限を超えたチャンクはビルドを止めない。名前を挙げて警告し、プリキャッシュにも保存の一覧にも
 * 入れず、配信から読ませる。ルートの一覧にあって候補にも外したファイルにも無いものは、いまも止める。
 * 上限を 4 KiB に下げて記事を足した複製（precache-limit-site.ts）は、テスト用の共有のビルドが作る。
 */
import {existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {
  testSiteBuild,
  testSiteOutput,
  testSiteTimeoutMs,
} from '../../../tests/support/test-routes-build';
import type {RouteFiles} from '../../routes/chunk-files';
import {chunksForRoutes} from '../route-chunks';
import type {SaveList} from '../shared';
import {precacheLimitKiB as limitKiB} from './precache-limit-site';

test('上限を超えたアーカイブのチャンクは、名前つきの警告を出して配信に任せ、ビルドは通る', async () => {
  test.setTimeout(testSiteTimeoutMs + 30_000);
  const copy = await testSiteBuild();
  const output = testSiteOutput(copy);
  const {routes} = JSON.parse(
    readFileSync(path.join(copy.dir, '.docusaurus/denki-routes/route-files.json'), 'utf8'),
  ) as RouteFiles;
  const sizeOf = (url: string): number => statSync(path.join(copy.outDir, url)).size;
  const archiveFiles = Object.entries(routes)
    .filter(([key]) => /^\/blog\/archive(\/|-)/.test(key))
    .flatMap(([, files]) => files);
  const overLimit = archiveFiles.filter((file) => sizeOf(file) > limitKiB * 1024);
  expect(overLimit.length, 'アーカイブに上限を超えるチャンクがない').toBeGreaterThan(0);

  expect(output).toContain('[denki-offline]');
  const sw = readFileSync(path.join(copy.outDir, 'sw.js'), 'utf8');
  const saveList = JSON.parse(
    readFileSync(path.join(copy.outDir, 'offline-save.json'), 'utf8'),
  ) as SaveList;
  const saved = new Set(saveList.files.map((file) => file.url));
  for (const file of overLimit) {
    expect(output, '警告がファイルを名指しする').toContain(file);
    expect(sw, 'プリキャッシュに入れない').not.toContain(file);
    expect(saved.has(`/${file}`), '保存の一覧に入れない').toBe(false);
  }
  // 保存の一覧のファイルはどれもビルドにあり、上限以下（HTML はクリーン URL で載る）。
  for (const {url} of saveList.files) {
    const file = [url.slice(1), `${url.slice(1)}.html`, `${url.slice(1)}/index.html`]
      .map((candidate) => path.join(copy.outDir, candidate === '' ? 'index.html' : candidate))
      .find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    expect(file, url).toBeDefined();
    expect(statSync(file as string).size, url).toBeLessThanOrEqual(limitKiB * 1024);
  }
  // 上限を超えても、アーカイブのページ自体はビルドにある。
  expect(existsSync(path.join(copy.outDir, 'blog/archive.html'))).toBe(true);
});

test('ルートのファイルが候補にも外したファイルにも無ければビルドを止め、外したものは選ばない', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'denki-route-files-'));
  try {
    const routeFiles = path.join(dir, 'route-files.json');
    const routes: RouteFiles = {
      routes: {
        '/blog/archive-182': ['assets/js/big.js', 'assets/js/small.js'],
        '/docs/intro-abc': ['assets/js/gone.js'],
      },
    };
    writeFileSync(routeFiles, JSON.stringify(routes));
    const urls = ['assets/js/small.js'];
    const archive = (key: string): boolean => key.startsWith('/blog/archive');
    expect([...chunksForRoutes(routeFiles, urls, archive, new Set(['assets/js/big.js']))]).toEqual([
      'assets/js/small.js',
    ]);
    expect(() => chunksForRoutes(routeFiles, urls, archive)).toThrow(
      /assets\/js\/big\.js がプリキャッシュの候補になく、大きさの上限で外したファイルでもありません/,
    );
    expect(() =>
      chunksForRoutes(routeFiles, urls, () => true, new Set(['assets/js/big.js'])),
    ).toThrow(/\/docs\/intro-abc の assets\/js\/gone\.js/);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
