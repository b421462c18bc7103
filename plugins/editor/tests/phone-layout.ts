/** 390 px の画面で確かめること: 横にはみ出さないことと、押せるものの大きさ（24×24 以上。WCAG 2.2 の 2.5.8）。 */
import type {Frame, Page} from '@playwright/test';

export const minimumTarget = 24;

/** 文書と、横にスクロールできる要素のはみ出し（「要素 scrollWidth > clientWidth」）。 */
export function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > innerWidth) found.push(`html ${root.scrollWidth} > ${innerWidth}`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const {overflowX} = getComputedStyle(element);
      if (!/auto|scroll/.test(overflowX) || element.clientWidth === 0) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        found.push(
          `${element.tagName.toLowerCase()} ${element.scrollWidth} > ${element.clientWidth}`,
        );
      }
    }
    return found;
  });
}

/** 画面に見えている、押せるもの（リンク、ボタン、入力）のうち、24×24 より小さいもの。 */
export function smallTargets(page: Page | Frame, minimum = minimumTarget): Promise<string[]> {
  return page.evaluate((min) => {
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=option], [tabindex]:not([tabindex="-1"])';
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if ((element as HTMLInputElement).disabled) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // 見えなくしたファイルの入力は、押す場所のラベルで測る。
      const target = element.closest('label:has(> input[type=file])') ?? element;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.right <= 0 || box.bottom <= 0 || box.left >= innerWidth) continue;
      if (box.width < min || box.height < min) {
        const name = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim();
        found.push(
          `${target.tagName.toLowerCase()}「${name.slice(0, 30)}」${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return found;
  }, minimum);
}
