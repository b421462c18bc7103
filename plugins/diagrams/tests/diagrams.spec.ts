/**
 * Issue 10 §1: Mermaid の図はビルド時に描いた SVG として HTML に入っている。ブラウザは Mermaid を
 * 一切読み込まず、JavaScript がなくても図が見え、スマートフォンでも文字が読める大きさで収まる。
 */
import {expect, test, type Page} from '@playwright/test';
import {routes} from '../../../src/constants/site';
import {waitForPageReady} from '../../../lib/page-ready';

type Diagram = {
  readonly path: string;
  readonly title: string;
  readonly role: string;
  readonly labels: readonly string[];
};

const diagrams: readonly Diagram[] = [
  {
    path: routes.intro,
    title: 'ゲームの流れ',
    role: 'フローチャート',
    labels: ['ゲーム開始', '制限時間で終了・結果発表'],
  },
  {
    path: routes.host,
    title: '当日の進行',
    role: 'フローチャート',
    labels: ['受付', '進行管理・サポート', '結果発表・解散'],
  },
  {
    path: routes.organizerGameSetup,
    title: 'ゲーム作成の6ステップ',
    role: 'フローチャート',
    labels: ['基本情報', 'アイテム（任意）', '通知'],
  },
  {
    path: routes.organizerManagement,
    title: 'ゲームステータスの移り変わり',
    role: '状態遷移図',
    labels: ['逃走チーム準備', 'ゲーム進行中', '再開'],
  },
];

const diagram = (page: Page) => page.locator('figure.denki-diagram svg');

/** 図の中の文字（節点と矢印のラベル）の、画面上での大きさと、1 文字だけの行の有無。 */
function measureLabels(page: Page) {
  return diagram(page).evaluateAll((svgs) =>
    svgs.flatMap((svg) => {
      const scale =
        svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
      const labels = Array.from(svg.querySelectorAll('.nodeLabel, .edgeLabel, .label text'));
      return labels
        .filter((label) => (label.textContent ?? '').trim() !== '')
        .map((label) => {
          const lineLengths = new Map<number, number>();
          const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (let index = 0; index < text.length; index++) {
              if (text[index]?.trim() === '') continue;
              const range = document.createRange();
              range.setStart(node, index);
              range.setEnd(node, index + 1);
              const top = Math.round(range.getBoundingClientRect().top);
              lineLengths.set(top, (lineLengths.get(top) ?? 0) + 1);
            }
          }
          return {
            text: label.textContent ?? '',
            px: parseFloat(getComputedStyle(label).fontSize) * scale,
            lines: [...lineLengths.values()],
          };
        });
    }),
  );
}

test.describe('図: JavaScript なし', () => {
  test.use({javaScriptEnabled: false, viewport: {width: 390, height: 844}});
  for (const {path, title, role, labels} of diagrams) {
    test(`${path} の図は HTML の SVG として見え、日本語の名前と説明を持つ`, async ({page}) => {
      await page.goto(path);
      const svg = diagram(page);
      await expect(svg).toHaveCount(1);
      await svg.scrollIntoViewIfNeeded();
      await expect(svg).toBeVisible();
      for (const label of labels) await expect(svg).toContainText(label);
      await expect(svg).toHaveAccessibleName(title);
      await expect(svg).toHaveAccessibleDescription(/。$/);
      await expect(svg).toHaveAttribute('aria-roledescription', role);
      const box = await svg.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThan(100);
    });
  }
});

test('図のある 4 ページで、最下部までスクロールしても Mermaid の JavaScript を 1 バイトも取りに行かない', async ({
  page,
}) => {
  const mermaidScripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    // Mermaid 本体とその図の種類ごとのチャンクに必ずある API 名
    if (/mermaidAPI|securityLevel/.test(body)) mermaidScripts.push(response.url());
  });
  for (const {path} of diagrams) {
    await page.goto(path);
    await waitForPageReady(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForLoadState('networkidle');
    await expect(diagram(page)).toBeVisible();
  }
  expect(mermaidScripts).toEqual([]);
});

test.describe('図: 390 px', () => {
  test.use({viewport: {width: 390, height: 844}});
  for (const {path} of diagrams) {
    test(`${path} の図の文字は 12 px 以上で、1 文字だけの行がない`, async ({page}) => {
      await page.goto(path);
      const labels = await measureLabels(page);
      expect(labels.length).toBeGreaterThan(2);
      const small = labels.filter(({px}) => px < 12).map(({text, px}) => `${text}: ${px}px`);
      expect(small, '12 px 未満のラベル').toEqual([]);
      const orphans = labels.filter(({lines}) => lines.length > 1 && lines.includes(1));
      expect(
        orphans.map(({text}) => text),
        '1 文字だけ次の行に送られたラベル',
      ).toEqual([]);
    });
  }
});

test.describe('図: 320 px', () => {
  test.use({viewport: {width: 320, height: 640}});
  for (const {path} of diagrams) {
    test(`${path} は横にスクロールせず、図は本文の幅に収まる`, async ({page}) => {
      await page.goto(path);
      const {scrollWidth, clientWidth} = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      const figure = await page.locator('figure.denki-diagram').boundingBox();
      const svg = await diagram(page).boundingBox();
      expect(svg && figure && svg.x + svg.width <= figure.x + figure.width + 0.5).toBe(true);
    });
  }
});
