/**
 * ページの見出し（h1〜h3）と文節区切りの付いた表示文字列（class="phrases"）を調べ、文節の途中で
 * 折り返している箇所を「h1「ゲームの作成（主催/者）」」の形で返す。
 *
 * 文節の区切りは <wbr> と空白。文節区切りの印（.phrases）が無い見出しは、空白以外のどこで
 * 折り返しても文節の途中とみなす。印がある見出しでも、1 行に収まらないほど長い文節の中の
 * 折り返しは避けられないので数えない。
 *
 * WebKit（webdriverio）と Gecko（puppeteer）でも文字列にして実行するため、import も外の変数も
 * 使わない自己完結の関数にしておく。
 */
export function findBrokenPhrases(): string[] {
  const rootSelector = 'h1, h2, h3, .phrases';
  const markSelector = '.phrases';
  const skippedSelector = '.hash-link, code, kbd, [aria-hidden="true"]';

  type Char = {
    readonly text: string;
    readonly node: Text;
    readonly offset: number;
    /** この文字の前に <wbr> がある。 */
    readonly afterWbr: boolean;
  };
  type Placed = {readonly top: number; readonly height: number; readonly width: number};

  const collectChars = (root: Element): Char[] => {
    const chars: Char[] = [];
    let pendingWbr = false;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof Element) {
        if (node.tagName.toLowerCase() === 'wbr') pendingWbr = true;
        continue;
      }
      const text = node as Text;
      if (text.parentElement?.closest(skippedSelector)) continue;
      for (const [offset, ch] of Array.from(
        text.data.matchAll(/[\s\S]/gu),
        (m) => [m.index, m[0]] as const,
      )) {
        chars.push({text: ch, node: text, offset, afterWbr: pendingWbr});
        pendingWbr = false;
      }
    }
    return chars;
  };

  const place = (char: Char): Placed | undefined => {
    const range = document.createRange();
    range.setStart(char.node, char.offset);
    range.setEnd(char.node, char.offset + char.text.length);
    const rects = Array.from(range.getClientRects());
    const rect = rects.find((r) => r.width > 0) ?? rects[0];
    return rect ? {top: rect.top, height: rect.height, width: rect.width} : undefined;
  };

  const availableWidth = (root: Element): number => {
    let block: Element | null = root;
    while (block && getComputedStyle(block).display.startsWith('inline'))
      block = block.parentElement;
    if (!block) return Infinity;
    const style = getComputedStyle(block);
    return block.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  };

  const isSpace = (text: string): boolean => /\s/.test(text);

  const check = (root: Element): string[] => {
    if (root.getClientRects().length === 0) return [];
    const chars = collectChars(root);
    const placed = chars.map(place);
    const marked = Boolean(root.closest(markSelector) ?? root.querySelector(markSelector));
    // 文節の区切り: <wbr> の位置と空白の前後。印が無ければ空白だけ。
    const isBoundary = (index: number): boolean =>
      index === 0 ||
      index >= chars.length ||
      (marked && chars[index].afterWbr) ||
      isSpace(chars[index].text) ||
      isSpace(chars[index - 1].text);
    const phraseWidth = (index: number): number => {
      let start = index;
      while (!isBoundary(start)) start -= 1;
      let end = index;
      while (!isBoundary(end)) end += 1;
      return placed.slice(start, end).reduce((sum, p) => sum + (p?.width ?? 0), 0);
    };
    const width = availableWidth(root);
    const textOf = (from: number, to?: number): string =>
      chars
        .slice(from, to)
        .map((c) => c.text)
        .join('');
    const problems: string[] = [];
    let previous: Placed | undefined;
    for (let index = 0; index < chars.length; index += 1) {
      const current = placed[index];
      if (!current) continue;
      const newLine = previous !== undefined && current.top > previous.top + previous.height / 2;
      previous = current;
      if (!newLine) continue;
      // 前の文字との間（測れない空白を挟むこともある）に区切りがあれば、文節の間の折り返し。
      let atBoundary = false;
      for (let between = index; between > 0 && !placed[between - 1]; between -= 1) {
        if (isBoundary(between)) atBoundary = true;
      }
      if (atBoundary || isBoundary(index)) continue;
      if (marked && phraseWidth(index) > width + 0.5) continue;
      const tag = root.tagName.toLowerCase();
      problems.push(`${tag}「${textOf(0, index)}/${textOf(index)}」`.replace(/\s+/g, ' '));
    }
    return problems;
  };

  const roots = Array.from(document.querySelectorAll(rootSelector)).filter(
    (element) => !element.parentElement?.closest(rootSelector),
  );
  return roots.flatMap(check);
}

/**
 * ブラウザで評価する式（結果は findBrokenPhrases の戻り値）。tsx（esbuild）で読み込むと関数の中に
 * 名前付けの補助 __name の呼び出しが入るので、その代わりを先に置く。WebDriver では `return ` を前に付ける。
 */
export const findBrokenPhrasesScript = `(() => {
  const __name = (target) => target;
  return (${findBrokenPhrases.toString()})();
})()`;
