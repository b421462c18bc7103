/**
 * 比較用: @easyops-cn/docusaurus-search-local（language: ['ja']）の正解率を測る。
 *   tsx plugins/search/quality/compare-easyops.ts <そのテーマでビルドしたフォルダ> [本文を読むビルド（既定 build）]
 * このテーマはリポジトリには入れない。測るときは /tmp にプロジェクトを複製し、そこで
 * `npm install @easyops-cn/docusaurus-search-local`、docusaurus.config.ts の themes に
 * ['@easyops-cn/docusaurus-search-local', {language: ['ja'], hashed: true, indexDocs: true,
 * indexBlog: true, indexPages: true, docsRouteBasePath: '/docs', blogRouteBasePath: '/blog',
 * removeDefaultStopWordFilter: true}] を足し、plugins/search を外して
 * ビルドする。テーマの検索ページ /search?q=… の結果を上から読む。
 */
import {chromium, type Page} from '@playwright/test';
import {chromiumLaunchOptions} from '../../../lib/chromium';
import {readHostingConfig, startHostingServer} from '../../../lib/hosting';
import {printScore, scoreEngine} from './score';

const buildDir = process.argv[2];
/** 本文の比較に使う本番のビルド（既定は build）。 */
const corpusDir = process.argv[3] ?? 'build';
const port = Number(process.env.EVAL_PORT ?? 3213);
const origin = `http://127.0.0.1:${port}`;

async function searchPage(page: Page, query: string): Promise<string[]> {
  await page.goto(`${origin}/search?q=${encodeURIComponent(query)}`);
  // 結果があれば「検索数：N件」と記事の一覧、なければ「結果が見つかりません。」が出る。
  await page.waitForFunction(() => {
    const text = document.body.textContent ?? '';
    const found = document.querySelectorAll('article h2 a').length > 0 && text.includes('検索数');
    return found || text.includes('結果が見つかりません');
  });
  return page
    .locator('article h2 a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

async function main(): Promise<void> {
  if (!buildDir) throw new Error('ビルドフォルダを指定してください');
  // CSP のハッシュは本番サイトのインラインスクリプト用なので、比較用のビルドには当てない。
  const server = await startHostingServer(
    {...readHostingConfig(), public: buildDir, headers: []},
    port,
  );
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    printScore(
      await scoreEngine("@easyops-cn/docusaurus-search-local (['ja'])", corpusDir, (q) =>
        searchPage(page, q),
      ),
    );
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
