/**
 * 項目7: コンソールエラーもページエラーも出ない。全ルートはページ監査（page-audit.spec.ts）が調べる。
 * ここでは見つからないページの 5 つのパスと、監視そのものを確かめる。
 */
import {expect, test, type Page} from '@playwright/test';
import {siteRoutes, unknownPaths} from '../support/routes';
import {waitForPageReady} from '../../lib/page-ready';
import {registersServiceWorker} from '../support/service-worker';

test.use(registersServiceWorker);

type Problems = {readonly consoleErrors: string[]; readonly pageErrors: string[]};

function watch(page: Page): Problems {
  const problems: Problems = {consoleErrors: [], pageErrors: []};
  page.on('console', (message) => {
    if (message.type() === 'error') {
      problems.consoleErrors.push(`${message.text()} @ ${message.location().url}`);
    }
  });
  page.on('pageerror', (error) => problems.pageErrors.push(String(error)));
  return problems;
}

/** 読み込み、最下部までスクロールして遅延読み込みも起こす。 */
async function visitWholePage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForPageReady(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, -200);
  await page.waitForLoadState('networkidle');
}

test('コンソール: 404 ページはページエラーを出さず、文書自身の 404 以外のエラーもない', async ({
  page,
}) => {
  test.slow();
  for (const path of unknownPaths) {
    const problems = watch(page);
    await visitWholePage(page, path);
    const others = problems.consoleErrors.filter(
      (text) => !/status of 404/.test(text) || !text.includes(path),
    );
    expect(problems.pageErrors, path).toEqual([]);
    expect(others, path).toEqual([]);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
  }
});

test('コンソール: 監視はページエラーを実際に捕まえる', async ({page}) => {
  const problems = watch(page);
  await page.goto(siteRoutes[0].path);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('わざと起こしたエラー');
    }, 0);
    console.error('わざと出したエラー');
  });
  await expect.poll(() => problems.pageErrors.length).toBe(1);
  expect(problems.consoleErrors.some((text) => text.includes('わざと出したエラー'))).toBe(true);
});
