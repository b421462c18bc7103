/**
 * 文節で区切った名前が、WebKit と Gecko のアクセシビリティツリーでも元の文字列と同じか（issue 26 の 3）。
 * Chromium は plugins/phrases/tests/accessible-names.ts がページの監査で全ルートを調べる。
 */
import type {EngineSession} from './driver';

/** 1 ページで調べる名前の数（お知らせバー、h1、サイドバー、フッターのリンクなどの先頭から）。 */
const perPage = 12;
const checkedAttribute = 'data-name-check';

type Named = {readonly selector: string; readonly text: string};

/**
 * 文節の区切りを含み、名前が中の文字だけで決まる要素（見出しのリンクの記号、アイコン、CSS の生成した
 * 文字の付かないもの）に印を付け、その選択子と文字を返す。自己完結の関数（ページの中で実行する）。
 * 表のセルは調べない: WebKitGTK の Get Computed Label は、区切りの有無によらずセルには空の名前を返す。
 */
function markSplitNames([limit, attribute]: readonly [number, string]): Named[] {
  const candidates = Array.from(
    document.querySelectorAll(':is(a, h1, h2, h3, button):has(wbr)'),
  ).filter(
    (element) =>
      element.getClientRects().length > 0 &&
      !element.querySelector('.hash-link, svg, [aria-label], [aria-hidden="true"]:not(wbr)') &&
      !element.closest('.pagination-nav') &&
      !element.hasAttribute('aria-label'),
  );
  return candidates.slice(0, limit).map((element, index) => {
    element.setAttribute(attribute, String(index));
    return {
      selector: `[${attribute}="${index}"]`,
      text: (element.textContent ?? '').replace(/\s+/gu, ' ').trim(),
    };
  });
}

/** 名前が元の文字列と違う要素を「「文字列」（選択子）」の形で返す。調べた数も返す。 */
export async function splitNameMismatches(
  session: EngineSession,
): Promise<{readonly checked: number; readonly mismatches: string[]}> {
  const named = await session.evaluate(markSplitNames, [perPage, checkedAttribute] as const);
  const mismatches: string[] = [];
  for (const {selector, text} of named) {
    if (!(await session.hasAccessibleName(selector, text))) mismatches.push(`「${text}」`);
  }
  return {checked: named.length, mismatches};
}
