/**
 * エディターのスペックが使う test: どのテストも、開いたページ（ポップアップも）で捕まえられなかった例外
 * （ページの例外と、断られたまま捕まえられなかった Promise）が 1 つでもあれば失敗する。
 * 自分で開くコンテキスト（launchPersistentContext など）には watchPageErrors を使う。
 */
import {test as base, expect, type BrowserContext, type Page} from '@playwright/test';

/** context のすべてのページの例外を集める。返す関数は、集めた例外が無いことを確かめる。 */
export function watchPageErrors(context: BrowserContext): () => void {
  const errors: string[] = [];
  const watch = (page: Page): void => {
    page.on('pageerror', (error) => {
      errors.push(`${page.url()}\n${error.stack ?? `${error.name}: ${error.message}`}`);
    });
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
  return () => expect(errors, 'エディターのページで捕まえられなかった例外').toEqual([]);
}

/** ブラウザーを使うテストだけが context を開く（ブラウザーを使わないテストには何もしない）。 */
export const test = base.extend({
  context: async ({context}, provide) => {
    const check = watchPageErrors(context);
    await provide(context);
    check();
  },
});

export {expect};
