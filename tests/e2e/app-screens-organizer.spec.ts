/**
 * 主催者のページ（ゲームの作成、ゲームの運営）に描いた電鬼２の画面の図。
 * 手順ごとの図がそろい、図の文言が画面の表記どおりで、番号の部品が本文の「」で呼ばれ、
 * 番号が文字に重ならず、狭い幅でもはみ出さないことを本番ビルドで確かめる。
 */
import {expect, test, type Page} from '@playwright/test';
import {routes} from '../../src/constants/site';
import {screenLabels, type ScreenId} from '../../src/components/AppScreen/labels';
import {waitForPageReady} from '../support/page-ready';
import {viewports} from '../support/viewports';

/** ページごとの図（画面 ID、ページに出る順）。G1 は画面の見かたと手順1、M1 はアクティベートとステータス。 */
const expectedScreens: Readonly<Record<string, readonly ScreenId[]>> = {
  [routes.organizerGameSetup]: ['G1', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6'],
  [routes.organizerManagement]: ['M2', 'M3', 'M1', 'M1', 'M4', 'M5', 'M6', 'M7'],
};

type Figure = {
  screen: ScreenId;
  hidden: boolean;
  searchIgnored: boolean;
  labels: string[];
  marks: {n: number; label: string | null}[];
  /** 図の前の、見出しまでの本文（手順の文）。 */
  stepText: string;
  smallText: string[];
  /** 番号と重なる文字。 */
  coveredText: string[];
  /** 図の枠からはみ出す部品。 */
  clipped: string[];
};

function readFigures(page: Page): Promise<Figure[]> {
  return page.locator('figure[data-screen]').evaluateAll((figures) =>
    figures.map((figure) => {
      const frame = figure.querySelector('[aria-hidden]') ?? figure;
      const textOf = (el: Element) => (el.textContent ?? '').trim();
      const texts: Element[] = [];
      const walker = document.createTreeWalker(frame, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement && node.textContent?.trim()) texts.push(node.parentElement);
      }
      const overlaps = (a: DOMRect, b: DOMRect) =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const coveredText = Array.from(frame.querySelectorAll('[data-badge]')).flatMap((badge) =>
        texts
          .filter(
            (t) =>
              t !== badge && overlaps(badge.getBoundingClientRect(), t.getBoundingClientRect()),
          )
          .map((t) => `${textOf(badge)} → ${textOf(t)}`),
      );
      const edge = frame.getBoundingClientRect();
      const clipped = Array.from(frame.querySelectorAll('*'))
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && (box.left < edge.left - 0.5 || box.right > edge.right + 0.5);
        })
        .map((el) => textOf(el) || el.tagName);
      let stepText = '';
      for (
        let el = figure.previousElementSibling;
        el && !/^H[1-6]$/.test(el.tagName);
        el = el.previousElementSibling
      ) {
        if (el.tagName !== 'FIGURE') stepText = (el.textContent ?? '') + stepText;
      }
      return {
        screen: figure.getAttribute('data-screen') as ScreenId,
        hidden: frame.getAttribute('aria-hidden') === 'true',
        searchIgnored: frame.hasAttribute('data-pagefind-ignore'),
        labels: Array.from(frame.querySelectorAll('[data-label]')).map(textOf),
        marks: Array.from(frame.querySelectorAll('[data-mark]')).map((el) => ({
          n: Number(el.getAttribute('data-mark')),
          label: el.getAttribute('data-mark-label'),
        })),
        stepText,
        smallText: texts.filter((el) => parseFloat(getComputedStyle(el).fontSize) < 12).map(textOf),
        coveredText,
        clipped,
      };
    }),
  );
}

async function open(page: Page, path: string): Promise<Figure[]> {
  await page.goto(path);
  await waitForPageReady(page);
  return readFigures(page);
}

for (const [path, screens] of Object.entries(expectedScreens)) {
  test.describe(path, () => {
    test(`390 px: ${screens.join(', ')} の図があり、文言は画面の表記どおりで、番号の部品は本文の「」にある`, async ({
      page,
    }) => {
      await page.setViewportSize(viewports.mobile);
      const figures = await open(page, path);
      expect(figures.map((figure) => figure.screen)).toEqual(screens);
      for (const [i, figure] of figures.entries()) {
        const where = `${figure.screen}（${i + 1}枚目）`;
        expect(figure.hidden, `${where}: 図は支援技術から隠す`).toBe(true);
        expect(figure.searchIgnored, `${where}: 図の文言は索引しない`).toBe(true);
        const allowed = new Set<string>(screenLabels[figure.screen]);
        expect(
          figure.labels.filter((label) => !allowed.has(label)),
          where,
        ).toEqual([]);
        expect(figure.marks.length, `${where}: 番号の付いた部品がある`).toBeGreaterThan(0);
        expect(
          figure.marks.map((mark) => mark.n),
          `${where}: 番号は 1 から順`,
        ).toEqual(figure.marks.map((_, n) => n + 1));
        for (const {label} of figure.marks) {
          if (label)
            expect(figure.stepText, `${where}: 手順の文に「${label}」`).toContain(`「${label}」`);
        }
        expect(figure.smallText, `${where}: 12 px 未満の文字`).toEqual([]);
        expect(figure.coveredText, `${where}: 番号が文字に重なる`).toEqual([]);
      }
    });

    test('320 px と 1280 px: はみ出さず、番号は文字に重ならない', async ({page}) => {
      for (const width of [320, viewports.desktop.width]) {
        await page.setViewportSize({width, height: 800});
        const figures = await open(page, path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
        for (const figure of figures) {
          expect(figure.clipped, `${figure.screen} at ${width} px`).toEqual([]);
          expect(figure.coveredText, `${figure.screen} at ${width} px`).toEqual([]);
        }
      }
    });
  });
}
