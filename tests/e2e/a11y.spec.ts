/**
 * ページ監査（page-audit.spec.ts）が全ルートで行う axe・IBM・横幅の検査のほかに、操作した状態
 * （モバイルメニューを開いた状態）の axe、動きを減らす設定、押せる対象の大きさを確かめる。
 */
import {expect, test, type Page} from '@playwright/test';
import {waitForPageReady} from '../../lib/page-ready';
import {axeProblems} from '../support/page-audit/checks';
import {viewports} from '../support/viewports';

async function expectNoViolations(page: Page): Promise<void> {
  expect(await axeProblems(page)).toEqual([]);
}

test.describe('axe with the mobile menu open', () => {
  test.use({viewport: viewports.mobile});
  for (const path of ['/', '/docs/intro']) {
    test(`axe: mobile menu on ${path} has no violations`, async ({page}) => {
      await page.goto(path);
      await waitForPageReady(page);
      await page.locator('.navbar__toggle').click();
      await expect(page.locator('.navbar-sidebar')).toBeVisible();
      await expectNoViolations(page);
    });
  }
});

/** 動きを減らす設定のときの、すべての要素（::before/::after を含む）の最長のアニメーション・遷移（ms）。 */
async function longestMotionMs(page: Page): Promise<{ms: number; where: string}> {
  return page.evaluate(() => {
    const toMs = (value: string): number[] =>
      value.split(',').map((part) => {
        const text = part.trim();
        const number = Number.parseFloat(text) || 0;
        return text.endsWith('ms') ? number : number * 1000;
      });
    let longest = {ms: 0, where: ''};
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(el, pseudo);
        const animated = style.animationName !== 'none';
        const durations = [
          ...(animated ? toMs(style.animationDuration) : []),
          ...(style.transitionProperty !== 'none' ? toMs(style.transitionDuration) : []),
        ];
        for (const ms of durations) {
          if (ms > longest.ms)
            longest = {ms, where: `${el.tagName}.${el.className}${pseudo ?? ''}`};
        }
      }
    }
    return longest;
  });
}

/** サイドバーのカテゴリを閉じる間に、折りたたみ要素に付いた transition を記録する。 */
async function collapseTransitions(page: Page): Promise<{inline: string[]; computed: string[]}> {
  await page.goto('/docs/intro');
  await waitForPageReady(page);
  const category = page.locator('.theme-doc-sidebar-item-category').first();
  const list = category.locator(':scope > ul.menu__list');
  await list.evaluate((el: HTMLElement) => {
    const seen = {inline: [] as string[], computed: [] as string[]};
    Object.defineProperty(window, '__collapse', {value: seen});
    new MutationObserver(() => {
      if (!el.style.transition) return;
      seen.inline.push(el.style.transition);
      seen.computed.push(getComputedStyle(el).transitionDuration);
    }).observe(el, {attributes: true, attributeFilter: ['style']});
  });
  // カテゴリ名はアプリ紹介ページへのリンクなので、開閉は隣のボタンで行う。
  const toggle = category.locator('.menu__caret');
  await toggle.click();
  await expect(category).toHaveClass(/menu__list-item--collapsed/);
  const recorded = () =>
    page.evaluate(
      () => (window as unknown as {__collapse: {inline: string[]; computed: string[]}}).__collapse,
    );
  // クラスは先に付き、transition は次のフレームで付く。記録されるまで待つ（負荷の高いマシンで遅れる）。
  await expect.poll(async () => (await recorded()).inline.length).toBeGreaterThan(0);
  return recorded();
}

test.describe('reduced motion', () => {
  test.use({viewport: viewports.desktop, reducedMotion: 'reduce'});

  test('the sidebar category collapse animation lasts 1 ms', async ({page}) => {
    const seen = await collapseTransitions(page);
    expect(seen.inline.length).toBeGreaterThan(0);
    for (const transition of seen.inline) expect(transition).toMatch(/^height 1ms\b/);
    for (const duration of seen.computed) expect(duration).toBe('0.001s');
  });

  for (const path of ['/', '/docs/intro', '/blog']) {
    test(`no animation or transition on ${path} lasts longer than 1 ms`, async ({page}) => {
      await page.goto(path);
      await waitForPageReady(page);
      expect((await longestMotionMs(page)).ms).toBeLessThanOrEqual(1);
    });
  }
});

test.describe('full motion (control)', () => {
  test.use({viewport: viewports.desktop, reducedMotion: 'no-preference'});
  test('without the preference the collapse animates for longer than 1 ms', async ({page}) => {
    const seen = await collapseTransitions(page);
    const durations = seen.inline.map((t) => Number(/height (\d+)ms/.exec(t)?.[1] ?? 0));
    expect(Math.max(...durations)).toBeGreaterThan(1);
  });
});

/** WCAG 2.5.8: 24×24 px 以上か、24 px の円が他の対象とその円に重ならない間隔があるか。 */
async function smallTargets(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const targets = Array.from(document.querySelectorAll<HTMLElement>(sel))
      .map((el) => ({el, rect: el.getBoundingClientRect()}))
      .filter(({el, rect}) => rect.width > 0 && rect.height > 0 && el.checkVisibility());
    const small = (r: DOMRect) => r.width < 24 || r.height < 24;
    const center = (r: DOMRect) => ({x: r.left + r.width / 2, y: r.top + r.height / 2});
    const distanceToRect = (p: {x: number; y: number}, r: DOMRect) =>
      Math.hypot(
        Math.max(r.left - p.x, 0, p.x - r.right),
        Math.max(r.top - p.y, 0, p.y - r.bottom),
      );
    return targets
      .filter(({rect}) => small(rect))
      .filter(({el, rect}) => {
        const c = center(rect);
        return targets.some((other) => {
          if (other.el === el || other.el.contains(el) || el.contains(other.el)) return false;
          if (distanceToRect(c, other.rect) < 12) return true;
          const oc = center(other.rect);
          return small(other.rect) && Math.hypot(c.x - oc.x, c.y - oc.y) < 24;
        });
      })
      .map(
        ({el, rect}) =>
          `${el.textContent?.trim() || el.getAttribute('aria-label')} ${Math.round(rect.width)}×${Math.round(rect.height)}`,
      );
  }, selector);
}

test.describe('tap targets at 390px', () => {
  test.use({viewport: viewports.mobile});
  /** scope の中の、押したり選んだりできる要素のセレクター。 */
  const interactiveWithin = (scope: string): string =>
    ['a[href]', 'button', '[role="button"]', 'input', 'summary']
      .map((target) => `${scope} ${target}`)
      .join(', ');

  for (const path of ['/', '/docs/intro', '/blog/2025/03/16/docs-site-launch']) {
    test(`navbar and footer targets on ${path} are at least 24 px or spaced apart`, async ({
      page,
    }) => {
      await page.goto(path);
      await waitForPageReady(page);
      const selector = ['.navbar', '.footer', '.theme-announcement-bar']
        .map(interactiveWithin)
        .join(', ');
      expect(await smallTargets(page, selector)).toEqual([]);
    });
  }

  test('mobile menu and docs sidebar targets are at least 24 px or spaced apart', async ({
    page,
  }) => {
    await page.goto('/docs/intro');
    await waitForPageReady(page);
    await page.locator('.navbar__toggle').click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).toBeVisible();
    const scoped = interactiveWithin('.navbar-sidebar');
    expect(await smallTargets(page, scoped)).toEqual([]);
    await sidebar.getByRole('button', {name: /メインメニューに戻る/}).click();
    expect(await smallTargets(page, scoped)).toEqual([]);
  });
});
