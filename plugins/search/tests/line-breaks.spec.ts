/**
 * 検索の結果（ページ名、見出し、抜粋）は、文節の途中で折り返さない（issue 26）。BudouX は検索ダイアログを
 * 開いたときに読み込み、ページの初回表示では読み込まない。
 * 数は .artifacts/line-breaks/search-chromium/（区切った表示）と search-chromium-unsplit/（同じ結果から区切りを
 * 外した表示。区切る前の状態）に書く。
 */
import {expect, test, type Response} from '@playwright/test';
import {routes} from '../../../src/constants/site';
import {waitForHydration} from '../../../lib/page-ready';
import {
  addCounts,
  collectWrappedTextsScript,
  countLineBreaks,
  shortTextLimit,
  type LineBreakCounts,
  type WrapSurvey,
} from '../../phrases/tests/line-breaks';
import {writeLineReport} from '../../phrases/tests/line-report';
import {resizeTo} from '../../phrases/tests/auto-phrase';
import {openSearch, searchDialog, searchFor} from '../quality/dialog';

const queries = ['ミッション', '主催者', 'アカウント', '位置情報', '参加費', '鬼ごっこ'] as const;
const widths = [320, 390] as const;
/** BudouX のモデル（{"UW3": {…}} のような重みの表）を含む JS。 */
const budouxModel = /["']?UW[1-6]["']?\s*:\s*\{|["']?BW[1-3]["']?\s*:\s*\{/u;

async function withModel(responses: readonly Response[]): Promise<string[]> {
  const found: string[] = [];
  for (const response of responses) {
    if (budouxModel.test(await response.text())) found.push(new URL(response.url()).pathname);
  }
  return found;
}

/** 結果の区切り（<wbr> と文節の印）を外し、区切る前の表示にする。 */
function unsplitResults(): void {
  const dialog = document.querySelector('dialog[data-state]');
  for (const wbr of Array.from(dialog?.querySelectorAll('wbr') ?? [])) wbr.remove();
  for (const marked of Array.from(dialog?.querySelectorAll('.phrases') ?? []))
    marked.classList.remove('phrases');
}

for (const width of widths) {
  test(`検索の結果は ${width} px で文節の途中で折り返さない（BudouX は開いたときに読み込む）`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response);
    });
    await page.setViewportSize({width, height: 800});
    await page.goto(routes.intro);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await withModel(scripts), '初回表示で BudouX のモデルを読み込まない').toEqual([]);

    const split: LineBreakCounts = {};
    const unsplit: LineBreakCounts = {};
    const problems: string[] = [];
    for (const query of queries) {
      // 区切りを外した結果は React が描き直せないので、検索ごとにダイアログを開き直す。
      await openSearch(page);
      expect((await searchFor(page, query)).length, query).toBeGreaterThan(0);
      await resizeTo(page, width);
      const found = countLineBreaks(
        (await page.evaluate(collectWrappedTextsScript(shortTextLimit))) as WrapSurvey,
        `${width} px「${query}」`,
      );
      addCounts(split, found.counts);
      problems.push(...found.problems);
      await page.evaluate(unsplitResults);
      const before = countLineBreaks(
        (await page.evaluate(collectWrappedTextsScript(shortTextLimit))) as WrapSurvey,
        '',
      );
      addCounts(unsplit, before.counts);
      await page.keyboard.press('Escape');
      await expect(searchDialog(page)).toHaveCount(0);
    }
    expect(await withModel(scripts), '検索を開くと BudouX のモデルを読み込む').toHaveLength(1);
    writeLineReport('search-chromium', `${width}`, split);
    writeLineReport('search-chromium-unsplit', `${width}`, unsplit);
    console.log(
      `${width} px 区切り: ${JSON.stringify(split)} / 区切り前: ${JSON.stringify(unsplit)}`,
    );
    // 折り返した結果を実際に調べている（抜粋は 1 行に収まらない）。
    expect(split.searchExcerpt?.wrapped ?? 0).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });
}
