/**
 * IBM Equal Access の検査エンジン（accessibility-checker-engine）を開いているページで動かし、
 * IBM_Accessibility の違反（VIOLATION かつ FAIL）を読める文にして返す。
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import type {Page} from '@playwright/test';

/** ace.js の中身。CSP がインラインの <script> を止めるので、タグではなく evaluate で入れる。 */
const aceSource = readFileSync(
  createRequire(__filename).resolve('accessibility-checker-engine/ace.js'),
  'utf8',
);

export type IbmViolation = {
  readonly ruleId: string;
  readonly path: string;
  readonly snippet: string;
  readonly message: string;
};

/** ページの IBM_Accessibility 違反の一覧。 */
export async function ibmViolations(page: Page): Promise<IbmViolation[]> {
  await page.evaluate(`${aceSource}\n;globalThis.__ace = ace; undefined`);
  return page.evaluate(async () => {
    type Issue = {
      ruleId: string;
      value: [string, string];
      path: Record<string, string>;
      snippet: string;
      message: string;
    };
    type Ace = {
      Checker: new () => {check(doc: Document, ids: string[]): Promise<{results: Issue[]}>};
    };
    const {Checker} = (globalThis as unknown as {__ace: Ace}).__ace;
    const report = await new Checker().check(document, ['IBM_Accessibility']);
    return report.results
      .filter(({value: [policy, confidence]}) => policy === 'VIOLATION' && confidence === 'FAIL')
      .map(({ruleId, path, snippet, message}) => ({
        ruleId,
        path: path.dom ?? '',
        snippet,
        message,
      }));
  });
}

export function describeIbmViolations(violations: readonly IbmViolation[]): string {
  return violations
    .map(({ruleId, path, snippet, message}) => `${ruleId}: ${message}\n    ${path}\n    ${snippet}`)
    .join('\n');
}
