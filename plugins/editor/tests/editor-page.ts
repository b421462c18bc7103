/** エディターの画面の操作（Playwright）。事務局の人がスマートフォンでするのと同じ順に押す。 */
import {expect, type CDPSession, type Locator, type Page} from '@playwright/test';

export const phone = {width: 390, height: 844} as const;

/** 手元のバックエンド（decap-server）に入る。 */
export async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  const login = page.getByRole('button', {name: 'ログイン'});
  await login.click();
  await expect(login).toBeHidden();
}

/**
 * IME で変換して確定する入力（Chromium の DevTools Protocol: compositionstart / update / end と input が起きる）。
 * readings は変換前の読み（打つ途中の文字）、text は確定する文字。
 */
export async function typeWithIme(
  cdp: CDPSession,
  field: Locator,
  steps: readonly {readonly reading: string; readonly text: string}[],
): Promise<void> {
  await field.click();
  for (const {reading, text} of steps) {
    for (let length = 1; length <= reading.length; length += 1) {
      const composing = reading.slice(0, length);
      await cdp.send('Input.imeSetComposition', {
        text: composing,
        selectionStart: composing.length,
        selectionEnd: composing.length,
      });
    }
    await cdp.send('Input.insertText', {text});
  }
}

/** 複数を選べる選択の欄（react-select）で、表示名の選択肢を選ぶ。 */
export async function choose(page: Page, field: string, option: string): Promise<void> {
  // 必須でない欄の名前には Decap が「(任意)」を付ける。
  await page.getByLabel(new RegExp(`^${field}( \\(任意\\))?$`)).click();
  await page.getByRole('option', {name: option}).click();
}

export function dateField(page: Page, part: '年' | '月' | '日'): Locator {
  return page.getByRole('textbox', {name: part, exact: true});
}

export async function setDate(page: Page, year: number, month: number, day: number): Promise<void> {
  await dateField(page, '年').fill(String(year));
  await dateField(page, '月').fill(String(month));
  await dateField(page, '日').fill(String(day));
}

/** 「保存」: 記事のブランチ（cms/…）にコミットする。まだ公開しない。 */
export async function save(page: Page): Promise<void> {
  await page.getByRole('button', {name: '保存', exact: true}).click();
}

/** 保存した記事の状態（ステータス）を変える。 */
export async function setStatus(
  page: Page,
  status: '下書き' | 'レビュー待ち' | '公開待ち',
): Promise<void> {
  await page.getByRole('button', {name: /^ステータス: /}).click();
  await page.getByRole('menuitem', {name: status}).click();
  await expect(page.getByRole('button', {name: `ステータス: ${status}`})).toBeVisible();
}

/** 「公開待ち」の記事を「公開」→「公開する」（記事のブランチを main に取り込む）。確かめのダイアログは呼ぶ側が承諾する。 */
export async function publishReady(page: Page): Promise<void> {
  await page.getByRole('button', {name: '公開', exact: true}).click();
  await page.getByRole('menuitem', {name: '公開する'}).click();
}

/** 保存して「公開待ち」にし、公開する。 */
export async function publish(page: Page): Promise<void> {
  await save(page);
  await setStatus(page, '公開待ち');
  await publishReady(page);
}

export function altField(page: Page, index: number): Locator {
  return page.getByRole('textbox', {name: new RegExp(`^写真 ${index} の説明`)});
}

/** Decap がこの端末に残した、保存していない記事の控え（IndexedDB の localforage）の中身（写真の Blob は大きさだけ）。 */
export function localBackups(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const request = indexedDB.open('localforage');
        request.onerror = () => resolve('');
        request.onsuccess = () => {
          const database = request.result;
          if (!database.objectStoreNames.contains('keyvaluepairs')) return resolve('');
          const store = database.transaction('keyvaluepairs').objectStore('keyvaluepairs');
          const values = store.getAll();
          values.onsuccess = () =>
            resolve(
              JSON.stringify(values.result, (_key, value: unknown) =>
                value instanceof Blob ? `blob:${value.size}` : value,
              ),
            );
          values.onerror = () => resolve('');
        };
      }),
  );
}
