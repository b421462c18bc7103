/** エンジンをまたいで使う、読者の操作と待ち合わせ。 */
import {isHydrated} from '../../lib/page-ready';
import type {EngineSession, PageFunction} from './driver';

export type Point = {readonly x: number; readonly y: number};

/**
 * WebKitGTK は、縦にスクロールできるページの右端 20 px を重ね表示のスクロールバーに取っておき、
 * そこでのマウスのクリックをページに渡さない（x = 370 から右で押下だけ届き click にならない。サイトの要素がない素のページでも同じ。issue 12 の 1）。
 * 指で押す iPhone にはない帯なので、WebKit ではこの帯を避けた、要素の中の点を押す。
 */
export const webkitScrollbarBand = 24;

/** ページ関数が真になるまで待つ。 */
export async function waitUntil<Args extends unknown[]>(
  session: EngineSession,
  what: string,
  fn: PageFunction<Args, unknown>,
  ...args: Args
): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const ok = await session.evaluate(fn, ...args).catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${session.engine}: 待ちきれませんでした: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** ページの読み込み（先読みを含む）が 0.5 秒止まるまで待つ。サーバーを止める前に使う。 */
export async function waitForQuietNetwork(session: EngineSession): Promise<void> {
  let last = -1;
  for (let still = 0; still < 5;) {
    const count = await session.evaluate(() => performance.getEntriesByType('resource').length);
    still = count === last ? still + 1 : 0;
    last = count;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function waitForHydration(session: EngineSession): Promise<void> {
  return waitUntil(session, 'ハイドレーション', isHydrated);
}

/** ページを開き、React が動き出すまで待つ。 */
export async function openPage(session: EngineSession, path: string): Promise<void> {
  await session.goto(path);
  await waitForHydration(session);
}

type Box = {left: number; top: number; width: number; height: number; viewport: number};

function boxOf(selector: string): Box | null {
  const element = document.querySelector(selector);
  if (!element) return null;
  const rect = element.getBoundingClientRect();
  const viewport = document.documentElement.clientWidth;
  return {left: rect.left, top: rect.top, width: rect.width, height: rect.height, viewport};
}

/** 要素が動き終わり（メニューの滑り込みなど）、画面の中に収まった時の位置。 */
async function settledBox(session: EngineSession, selector: string): Promise<Box> {
  let last = '';
  const deadline = Date.now() + 15_000;
  for (;;) {
    const box = await session.evaluate(boxOf, selector);
    const key = JSON.stringify(box);
    if (box && box.width > 0 && box.left >= 0 && box.left + box.width <= box.viewport) {
      if (key === last) return box;
    }
    if (Date.now() > deadline) {
      throw new Error(`${session.engine}: 押す要素が画面に収まりません: ${selector} ${key}`);
    }
    last = key;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** selector の要素で、読者が押す点（要素の中央。WebKit ではスクロールバーの帯を避ける）。 */
export async function pointToPress(session: EngineSession, selector: string): Promise<Point> {
  const box = await settledBox(session, selector);
  const centre = {x: box.left + box.width / 2, y: box.top + box.height / 2};
  if (session.engine !== 'webkit') return centre;
  const limit = box.viewport - webkitScrollbarBand - 1;
  return {x: Math.max(box.left + 1, Math.min(centre.x, limit)), y: centre.y};
}

export async function press(session: EngineSession, selector: string): Promise<void> {
  const point = await pointToPress(session, selector);
  await session.clickAt(point.x, point.y);
}

/** 要素が表示されているか（display や visibility で隠れていない、大きさがある）。 */
export function isShown(selector: string): boolean {
  const element = document.querySelector(selector);
  if (!element) return false;
  const style = getComputedStyle(element);
  const rect = element.getBoundingClientRect();
  return (
    style.display !== 'none' && style.visibility !== 'hidden' && rect.width > 0 && rect.height > 0
  );
}
