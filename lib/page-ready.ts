/** ページが描画し終わるまで待つ（ハイドレーションと、そのあとの読み込み）。図はビルド時に HTML に入っている。 */
import type {Page} from '@playwright/test';

/** Docusaurus がハイドレーションを終えると <html> に付ける印（locator を組み立てるときに使う）。 */
export const hydratedHtml = 'html[data-has-hydrated="true"]';

/**
 * ページの中で評価する（外の変数を使わない）: Docusaurus がハイドレーションを終えたか。
 * Playwright の waitForHydration、WebKit と Gecko の tests/engines/page.ts、検索の計測
 * （plugins/search/quality）の待ち合わせは、どれもこの関数で確かめる。
 */
export function isHydrated(): boolean {
  return document.documentElement.dataset.hasHydrated === 'true';
}

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(isHydrated);
}

/** ハイドレーション後、ページが取りに行くものを取り終えるまで待つ。 */
export async function waitForPageReady(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
}

/** ページを開き、waitForPageReady まで待つ。 */
export async function openReady(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForPageReady(page);
}
