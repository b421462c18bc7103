/**
 * 行の折り返しの計測（issue 26）。ブラウザーで表示中の文字列を種類ごとに集め、折り返した位置を返す
 * （collectWrappedTexts）。Node.js の側で BudouX の文節と比べ、文節の途中の折り返しと、段落の 1〜2 文字の
 * 最終行を数える（countLineBreaks）。Chromium（tests/e2e/page-audit.spec.ts）と WebKit・Gecko（tests/engines）が、
 * 1 回のページの読み込みで幅ごとに使う。
 */
import {splitPhrases} from '../split';

/** 文字列の種類。短い表示文字列は文節の途中で折り返さず、段落は最終行が 1〜2 文字にならない。 */
export const textKinds = [
  'announcement',
  'navbar',
  'sidebar',
  'toc',
  'breadcrumbs',
  'pagination',
  'footer',
  'button',
  'tag',
  'admonition',
  'card',
  'heading',
  'table',
  'caption',
  'term',
  'listItem',
  'paragraph',
  // 検索ダイアログの結果（ブラウザで描く文字列。plugins/search/tests/line-breaks.spec.ts が開いて数える）。
  'searchTitle',
  'searchExcerpt',
] as const;
export type TextKind = (typeof textKinds)[number];

/** 表示中に 2 行以上になった文字列（折り返した文字列）。 */
export type WrappedText = {
  readonly kind: TextKind;
  /** 文字（コードポイント）ごとの配列。 */
  readonly chars: readonly string[];
  /** 各文字の幅（px）。 */
  readonly widths: readonly number[];
  /** 行の先頭になった文字の番号（最初の行を除く）。 */
  readonly lineStarts: readonly number[];
  /** 文字列の入る箱の幅（px）。これより広い文節は途中で折り返すしかない。 */
  readonly available: number;
};

export type WrapSurvey = {
  /** 種類ごとの、表示中の文字列の数。 */
  readonly shown: Partial<Record<TextKind, number>>;
  readonly wrapped: readonly WrappedText[];
};

/**
 * 表示中の文字列を種類ごとに集め、折り返したものの行の区切りを返す。WebKit（webdriverio）と Gecko
 * （puppeteer）でも文字列にして実行するので、import も外の変数も使わない自己完結の関数にしておく。
 * shortLimit 文字以下のリストの項目は短い文字列、それより長いものと段落は段落として数える。
 */
export function collectWrappedTexts(shortLimit: number): WrapSurvey {
  const kindSelectors: ReadonlyArray<readonly [TextKind, string]> = [
    [
      'searchTitle',
      'dialog[data-state] ol > li > p, dialog[data-state] a[data-search-result] > span:first-child',
    ],
    ['searchExcerpt', 'dialog[data-state] a[data-search-result] > span:last-child'],
    ['announcement', '.theme-announcement-bar [class*="announcementBarContent"]'],
    ['navbar', '.navbar__brand, .navbar__item, .navbar-sidebar .menu__link'],
    [
      'sidebar',
      '.theme-doc-sidebar-menu .menu__link, [class*="sidebarItemTitle"], [class*="sidebarItemLink"]',
    ],
    ['toc', '.table-of-contents__link, [class*="tocCollapsibleButton"]'],
    ['breadcrumbs', '.breadcrumbs__link'],
    ['pagination', '.pagination-nav__label, .pagination-nav__sublabel'],
    ['footer', '.footer__title, .footer__link-item, .footer__copyright'],
    ['button', 'button, .button'],
    ['tag', 'a[rel="tag"]'],
    ['admonition', '.theme-admonition [class*="admonitionHeading"]'],
    ['card', '.card h2, .card h3, article[class*="feature"] h3'],
    ['heading', 'h1, h2, h3, h4, h5, h6'],
    ['table', 'th, td'],
    ['caption', 'figcaption, caption'],
    ['term', 'dt'],
    ['listItem', 'main li'],
    ['paragraph', 'main p'],
  ];
  const skipped = '.hash-link, code, kbd, svg, [aria-hidden="true"], .sr-only';

  const isShown = (element: Element): boolean => {
    if (element.getClientRects().length === 0) return false;
    return getComputedStyle(element).visibility !== 'hidden';
  };

  type Char = {readonly text: string; readonly node: Text; readonly offset: number};
  /** element の文字。li の中の入れ子のリストや段落は、それ自身が数えられるので含めない。 */
  const charsOf = (element: Element): Char[] => {
    const chars: Char[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const parent = text.parentElement;
      if (!parent || parent.closest(skipped)) continue;
      const inner = parent.closest('ul, ol, p, table, li, dt, dd, figcaption');
      if (inner && inner !== element && element.contains(inner)) continue;
      for (const match of text.data.matchAll(/[\s\S]/gu)) {
        chars.push({text: match[0], node: text, offset: match.index});
      }
    }
    return chars;
  };

  type Placed = {readonly top: number; readonly height: number; readonly width: number};
  const place = (char: Char): Placed | undefined => {
    const range = document.createRange();
    range.setStart(char.node, char.offset);
    range.setEnd(char.node, char.offset + char.text.length);
    const rects = Array.from(range.getClientRects());
    const rect = rects.find((r) => r.width > 0) ?? rects[0];
    return rect ? {top: rect.top, height: rect.height, width: rect.width} : undefined;
  };

  const availableWidth = (element: Element): number => {
    let block: Element | null = element;
    while (block && getComputedStyle(block).display.startsWith('inline'))
      block = block.parentElement;
    if (!block) return Infinity;
    const style = getComputedStyle(block);
    return block.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  };

  const taken = new Set<Element>();
  const shown: Partial<Record<TextKind, number>> = {};
  const wrapped: WrappedText[] = [];
  for (const [selectorKind, selector] of kindSelectors) {
    for (const element of Array.from(document.querySelectorAll(selector))) {
      // 先に数えた種類の要素の中や外にある要素は、二重に数えない（カードの見出し、表の中の段落など）。
      if (Array.from(taken).some((other) => other.contains(element) || element.contains(other)))
        continue;
      if (!isShown(element)) continue;
      const chars = charsOf(element);
      const visible = chars.filter((char) => !/\s/u.test(char.text));
      if (visible.length === 0) continue;
      let kind = selectorKind;
      if (kind === 'listItem' && visible.length > shortLimit) kind = 'paragraph';
      taken.add(element);
      shown[kind] = (shown[kind] ?? 0) + 1;
      const placed = chars.map(place);
      const lineStarts: number[] = [];
      let previous: Placed | undefined;
      for (const [index, current] of placed.entries()) {
        if (!current || current.width === 0) continue;
        if (previous && current.top > previous.top + previous.height / 2) lineStarts.push(index);
        previous = current;
      }
      if (lineStarts.length === 0) continue;
      wrapped.push({
        kind,
        chars: chars.map((char) => char.text),
        widths: placed.map((p) => p?.width ?? 0),
        lineStarts,
        available: availableWidth(element),
      });
    }
  }
  return {shown, wrapped};
}

/** ブラウザーで評価する式（WebDriver では `return ` を前に付ける）。tsx が入れる __name の代わりを先に置く。 */
export const collectWrappedTextsScript = (shortLimit: number): string => `(() => {
  const __name = (target) => target;
  return (${collectWrappedTexts.toString()})(${shortLimit});
})()`;

/** リストの項目は、この文字数までなら短い文字列（文節の途中で折り返さない）。 */
export const shortTextLimit = 30;

export type KindCounts = {shown: number; wrapped: number; midPhrase: number; shortLastLine: number};
export type LineBreakCounts = Partial<Record<TextKind, KindCounts>>;

export type LineBreakFindings = {
  readonly counts: LineBreakCounts;
  /** 「sidebar「アカウントの作/成」」の形の、文節の途中の折り返しと短い最終行。 */
  readonly problems: readonly string[];
};

const isSpace = (char: string | undefined): boolean => char !== undefined && /\s/u.test(char);

/** 文節の境目（文字の番号）。BudouX の文節（split.ts）と空白の前後。 */
function phraseBoundaries(chars: readonly string[]): Set<number> {
  const boundaries = new Set<number>([0, chars.length]);
  let position = 0;
  for (const phrase of splitPhrases(chars.join(''))) {
    position += Array.from(phrase).length;
    boundaries.add(position);
  }
  for (const [index, char] of chars.entries()) {
    if (isSpace(char)) boundaries.add(index).add(index + 1);
  }
  return boundaries;
}

/** 折り返しの位置 start が、1 行より広い文節の中にある（途中で折り返すしかない）。 */
function insideWidePhrase(text: WrappedText, boundaries: Set<number>, start: number): boolean {
  let from = start;
  while (!boundaries.has(from)) from -= 1;
  let to = start;
  while (!boundaries.has(to)) to += 1;
  const width = text.widths.slice(from, to).reduce((sum, w) => sum + w, 0);
  return width > text.available + 0.5;
}

/** 最終行の文字数（空白を除く）。 */
function lastLineLength(text: WrappedText): number {
  const last = text.lineStarts.at(-1) ?? 0;
  return text.chars.slice(last).filter((char) => !isSpace(char)).length;
}

/** 折り返した文字列を BudouX の文節と比べて数える。where は問題の説明の頭に付ける（「390 px」など）。 */
export function countLineBreaks(survey: WrapSurvey, where: string): LineBreakFindings {
  const counts: LineBreakCounts = {};
  const countsOf = (kind: TextKind): KindCounts =>
    (counts[kind] ??= {shown: 0, wrapped: 0, midPhrase: 0, shortLastLine: 0});
  for (const [kind, shown] of Object.entries(survey.shown) as [TextKind, number][]) {
    countsOf(kind).shown += shown;
  }
  const problems: string[] = [];
  for (const text of survey.wrapped) {
    const kindCounts = countsOf(text.kind);
    kindCounts.wrapped += 1;
    const cut = (at: number): string =>
      `${text.chars.slice(0, at).join('')}/${text.chars.slice(at).join('')}`.replace(/\s+/gu, ' ');
    if (text.kind === 'paragraph') {
      const length = lastLineLength(text);
      if (length > 0 && length <= 2) {
        kindCounts.shortLastLine += 1;
        problems.push(
          `${where} ${text.kind} 最終行 ${length} 文字「${cut(text.lineStarts.at(-1) ?? 0)}」`,
        );
      }
      continue;
    }
    const boundaries = phraseBoundaries(text.chars);
    const mid = text.lineStarts.filter(
      (start) =>
        !boundaries.has(start) &&
        // 空白の直後の行頭（空白が前の行の終わりに残る）も文節の間。
        !isSpace(text.chars[start - 1]) &&
        !insideWidePhrase(text, boundaries, start),
    );
    if (mid.length > 0) {
      kindCounts.midPhrase += 1;
      problems.push(`${where} ${text.kind}「${cut(mid[0])}」`);
    }
  }
  return {counts, problems};
}

/**
 * まだ文節で区切っていない短い文字列（数には入れるが、テストは止めない）。いまは無い: 開催準備の
 * スケジュールの表とブログのアーカイブの題も、ビルド時の文節で区切る（issue 26）。
 */
export const knownGaps: ReadonlyArray<{readonly page: string; readonly kind: TextKind}> = [];

/** problems のうち、knownGaps に当たらないもの。 */
export function unexpectedProblems(page: string, problems: readonly string[]): string[] {
  const gaps = knownGaps.filter((gap) => gap.page === page).map((gap) => ` ${gap.kind}「`);
  return problems.filter((problem) => !gaps.some((gap) => problem.includes(gap)));
}

/** 数を足し合わせる（幅やルートをまたいだ合計）。 */
export function addCounts(total: LineBreakCounts, more: LineBreakCounts): LineBreakCounts {
  for (const [kind, counts] of Object.entries(more) as [TextKind, KindCounts][]) {
    const sum = (total[kind] ??= {shown: 0, wrapped: 0, midPhrase: 0, shortLastLine: 0});
    sum.shown += counts.shown;
    sum.wrapped += counts.wrapped;
    sum.midPhrase += counts.midPhrase;
    sum.shortLastLine += counts.shortLastLine;
  }
  return total;
}
