/** ページが描画し終わるまで待つ（ハイドレーションと、そのあとの読み込み）。図はビルド時に HTML に入っている。 */
import type {Page} from '@playwright/test';

/** Docusaurus がハイドレーションを終えると <html> に付ける印。 */
export const hydratedHtml = 'html[data-has-hydrated="true"]';

export async function waitForHydration(page: Page): Promise<void> {
  await page.locator(hydratedHtml).waitFor({state: 'attached'});
}

/** ハイドレーション後、ページが取りに行くものを取り終えるまで待つ。 */
export async function waitForPageReady(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
}
