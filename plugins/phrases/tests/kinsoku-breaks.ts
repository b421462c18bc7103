/**
 * 文節の区切り（<wbr>）が禁則を破っていないか（issue 61）: 行頭禁則の文字（「：」「・」「」」など）の前や、
 * 行末禁則の文字（「（」「「」など）の後ろにある <wbr> を、「つかまえた|・つかまった」の形で返す。ページ監査
 * （tests/support/page-audit/）とエディターのプレビュー（plugins/editor/tests/labels.spec.ts）が、開いている
 * 文書（プレビューは枠の中）で使う。文字の一覧は、文節を分けるビルドと同じもの（kinsoku.ts）。
 */
import type {Frame, Page} from '@playwright/test';
import {lineEndProhibited, lineStartProhibited} from '../kinsoku';

type Lists = {readonly start: string; readonly end: string};

/** ブラウザーの中で動く（import も外の変数も使わない）。 */
function findKinsokuBreaks({start, end}: Lists): string[] {
  const skipped = 'script, style, noscript, template';
  const problems: string[] = [];
  // 直前の文字列（空白を除いて最後の数文字）と、その後ろにまだ文字の来ていない <wbr> があるか。
  let before = '';
  let pending: string | null = null;
  // 中の文字を見ない要素は、子ごと飛ばす（FILTER_REJECT）。
  const walker = document.createTreeWalker(
    document.body,
    NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
    {
      acceptNode: (node) =>
        node instanceof Element && node.matches(skipped)
          ? NodeFilter.FILTER_REJECT
          : NodeFilter.FILTER_ACCEPT,
    },
  );
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Element) {
      if (node.tagName === 'WBR') pending = before;
      continue;
    }
    const text = (node.textContent ?? '').replace(/\s+/gu, '');
    if (!text) continue;
    if (pending !== null) {
      const last = Array.from(pending).at(-1) ?? '';
      const first = Array.from(text)[0];
      if (start.includes(first) || (last && end.includes(last)))
        problems.push(`「${pending.slice(-8)}|${text.slice(0, 8)}」`);
      pending = null;
    }
    before = text;
  }
  return problems;
}

/** 開いている文書（target がプレビューの枠ならその中）の、禁則を破る文節の区切り。 */
export function kinsokuBreaks(target: Page | Frame): Promise<string[]> {
  return target.evaluate(findKinsokuBreaks, {start: lineStartProhibited, end: lineEndProhibited});
}
