/** 検索 UI をブラウザで操作するための共通処理（e2e テスト、成長の計測、エンジンの比較が使う）。 */
import type {Locator, Page} from '@playwright/test';
import {searchStrings} from '../shared';
import {TOP_N, type SearchQuery} from './queries';

/** URL からページのパスだけを取り出す（ハッシュ・クエリ・末尾の .html とスラッシュを落とす）。 */
export function pagePath(url: string): string {
  const {pathname} = new URL(url, 'http://localhost');
  const clean = decodeURI(pathname)
    .replace(/\.html$/, '')
    .replace(/\/index$/, '/');
  return clean.length > 1 ? clean.replace(/\/+$/, '') : '/';
}

/** 結果のページを出現順に重複なく並べる（見出しごとの結果が同じページを指すことがある）。 */
export function uniquePages(urls: readonly string[]): string[] {
  return [...new Set(urls.map(pagePath))];
}

/** 期待したページがすべて上位 TOP_N 件に入っているか。 */
export function isHit(query: SearchQuery, pages: readonly string[]): boolean {
  const top = pages.slice(0, TOP_N);
  return query.expect.every((page) => top.includes(page));
}

export function searchButton(page: Page): Locator {
  return page
    .getByRole('navigation')
    .getByRole('button', {name: searchStrings.button, exact: true});
}

export function searchDialog(page: Page): Locator {
  return page.getByRole('dialog', {name: searchStrings.dialogTitle});
}

export function searchInput(page: Page): Locator {
  return searchDialog(page).getByRole('searchbox', {name: searchStrings.inputLabel});
}

export function resultLinks(page: Page): Locator {
  return searchDialog(page).locator('a[data-search-result]');
}

/** ダイアログの表示が query の結果（または該当なし）になるまで待つ。 */
export async function waitForResults(page: Page, query: string): Promise<string> {
  const handle = await page.waitForFunction((q) => {
    const dialog = document.querySelector<HTMLElement>('dialog[data-state]');
    const state = dialog?.dataset.state;
    if (state === 'error') return 'error';
    return dialog?.dataset.query === q && (state === 'results' || state === 'empty')
      ? state
      : false;
  }, query);
  return (await handle.jsonValue()) as string;
}

export async function openSearch(page: Page): Promise<Locator> {
  await searchButton(page).click();
  await searchInput(page).waitFor();
  return searchDialog(page);
}

/** 検索語を入力し、結果のリンク先（href）を表示順に返す。 */
export async function searchFor(page: Page, query: string): Promise<string[]> {
  await searchInput(page).fill(query);
  const state = await waitForResults(page, query);
  if (state === 'error') throw new Error(`検索がエラーになりました: ${query}`);
  return resultLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}
