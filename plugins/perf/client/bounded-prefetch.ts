/**
 * 画面に入ったリンクの先読みに上限を付ける（issue 27）。Docusaurus の Link は、画面に入ったリンクごとに
 * window.docusaurus.prefetch を呼ぶので、1,000 本のリンクを流し見るだけで 1,000 ページ分を取っていた。
 * link-prefetch-loader.cjs が、その呼び出しを prefetchWhenSeen に差し替える。
 * - 画面に入ったリンクは候補にするだけ。スクロールが止まったら（見え方が settleMs の間変わらなかったら）、
 *   そのとき見えている候補から、文書の順に最大 maxPerView 本を先読みし、残りの候補は忘れる。流し見たリンクは取らない。
 *   1 つのページで先読みするのは maxPerPage 本まで（1,000 本の一覧を 1 画面ずつ止まりながら読んでも）。
 * - 読者の意図（ポインターが乗る・触れる: Link の onMouseEnter / onTouchStart、キーボードのフォーカス: ここ）では、
 *   そのリンクの行き先を読み込む（window.docusaurus.preload）。
 * 2g・データセーバーでは先読みも読み込みもしない判断は、window.docusaurus のまま。
 */

/** 1 つの画面（スクロールが止まったところ）で先読みするリンクの数。 */
export const maxPerView = 3;
/** 1 つのページ（パス）で、画面に入ったことで先読みするリンクの数。長い一覧を読み進めても、これより増えない。 */
export const maxPerPage = 2 * maxPerView;
/** 見え方がこの間変わらなければ、スクロールが止まったとみなす。 */
const settleMs = 200;

type Docusaurus = {
  prefetch: (routePath: string) => unknown;
  preload: (routePath: string) => unknown;
};
const docusaurus = (): Docusaurus | undefined =>
  (window as Window & {docusaurus?: Docusaurus}).docusaurus;

/** 候補（画面に一度入ったリンク → 行き先）。 */
const candidates = new Map<Element, string>();
const visible = new Set<Element>();
/** 先読みを頼んだ行き先（同じ行き先で枠を使わない）。 */
const requested = new Set<string>();
let watcher: IntersectionObserver | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
/** 先読みを数えているページのパスと、そのページで先読みした数。 */
let countedPath = '';
let countedOnPage = 0;

const currentPath = (): string => window.location.pathname;

/** このページで、あと何本先読みしてよいか（ページが変われば数え直す）。 */
function leftOnPage(): number {
  if (countedPath !== currentPath()) {
    countedPath = currentPath();
    countedOnPage = 0;
  }
  return Math.max(0, maxPerPage - countedOnPage);
}

function settle(): void {
  timer = undefined;
  const chosen = [...candidates]
    .sort(([a], [b]) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .filter(
      ([element, routePath]) =>
        visible.has(element) &&
        element.isConnected &&
        routePath !== currentPath() &&
        !requested.has(routePath),
    )
    .slice(0, Math.min(maxPerView, leftOnPage()));
  for (const element of candidates.keys()) watcher?.unobserve(element);
  candidates.clear();
  visible.clear();
  countedOnPage += chosen.length;
  for (const [, routePath] of chosen) {
    requested.add(routePath);
    docusaurus()?.prefetch(routePath);
  }
}

function restartTimer(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = setTimeout(settle, settleMs);
}

function observe(entries: IntersectionObserverEntry[]): void {
  for (const entry of entries) {
    if (entry.isIntersecting) visible.add(entry.target);
    else visible.delete(entry.target);
  }
  restartTimer();
}

/** Link が「画面に入った」と知らせたリンク。すぐには先読みせず、候補にする。 */
export function prefetchWhenSeen(element: Element, routePath: string): void {
  if (requested.has(routePath) || candidates.has(element) || leftOnPage() === 0) return;
  watcher ??= new IntersectionObserver(observe);
  candidates.set(element, routePath);
  watcher.observe(element);
  restartTimer();
}

/** キーボードでリンクにフォーカスしたら、ポインターが乗ったときと同じく行き先を読み込む。 */
function onFocus(event: FocusEvent): void {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname === currentPath()) return;
  docusaurus()?.preload(url.pathname);
}

if (typeof document !== 'undefined') document.addEventListener('focusin', onFocus);
