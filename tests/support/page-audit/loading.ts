/**
 * 読み込みの順序（issue 4）: 本文は JS の実行を待たずに描かれ、JS は最初から優先度の低い preload で取りに行き、
 * 描画のあとで動く。ハイドレーションは ICU の照合・日付書式を使わない（初めて使う呼び出しはそれだけで
 * 1 倍速の CPU で約 12 ms かかり、遅い端末で入力を止める）。
 */
import type {Page, Response} from '@playwright/test';

type LoadMarks = {
  __denkiMainStarted?: number;
  __denkiIcuCalls: string[];
};

/** goto の前に入れる: main.js が動き始めた時刻（window.docusaurus が入った時）と、ICU の呼び出しを記録する。 */
export async function watchLoading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const marks = window as unknown as LoadMarks;
    let value: unknown;
    Object.defineProperty(window, 'docusaurus', {
      configurable: true,
      get: () => value,
      set: (next: unknown) => {
        marks.__denkiMainStarted ??= performance.now();
        value = next;
      },
    });
    const calls: string[] = [];
    marks.__denkiIcuCalls = calls;
    const localeCompare = String.prototype.localeCompare;
    String.prototype.localeCompare = function (
      this: string,
      ...args: Parameters<string['localeCompare']>
    ) {
      calls.push(`localeCompare(${this}, ${args[0]})`);
      return localeCompare.apply(this, args);
    };
    for (const name of ['Collator', 'DateTimeFormat'] as const) {
      const Original = Intl[name];
      Intl[name] = new Proxy(Original, {
        construct(target, args: unknown[]) {
          calls.push(`new Intl.${name}`);
          return Reflect.construct(target, args);
        },
        apply(target, thisArg, args: unknown[]) {
          calls.push(`Intl.${name}()`);
          return Reflect.apply(target, thisArg, args);
        },
      }) as never;
    }
  });
}

const entryScript = /\/assets\/js\/(runtime~main|react-dom|main)\.[0-9a-f]+\.js$/;

export type LoadingRules = {
  /** 照合を使ってよいページ（タグ一覧は見出し文字を読者の言語の順に並べる）。 */
  readonly sortsByCollation: boolean;
};

/** ハイドレーションが終わり、ページが取りに行くものを取り終えた直後に呼ぶ（このあとの検査の呼び出しを数えない）。 */
export async function loadingProblems(
  page: Page,
  response: Response | null,
  {sortsByCollation}: LoadingRules,
): Promise<string[]> {
  const html = (await response?.text()) ?? '';
  const problems: string[] = [];
  // HTML は JS を同期でも defer でも読まず、優先度の低い preload で取りに行かせる。
  const scriptTags = [...html.matchAll(/<script[^>]*\bsrc=[^>]*>/g)].map(([tag]) => tag);
  problems.push(...scriptTags.map((tag) => `HTML が直接読む ${tag}`));
  const {preloads, firstContentfulPaint, mainStarted, icuCalls} = await page.evaluate(() => {
    const marks = window as unknown as LoadMarks;
    return {
      preloads: Array.from(
        document.querySelectorAll('link[rel="preload"][as="script"]'),
        (link) => ({
          href: (link as HTMLLinkElement).href,
          priority: link.getAttribute('fetchpriority'),
        }),
      ),
      firstContentfulPaint:
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      mainStarted: marks.__denkiMainStarted ?? null,
      icuCalls: marks.__denkiIcuCalls,
    };
  });
  if (preloads.length !== 3) problems.push(`JS の preload が ${preloads.length} 個（期待 3）`);
  for (const {href, priority} of preloads) {
    if (!entryScript.test(new URL(href).pathname))
      problems.push(`入口でない JS の preload ${href}`);
    if (priority !== 'low')
      problems.push(`${href} の fetchpriority「${priority ?? ''}」（CSS と画像を先に取る）`);
  }
  if (firstContentfulPaint === null) problems.push('最初の描画（FCP）が無い');
  if (mainStarted === null) problems.push('main.js が動いていない');
  if (firstContentfulPaint !== null && mainStarted !== null && mainStarted <= firstContentfulPaint)
    problems.push(
      `main.js が描画より先に動いた（${mainStarted} ms ≤ FCP ${firstContentfulPaint} ms）`,
    );
  const unexpected = sortsByCollation
    ? icuCalls.filter((call) => !call.startsWith('localeCompare('))
    : icuCalls;
  problems.push(...unexpected.map((call) => `ハイドレーションまでの ICU の呼び出し ${call}`));
  return problems;
}
