import {chromium} from '@playwright/test';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {testLaunchOptions} from '../lib/chromium';
const aceSource = readFileSync(createRequire(__filename).resolve('accessibility-checker-engine/ace.js'), 'utf8');
(async () => {
  const browser = await chromium.launch(testLaunchOptions);
  const context = await browser.newContext({viewport: {width: 1280, height: 800}});
  const page = await context.newPage();
  for (const path of ['/docs/app-usage/organizer-game-setup', '/docs/intro', '/docs/app-usage/organizer-game-setup']) {
    await page.goto('http://127.0.0.1:3150' + path);
    await page.waitForLoadState('networkidle');
    let t = Date.now();
    await page.evaluate(`${aceSource}\n;globalThis.__ace = ace; undefined`);
    const tInject = Date.now() - t; t = Date.now();
    const r = await page.evaluate(async () => {
      const {Checker} = (globalThis as any).__ace;
      const t0 = performance.now();
      const report = await new Checker().check(document, ['IBM_Accessibility']);
      const t1 = performance.now();
      const n = report.results.length;
      const counts: Record<string, number> = {};
      for (const x of report.results) counts[x.ruleId] = (counts[x.ruleId] ?? 0) + (x.ruleTime ?? 0);
      const top = Object.entries(counts).sort((a, b) => b[1] - a[1]).slice(0, 8);
      return {check: Math.round(t1 - t0), n, top, els: document.querySelectorAll('*').length, keys: Object.keys(report.results[0] ?? {})};
    });
    const tCheck = Date.now() - t;
    console.log(path, tInject, tCheck, JSON.stringify(r).slice(0, 600));
  }
  await browser.close();
})();
