/**
 * issue 26: 全ルートと見つからないページを 320 / 390 / 1280 px で開き、短い表示文字列（お知らせバー、
 * ナビゲーション、サイドバー、目次、表、リストの項目…）が文節の途中で折り返さず、段落の最終行が 1〜2 文字に
 * ならないことを確かめる。文節は BudouX（split.ts）で決める。数は .artifacts/line-breaks/chromium/ に残す。
 */
import {expect, test, type Page} from '@playwright/test';
import {waitForHydration} from '../../../lib/page-ready';
import {siteRoutes, unknownPaths} from '../../../tests/support/routes';
import {
  addCounts,
  collectWrappedTextsScript,
  countLineBreaks,
  shortTextLimit,
  type LineBreakCounts,
  unexpectedProblems,
  type WrapSurvey,
} from './line-breaks';
import {writeLineReport} from './line-report';

test.use({serviceWorkers: 'block'});

const widths = [320, 390, 1280] as const;

async function surveyAt(page: Page, width: number): Promise<WrapSurvey> {
  await page.setViewportSize({width, height: width < 600 ? 844 : 800});
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return (await page.evaluate(collectWrappedTextsScript(shortTextLimit))) as WrapSurvey;
}

const pages = [
  ...siteRoutes.map((route) => ({name: route.name, path: route.path})),
  {name: 'notFound', path: unknownPaths[0]},
];

for (const {name, path} of pages) {
  test(`折り返し: ${path} の短い文字列は文節の間で、段落の最終行は 3 文字以上（320 / 390 / 1280 px）`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    await page.evaluate(() => document.fonts.ready);
    const counts: LineBreakCounts = {};
    const problems: string[] = [];
    for (const width of widths) {
      const found = countLineBreaks(await surveyAt(page, width), `${width} px`);
      addCounts(counts, found.counts);
      problems.push(...found.problems);
    }
    writeLineReport('chromium', name, counts);
    expect(unexpectedProblems(name, problems)).toEqual([]);
  });
}
