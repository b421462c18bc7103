/**
 * Issue 55: ナビゲーションバーのメニューのボタン（.navbar__toggle）へのタップが、どれだけで応えるか。
 * Playwright の Chromium、390 px のスマートフォン（isMobile、hasTouch）、CDP で CPU を 4 倍遅く、
 * Service Worker は止める。ルートを 2 回、どちらも新しいコンテキストで開く:
 * (a) load イベントの直後にタップする、(b) 操作できるようになってから（load のあと、長いタスクのない
 *     1 秒の窓が初めてできたとき。15 秒で打ち切り）タップする。
 * (b) の応答は Event Timing の duration（同じ interactionId のエントリーの最大。durationThreshold 16 ms なので、
 * エントリーがなければ 16 ms 未満）。(a) の応答は、タップ（first-input の startTime）からメニューが開いて
 * 次のフレームまで: JS が動く前のタップは、React が受け持ったあとで押し直す（plugins/perf/client/early-tap.ts）
 * ので、そのタップ自体の Event Timing は短く、読者の待ち時間を表さない。
 * メニュー（.navbar-sidebar--show）が開かなければ失敗。
 * (b) のタップの前に DOM の要素数（document.getElementsByTagName('*')）も数える。
 */
import type {Browser, BrowserContext, Page} from '@playwright/test';
import {quietWindow, type TapOutcome, type TimeSpan} from '../../lib/interaction-timing';
import {withTimeout} from './processes';

export const tapDevice = {
  viewport: {width: 390, height: 844},
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
} as const;
export const cpuSlowdown = 4;
export const quietWindowMs = 1_000;
export const interactiveCapMs = 15_000;
const toggleSelector = '.navbar__toggle';
/** theme-classic の Navbar/Layout が、メニューを開いている間 nav に付けるクラス。 */
const openSelector = '.navbar-sidebar--show';
const openTimeoutMs = 10_000;

export type TapResult = {
  readonly outcome: TapOutcome;
  /** タップが届いた時刻（Event Timing の startTime）の、load からの ms。エントリーがなければ null。 */
  readonly tapAfterLoadMs: number | null;
  /** 開かなかったときも、記録された応答の ms（参考）。 */
  readonly rawDurationMs: number | null;
};

export type TapProbe = {
  readonly atLoad: TapResult;
  readonly afterInteractive: TapResult & {
    /** load から、長いタスクのない窓の始まりまでの ms。 */
    readonly interactiveAfterLoadMs: number;
    readonly capped: boolean;
  };
  readonly domElements: number;
};

type EventRecord = {
  readonly name: string;
  readonly interactionId: number;
  readonly duration: number;
  readonly startTime: number;
};
type PageState = {
  readonly loadAt: number;
  /** 最初の入力（タップ）の時刻。 */
  readonly firstInputAt?: number;
  /** メニューが開いたあとの最初のフレームの時刻。 */
  readonly openedAt?: number;
  readonly now: number;
  readonly longTasks: TimeSpan[];
  readonly events: EventRecord[];
};

/**
 * ページのどのスクリプトより先に動く観測（文字列で渡す: 関数を渡すと、tsx の変換が足す補助関数が
 * ページの中で見つからない）。長いタスクとイベントを window.__mainThreadBench に貯める。
 */
const observeScript = `(() => {
  const state = {longTasks: [], events: [], observers: [], firstInputAt: undefined, openedAt: undefined};
  window.__mainThreadBench = state;
  const longTasks = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      state.longTasks.push({start: entry.startTime, end: entry.startTime + entry.duration});
  });
  longTasks.observe({type: 'longtask', buffered: true});
  const events = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      state.events.push({name: entry.name, interactionId: entry.interactionId || 0,
        duration: entry.duration, startTime: entry.startTime});
  });
  events.observe({type: 'event', durationThreshold: 16, buffered: true});
  const firstInput = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.firstInputAt = entry.startTime;
  });
  firstInput.observe({type: 'first-input', buffered: true});
  new MutationObserver(() => {
    if (state.openedAt === undefined && document.querySelector('${openSelector}'))
      requestAnimationFrame(() => { if (state.openedAt === undefined) state.openedAt = performance.now(); });
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['class']});
  state.observers.push(longTasks, events);
  document.addEventListener('DOMContentLoaded', () => {
    const box = document.querySelector('${toggleSelector}')?.getBoundingClientRect();
    window.__benchToggle(box && box.width > 0
      ? {x: box.x + box.width / 2, y: box.y + box.height / 2} : null);
  });
})();`;

/** 観測の記録を読む（届いていない記録は takeRecords で取り込む）。 */
function readState(page: Page): Promise<PageState> {
  return page.evaluate(() => {
    const state = (
      window as unknown as {__mainThreadBench: PageState & {observers: PerformanceObserver[]}}
    ).__mainThreadBench;
    state.observers.forEach((observer) => {
      observer.takeRecords().forEach((entry) => {
        if (entry.entryType === 'longtask')
          state.longTasks.push({start: entry.startTime, end: entry.startTime + entry.duration});
        else
          state.events.push({
            name: entry.name,
            interactionId:
              (entry as PerformanceEntry & {interactionId?: number}).interactionId ?? 0,
            duration: entry.duration,
            startTime: entry.startTime,
          });
      });
    });
    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    return {
      loadAt: navigation?.loadEventEnd ?? 0,
      firstInputAt: state.firstInputAt,
      openedAt: state.openedAt,
      now: performance.now(),
      longTasks: state.longTasks,
      events: state.events,
    };
  });
}

type Point = {readonly x: number; readonly y: number};

/**
 * CPU を遅くした新しいコンテキストのページ。ボタンの真ん中は、DOMContentLoaded でページから知らせてもらう
 * （SSR の HTML の時点で置かれている。load の直後に Node から問い合わせると、ページのタスクが終わるまで待たされる）。
 */
async function openThrottled(
  browser: Browser,
  baseURL: string,
): Promise<{context: BrowserContext; page: Page; toggle: Promise<Point>}> {
  const context = await browser.newContext({
    ...tapDevice,
    baseURL,
    locale: 'ja-JP',
    serviceWorkers: 'block',
  });
  context.setDefaultTimeout(30_000);
  let reportToggle: (point: Point | null) => void = () => undefined;
  const toggle = new Promise<Point>((resolve, reject) => {
    reportToggle = (point) =>
      point
        ? resolve(point)
        : reject(new Error(`${toggleSelector} がありません（390 px でメニューのボタンがない）`));
  });
  toggle.catch(() => undefined);
  await context.exposeBinding('__benchToggle', (_source, point: Point | null) =>
    reportToggle(point),
  );
  await context.addInitScript(observeScript);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: cpuSlowdown});
  return {context, page, toggle};
}

/**
 * タップして、メニューが開くのと Event Timing の記録を待ち、応答を読む。untilOpen のときは、応答を
 * タップからメニューが開いたあとのフレームまでの時間にする。
 */
async function tapToggle(page: Page, at: Point, untilOpen = false): Promise<TapResult> {
  await page.touchscreen.tap(at.x, at.y);
  const opened = await page
    .locator(openSelector)
    .waitFor({state: 'attached', timeout: openTimeoutMs})
    .then(() => true)
    .catch(() => false);
  // Event Timing は応答の描画のあとで記録される。2 フレームと少し待ってから読む。
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 200)));
      }),
  );
  const state = await readState(page);
  const interaction = state.events.find((event) => event.interactionId > 0)?.interactionId;
  const entries = state.events.filter((event) => event.interactionId === interaction);
  const rawDurationMs =
    interaction === undefined ? null : Math.max(...entries.map((entry) => entry.duration));
  const firstStart =
    interaction === undefined ? null : Math.min(...entries.map((entry) => entry.startTime));
  const untilOpenMs =
    state.openedAt !== undefined && state.firstInputAt !== undefined
      ? state.openedAt - state.firstInputAt
      : null;
  const outcome: TapOutcome = !opened
    ? {kind: 'failed'}
    : untilOpen
      ? untilOpenMs === null
        ? {kind: 'failed'}
        : {kind: 'ms', ms: untilOpenMs}
      : rawDurationMs === null
        ? {kind: 'under', ms: 16}
        : {kind: 'ms', ms: rawDurationMs};
  return {
    outcome,
    tapAfterLoadMs: firstStart === null ? null : firstStart - state.loadAt,
    rawDurationMs,
  };
}

async function tapAtLoad(browser: Browser, baseURL: string, route: string): Promise<TapResult> {
  const {context, page, toggle} = await openThrottled(browser, baseURL);
  try {
    await page.goto(route, {waitUntil: 'load', timeout: 60_000});
    return await tapToggle(page, await withTimeout(toggle, 5_000, 'メニューのボタンの位置'), true);
  } finally {
    await context.close();
  }
}

/** load のあと、長いタスクのない窓ができるまで 100 ms おきに見る。 */
async function waitInteractive(
  page: Page,
): Promise<{readonly afterLoadMs: number; readonly capped: boolean}> {
  for (;;) {
    const state = await readState(page);
    const found = quietWindow({
      loadAt: state.loadAt,
      longTasks: state.longTasks,
      now: state.now,
      windowMs: quietWindowMs,
      capMs: interactiveCapMs,
    });
    if (found) return {afterLoadMs: found.at - state.loadAt, capped: found.kind === 'capped'};
    await page.waitForTimeout(100);
  }
}

async function tapWhenInteractive(
  browser: Browser,
  baseURL: string,
  route: string,
): Promise<TapProbe['afterInteractive'] & {domElements: number}> {
  const {context, page, toggle} = await openThrottled(browser, baseURL);
  try {
    await page.goto(route, {waitUntil: 'load', timeout: 60_000});
    const interactive = await waitInteractive(page);
    const domElements = await page.evaluate(() => document.getElementsByTagName('*').length);
    await withTimeout(toggle, 5_000, 'メニューのボタンの位置');
    const box = await page.locator(toggleSelector).boundingBox();
    if (!box) throw new Error(`${toggleSelector} が見えません`);
    const result = await tapToggle(page, {x: box.x + box.width / 2, y: box.y + box.height / 2});
    return {
      ...result,
      interactiveAfterLoadMs: interactive.afterLoadMs,
      capped: interactive.capped,
      domElements,
    };
  } finally {
    await context.close();
  }
}

export async function probeTap(
  browser: Browser,
  baseURL: string,
  route: string,
): Promise<TapProbe> {
  const atLoad = await tapAtLoad(browser, baseURL, route);
  const {domElements, ...afterInteractive} = await tapWhenInteractive(browser, baseURL, route);
  return {atLoad, afterInteractive, domElements};
}
