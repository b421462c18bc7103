/** キーボードだけで操作するテストの道具。Tab で目的の要素まで進み、フォーカスリングを調べる。 */
import {expect, type Locator, type Page} from '@playwright/test';

/** Tab を押し続けて target にフォーカスが来たら止まる。来なければ失敗する。 */
export async function tabTo(page: Page, target: Locator, maxPresses = 80): Promise<number> {
  for (let presses = 1; presses <= maxPresses; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
  }
  throw new Error(`Tab を ${maxPresses} 回押しても ${target.toString()} に届きませんでした`);
}

export type FocusRing = {
  readonly focused: boolean;
  readonly focusVisible: boolean;
  readonly outline: string;
  readonly boxShadow: string;
  readonly visible: boolean;
};

/** フォーカス中の要素のリング。2 px 以上の outline か box-shadow があれば見えるとみなす。 */
export async function focusRing(target: Locator): Promise<FocusRing> {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    const outlineWidth = Number.parseFloat(style.outlineWidth) || 0;
    const hasOutline = style.outlineStyle !== 'none' && outlineWidth >= 2;
    const hasShadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    return {
      focused: el === document.activeElement,
      focusVisible: el.matches(':focus-visible'),
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      boxShadow: style.boxShadow,
      visible: hasOutline || hasShadow,
    };
  });
}

export async function expectVisibleFocus(target: Locator): Promise<void> {
  const ring = await focusRing(target);
  expect(ring, `focus ring of ${target.toString()}`).toMatchObject({
    focused: true,
    focusVisible: true,
    visible: true,
  });
}

/** Tab で target に進み、見えるフォーカスリングが出ていることを確かめる。 */
export async function tabToWithRing(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target);
  await expectVisibleFocus(target);
}
