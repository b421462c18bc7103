/**
 * ハイドレーションの検査（issue 55）: React がサーバーの描いた DOM をそのまま引き継いだか。
 *
 * React 19 の本番ビルドは、サーバーの HTML とブラウザーでの最初の描画が食い違っても開発版の警告を出さない。
 * 食い違った部分（Suspense の境界の中、境界が無ければページ全体）をブラウザーで描き直し、
 * hydrateRoot の onRecoverableError に「Minified React error #418」などを渡すだけで、ページは動き続ける。
 * Docusaurus 3.10 の clientEntry.js は、それを console.error('Docusaurus React Root onRecoverableError:', …)
 * で出す。ここでは、その誤りと、描き直しで置き換わったサーバーの要素の両方を数える。
 *
 * watchHydration はページの最初に入れるスクリプト（Playwright の addInitScript、Gecko の
 * evaluateOnNewDocument。従来の WebDriver で動かす WebKit には、ページより先にスクリプトを入れる口が無い）で、main.js が window.docusaurus を置く瞬間（hydrateRoot の前）に、
 * #__docusaurus の中のサーバーの要素をすべて覚える。hydrationProblems はハイドレーションのあとで呼ぶ。
 * どちらもページの中で評価するので、外の変数を使わない。
 */

export type HydrationWatchOptions = {
  /**
   * 検出を確かめるテスト用: ハイドレーションの直前に、本文へサーバーの HTML に無い段落を足す
   * （React はその余分な要素で食い違いを見つけ、#418 を報告して描き直す）。
   */
  readonly breakHydration: boolean;
  /** sessionStorage のこのキーが '1' のページでも、同じように壊す（ブラウザーを開いたまま切り替える Gecko 用）。 */
  readonly breakFlag?: string;
};

/** watchHydration の breakFlag に渡すキー。 */
export const breakHydrationFlag = 'denki-break-hydration';

type HydrationWatch = {
  /** main.js が動き始めた時（hydrateRoot の前）の #__docusaurus の中の要素と、その時の親。 */
  serverNodes: Array<readonly [Element, Element | null]>;
  started: boolean;
  /** 記録した時に、もうハイドレーションが済んでいたか（記録が遅すぎた）。 */
  lateSnapshot: boolean;
  /** ハイドレーションの誤りを伝えるコンソールのエラー。 */
  errors: string[];
};

export function watchHydration({breakHydration, breakFlag}: HydrationWatchOptions): void {
  const marks = window as unknown as {__denkiHydration?: HydrationWatch};
  if (marks.__denkiHydration) return;
  const watch: HydrationWatch = {serverNodes: [], started: false, lateSnapshot: false, errors: []};
  marks.__denkiHydration = watch;

  // ハイドレーションの誤りを伝える console.error（Docusaurus の onRecoverableError と React の誤りの番号）。
  const pattern = /onRecoverableError|hydrat|Minified React error #(418|419|421|422|423|425)\b/i;
  const describe = (value: unknown): string => {
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    // onRecoverableError の 2 つ目の引数（errorInfo）は文にならないので省く。
    return typeof value === 'object' && value !== null ? '' : String(value);
  };
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const text = args.map(describe).join(' ').trim();
    if (pattern.test(text)) watch.errors.push(text.slice(0, 200));
    consoleError(...args);
  };

  const snapshot = (): void => {
    watch.started = true;
    watch.lateSnapshot = document.documentElement.dataset.hasHydrated === 'true';
    const root = document.getElementById('__docusaurus');
    watch.serverNodes = Array.from(root?.querySelectorAll('*') ?? [], (node) => [
      node,
      node.parentElement,
    ]);
    let flagged = false;
    try {
      flagged = breakFlag !== undefined && sessionStorage.getItem(breakFlag) === '1';
    } catch {
      // 読めない sessionStorage では壊さない。
    }
    if (breakHydration || flagged) {
      const extra = document.createElement('p');
      extra.textContent = 'サーバーの HTML に無い段落';
      (document.querySelector('main article') ?? document.querySelector('main'))?.prepend(extra);
    }
  };

  // ほかの記録（page-audit/loading.ts の watchLoading）が先に置いた窓口があれば、それに渡す。
  const previous = Object.getOwnPropertyDescriptor(window, 'docusaurus');
  let value: unknown = previous?.value;
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    get: () => (previous?.get ? previous.get.call(window) : value),
    set: (next: unknown) => {
      if (!watch.started) snapshot();
      if (previous?.set) previous.set.call(window, next);
      else value = next;
    },
  });
}

/** ハイドレーションのあとで呼ぶ: 問題を日本語の文の一覧で返す（空なら問題なし）。 */
export function hydrationProblems(): string[] {
  const watch = (window as unknown as {__denkiHydration?: HydrationWatch}).__denkiHydration;
  if (!watch) return ['ハイドレーションの監視がページに入っていない'];
  const problems: string[] = [];
  if (document.documentElement.dataset.hasHydrated !== 'true')
    problems.push('React が動き出していない（<html data-has-hydrated> が無い）');
  if (!watch.started)
    problems.push('main.js が動いていない（ハイドレーションの前の DOM を記録できない）');
  if (watch.lateSnapshot) problems.push('記録より先にハイドレーションが済んでいた');
  // 置き換わった要素: ページから外れ、残った親には同じ種類の新しい要素がある（描き直し）。
  // 親ごと外れた要素と、入れ替わりの無い取り外し（ハイドレーションのあとの更新で、390 px のサイドバーや
  // 明暗の片方のロゴの画像を外す）は数えない。
  const server = new Set(watch.serverNodes.map(([node]) => node));
  const replaced = watch.serverNodes
    .filter(
      ([node, parent]) =>
        !node.isConnected &&
        parent?.isConnected === true &&
        Array.from(parent.children).some(
          (child) => child.localName === node.localName && !server.has(child),
        ),
    )
    .map(([node]) => node);
  if (replaced.length > 0) {
    const names = replaced.slice(0, 3).map((node) => {
      const text = (node.textContent ?? '').trim().slice(0, 20);
      return `<${node.localName}${node.id ? `#${node.id}` : ''}>${text}`;
    });
    problems.push(
      `サーバーの描いた要素を React が作り直した（置き換わった部分 ${replaced.length} か所: ${names.join('、')} …）`,
    );
  }
  problems.push(...watch.errors.map((error) => `ハイドレーションの誤り: ${error}`));
  return problems;
}
