/**
 * 1 回の読み込みで起きたことを記録する: コンソールのエラー（出どころの URL つき）、ページの例外、
 * CSP 違反（ページの中で securitypolicyviolation を集める）、受け取った応答。goto の前に呼ぶ。
 */
import type {Page, Response} from '@playwright/test';

export type ConsoleError = {readonly text: string; readonly url: string};

export type Observed = {
  readonly responses: Response[];
  readonly consoleErrors: ConsoleError[];
  readonly pageErrors: string[];
};

export async function observe(page: Page): Promise<Observed> {
  await page.addInitScript(() => {
    const store: string[] = [];
    Object.defineProperty(window, '__cspViolations', {value: store});
    document.addEventListener('securitypolicyviolation', (event) => {
      store.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const observed: Observed = {responses: [], consoleErrors: [], pageErrors: []};
  page.on('response', (response) => observed.responses.push(response));
  page.on('console', (message) => {
    if (message.type() === 'error')
      observed.consoleErrors.push({text: message.text(), url: message.location().url});
  });
  page.on('pageerror', (error) => observed.pageErrors.push(String(error)));
  return observed;
}

/** ページの中で記録した CSP 違反。 */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as {__cspViolations: string[]}).__cspViolations);
}
