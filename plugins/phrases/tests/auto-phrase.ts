/**
 * Chromium で、見出しの文節の折り返しを幅ごとに調べる（findBrokenPhrases）。auto-phrase を知らない
 * WebKit と Gecko の状態も、その値を使う規則をスタイルシートから外して確かめられる。
 */
import type {Page} from '@playwright/test';
import {findBrokenPhrasesScript} from './phrase-breaks';

export async function brokenPhrases(page: Page): Promise<string[]> {
  return (await page.evaluate(findBrokenPhrasesScript)) as string[];
}

/** 幅を変え、描き直されるまで（2 フレーム）待つ。 */
export async function resizeTo(page: Page, width: number, height = 800): Promise<void> {
  await page.setViewportSize({width, height});
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** 幅を変えてから調べ、「320 px: h1「…」」の形で返す。 */
export async function brokenPhrasesAt(page: Page, width: number): Promise<string[]> {
  await resizeTo(page, width);
  return (await brokenPhrases(page)).map((problem) => `${width} px: ${problem}`);
}

/** auto-phrase を知らないブラウザと同じにする: その値を使う規則をスタイルシートから取り除く。 */
export async function dropAutoPhrase(page: Page): Promise<void> {
  await page.evaluate(() => {
    const strip = (rules: CSSRuleList, owner: CSSStyleSheet | CSSGroupingRule): void => {
      for (let index = rules.length - 1; index >= 0; index -= 1) {
        const rule = rules[index];
        if (rule instanceof CSSSupportsRule && rule.conditionText.includes('auto-phrase')) {
          owner.deleteRule(index);
        } else if (rule instanceof CSSStyleRule && rule.style.wordBreak === 'auto-phrase') {
          rule.style.removeProperty('word-break');
        } else if (rule instanceof CSSGroupingRule) {
          strip(rule.cssRules, rule);
        }
      }
    };
    for (const sheet of Array.from(document.styleSheets)) strip(sheet.cssRules, sheet);
  });
}
