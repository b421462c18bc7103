/**
 * アプリの使い方のページに描いた電鬼２の画面の図（src/components/AppScreen）。
 * 画面ごとの図がそろい、図の文言が画面の表記どおりで、番号の付いた部品が本文の「」で
 * 呼ばれ、スマートフォンの幅で読めて横にはみ出さないことを、本番ビルドで確かめる。
 * axe の検査はページ監査（page-audit.spec.ts）が全ルートで行う。
 */
import {readdirSync, readFileSync} from 'node:fs';
import {gunzipSync} from 'node:zlib';
import {expect, test, type Page} from '@playwright/test';
import {routes} from '../../src/constants/site';
import type {ScreenId} from '../../src/components/AppScreen/ids';
import {readScreenLabels} from '../support/app-screens';
import {waitForPageReady} from '../../lib/page-ready';
import {joinWords} from '../../plugins/search/theme/SearchDialog/text';
import {viewports} from '../support/viewports';

/** 画面 ID → 事実シート（app-screens.md）でその画面が表示する文言。 */
const screenLabels = readScreenLabels();

/** ページごとの図（画面 ID、ページに出る順）。 */
const expectedScreens: Readonly<Record<string, readonly ScreenId[]>> = {
  [routes.accountSetup]: ['A1', 'A2', 'A3'],
  [routes.participantGuide]: ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10', 'P11'],
  // G1 は画面の見かたと手順1、M1 はアクティベートとステータス変更の 2 か所に出る。
  [routes.organizerGameSetup]: ['G1', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6'],
  [routes.organizerManagement]: ['M2', 'M3', 'M1', 'M1', 'M4', 'M5', 'M6', 'M7'],
};

type Figure = {
  screen: ScreenId;
  caption: string;
  hidden: boolean;
  searchIgnored: boolean;
  labels: string[];
  /** data-label、data-sample、番号のどれにも入っていない文字。 */
  strayText: string[];
  marks: {n: number; label: string | null}[];
  /** 番号の付いた部品の手順の文（図を除く）。 */
  stepText: string;
  /** 12 px 未満の文字。 */
  smallText: string[];
  /** 番号と重なる文字。 */
  coveredText: string[];
  /** 図の枠からはみ出す部品。 */
  clipped: string[];
};

async function readFigures(page: Page): Promise<Figure[]> {
  return page.locator('figure[data-screen]').evaluateAll((figures) =>
    figures.map((figure) => {
      const frame = figure.querySelector('[aria-hidden]') ?? figure;
      const textOf = (el: Element) => (el.textContent ?? '').trim();
      const walker = document.createTreeWalker(frame, NodeFilter.SHOW_TEXT);
      const strayText: string[] = [];
      const smallText: string[] = [];
      const texts: Element[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !node.textContent?.trim()) continue;
        texts.push(parent);
        if (!parent.closest('[data-label], [data-sample], [data-badge]')) {
          strayText.push(node.textContent);
        }
        if (parseFloat(getComputedStyle(parent).fontSize) < 12) smallText.push(textOf(parent));
      }
      const overlaps = (a: DOMRect, b: DOMRect) =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const coveredText: string[] = [];
      for (const badge of Array.from(frame.querySelectorAll('[data-badge]'))) {
        const box = badge.getBoundingClientRect();
        for (const text of texts) {
          if (text !== badge && overlaps(box, text.getBoundingClientRect())) {
            coveredText.push(`${textOf(badge)} → ${textOf(text)}`);
          }
        }
      }
      const edge = frame.getBoundingClientRect();
      const clipped = Array.from(frame.querySelectorAll('*'))
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && (box.left < edge.left - 0.5 || box.right > edge.right + 0.5);
        })
        .map((el) => textOf(el) || el.tagName);
      // 手順の文: 図が箇条書きの中ならその項目、そうでなければ前の見出しまでの段落と表。
      const item = figure.closest('li');
      let stepText = '';
      if (item) {
        const copy = item.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('figure').forEach((f) => f.remove());
        stepText = copy.textContent ?? '';
      } else {
        for (
          let el = figure.previousElementSibling;
          el && !/^H[1-6]$/.test(el.tagName);
          el = el.previousElementSibling
        ) {
          if (el.tagName !== 'FIGURE') stepText = (el.textContent ?? '') + stepText;
        }
      }
      return {
        screen: figure.getAttribute('data-screen') as ScreenId,
        caption: textOf(figure.querySelector('figcaption') ?? figure),
        hidden: frame.getAttribute('aria-hidden') === 'true',
        searchIgnored: frame.hasAttribute('data-pagefind-ignore'),
        labels: Array.from(frame.querySelectorAll('[data-label]')).map(textOf),
        strayText,
        marks: Array.from(frame.querySelectorAll('[data-mark]')).map((el) => ({
          n: Number(el.getAttribute('data-mark')),
          label: el.getAttribute('data-mark-label'),
        })),
        stepText,
        smallText,
        coveredText,
        clipped,
      };
    }),
  );
}

for (const [path, screens] of Object.entries(expectedScreens)) {
  test.describe(path, () => {
    test.use({viewport: viewports.mobile});

    test(`${screens.join(', ')} の図があり、文言は画面の表記どおりで、番号の部品は本文の「」にある`, async ({
      page,
    }) => {
      await page.goto(path);
      await waitForPageReady(page);
      const figures = await readFigures(page);
      expect(figures.map((figure) => figure.screen)).toEqual(screens);
      for (const figure of figures) {
        const where = `${path} ${figure.screen}`;
        expect(figure.caption, where).toMatch(/[ぁ-んァ-ン一-龠]/);
        expect(figure.hidden, `${where}: 図は支援技術から隠し、説明は figcaption`).toBe(true);
        expect(figure.searchIgnored, `${where}: 図の文言は索引しない`).toBe(true);
        const allowed = screenLabels.get(figure.screen) ?? new Set<string>();
        expect(
          figure.labels.filter((label) => !allowed.has(label)),
          `${where}: 画面にない文言`,
        ).toEqual([]);
        expect(figure.strayText, `${where}: 文言か例かが分からない文字`).toEqual([]);
        expect(
          figure.marks.map((mark) => mark.n),
          `${where}: 番号は 1 から順`,
        ).toEqual(figure.marks.map((_, i) => i + 1));
        for (const {label} of figure.marks) {
          if (label)
            expect(figure.stepText, `${where}: 手順の文に「${label}」`).toContain(`「${label}」`);
        }
        expect(figure.smallText, `${where}: 12 px 未満の文字`).toEqual([]);
        expect(figure.coveredText, `${where}: 番号が文字に重なる`).toEqual([]);
      }
    });

    for (const width of [320, 390]) {
      test(`${width} px で横にはみ出さず、図の部品は枠の中に収まる`, async ({page}) => {
        await page.setViewportSize({width, height: 800});
        await page.goto(path);
        await waitForPageReady(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        for (const figure of await readFigures(page)) {
          expect(figure.clipped, `${figure.screen} at ${width}px`).toEqual([]);
          expect(figure.coveredText, `${figure.screen} at ${width}px`).toEqual([]);
        }
      });
    }
  });
}

test('印刷しても図は途中で切れず、番号の枠の色が残る', async ({page}) => {
  await page.goto(routes.accountSetup);
  await waitForPageReady(page);
  await page.emulateMedia({media: 'print'});
  const style = await page.locator('figure[data-screen="A1"]').evaluate((figure) => ({
    breakInside: getComputedStyle(figure).breakInside,
    colorAdjust: getComputedStyle(figure.querySelector('[data-mark]') ?? figure).printColorAdjust,
  }));
  expect(style).toEqual({breakInside: 'avoid', colorAdjust: 'exact'});
});

test('検索の索引には図の説明文が入り、図の中の文言と例は入らない', () => {
  // 索引の本文は語ごとに空白で区切ってある。検索の画面と同じく、つないで読む。
  const fragments = readdirSync('build/pagefind/fragment').map((file) =>
    joinWords(
      gunzipSync(readFileSync(`build/pagefind/fragment/${file}`))
        .toString('utf8')
        .replace(/\u200b/g, ''),
    ),
  );
  const guide = fragments.find((text) => text.includes(`"url":"${routes.participantGuide}"`));
  expect(guide).toContain('近くのチームの一覧から、相手のチームの名前をタップします。');
  // 「公園の位置を送ろう」は P5〜P7 の図の中だけにある例のミッション名。
  expect(guide).not.toContain('公園の位置を送ろう');
});
