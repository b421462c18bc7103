/**
 * 検索の決めてあるクエリ（plugins/search/quality/queries.ts）を、WebKit と Gecko の検索 UI で探す（issue 29）。
 * 検索語の区切り（Intl.Segmenter）はエンジンの ICU で決まるので、Chromium と同じ答えになるかを確かめる。
 * 入力欄には値を入れて input を送る（WebDriver の文字入力は IME を通らないので、かなでも同じ）。
 */
import {isHit, uniquePages} from '../../plugins/search/quality/dialog';
import {TOP_N, type SearchQuery} from '../../plugins/search/quality/queries';
import type {EngineSession} from './driver';
import {waitUntil} from './page';

const searchInput = 'dialog[data-state] input[type="search"]';

/** React が受け取る形で入力欄の値を変える。 */
function fill(sel: string, value: string): void {
  const input = document.querySelector<HTMLInputElement>(sel);
  if (!input) throw new Error(`入力欄がありません: ${sel}`);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', {bubbles: true}));
}

function answered(q: string): boolean {
  const dialog = document.querySelector<HTMLElement>('dialog[data-state]');
  return dialog?.dataset.query === q && ['results', 'empty'].includes(dialog.dataset.state ?? '');
}

function resultHrefs(): string[] {
  return Array.from(document.querySelectorAll('dialog[data-state] a[data-search-result]')).map(
    (a) => a.getAttribute('href') ?? '',
  );
}

export type EngineQueryScore = {
  readonly hits: number;
  readonly failures: readonly string[];
  readonly empty: readonly string[];
};

/** クエリを順に探す。検索のダイアログは開いてあること。 */
export async function scoreQueries(
  session: EngineSession,
  queries: readonly SearchQuery[],
): Promise<EngineQueryScore> {
  const failures: string[] = [];
  const empty: string[] = [];
  for (const query of queries) {
    await session.evaluate(fill, searchInput, query.query);
    await waitUntil(session, `「${query.query}」の答え`, answered, query.query);
    const pages = uniquePages(await session.evaluate(resultHrefs));
    if (pages.length === 0) empty.push(query.query);
    if (!isHit(query, pages)) {
      failures.push(`${query.query} → ${pages.slice(0, TOP_N).join(', ') || '(結果なし)'}`);
    }
  }
  return {hits: queries.length - failures.length, failures, empty};
}
