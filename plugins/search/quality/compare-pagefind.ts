/**
 * Pagefind の正解率を測る: tsx plugins/search/quality/compare-pagefind.ts [buildDir]
 * ビルド済みサイトを firebase.json どおりに配信し、ブラウザで plugins/search/quality/queries.ts のクエリを
 * 2 通りに検索する: (1) Pagefind の API をそのまま（正規化も語句優先もなし）、(2) サイトの検索 UI。
 */
import {chromium, type Page} from '@playwright/test';
import {chromiumLaunchOptions} from '../../../lib/chromium';
import {readHostingConfig, startHostingServer} from '../../../lib/hosting';
import {readerQueries} from './queries';
import {printScore, scoreEngine, scoreSiteSearch} from './score';

const buildDir = process.argv[2] ?? 'build';
const port = Number(process.env.EVAL_PORT ?? 3212);
const origin = `http://127.0.0.1:${port}`;

/** Pagefind の API を直接呼ぶ（UI の工夫を除いた素の性能）。 */
async function rawSearch(page: Page, query: string): Promise<string[]> {
  return page.evaluate(async (q) => {
    type Result = {data: () => Promise<{url: string}>};
    type Api = {search: (t: string) => Promise<{results: Result[]}>};
    const url = '/pagefind/pagefind.js';
    const pagefind = (await import(/* webpackIgnore: true */ url)) as Api;
    const found = await pagefind.search(q);
    return Promise.all(found.results.slice(0, 10).map(async (r) => (await r.data()).url));
  }, query);
}

async function main(): Promise<void> {
  const server = await startHostingServer({...readHostingConfig(), public: buildDir}, port);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    printScore(await scoreEngine('Pagefind API（素のまま）', buildDir, (q) => rawSearch(page, q)));

    printScore(await scoreSiteSearch(page, origin, buildDir));
    printScore(
      await scoreSiteSearch(page, origin, buildDir, readerQueries, 'サイトの検索 UI: 読者の打ち方'),
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
