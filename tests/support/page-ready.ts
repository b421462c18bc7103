/** ページが描画し終わるまで待つ（ハイドレーションと Mermaid の図）。 */
import type {Page} from '@playwright/test';

/** Docusaurus がハイドレーションを終えると <html> に付ける印。 */
export const hydratedHtml = 'html[data-has-hydrated="true"]';

export async function waitForHydration(page: Page): Promise<void> {
  await page.locator(hydratedHtml).waitFor({state: 'attached'});
}

/** ハイドレーション後、遅延読み込みの図（Mermaid）まで描き終えるのを待つ。 */
export async function waitForPageReady(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.docusaurus-mermaid-container')).every((el) =>
      el.querySelector('svg'),
    ),
  );
}
