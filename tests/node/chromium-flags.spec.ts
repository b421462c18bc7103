/**
 * Playwright の Chromium の起動の設定（lib/chromium.ts）。Chromium は --disable-features を最後の 1 つしか
 * 読まないので、足した機能のために Playwright の既定を落としていないことと、足した機能が効いていることを確かめる。
 * テストの多くは画面を持たない版で走るので、それが本体と同じ版（同じ Blink と V8）であることも確かめる。
 */
import {readFileSync} from 'node:fs';
import {chromium, expect, test, type LaunchOptions} from '@playwright/test';
import {omniboxPopupFeatures, printTestLaunchOptions, testLaunchOptions} from '../../lib/chromium';

const flag = '--disable-features=';

const launches: readonly (readonly [string, LaunchOptions])[] = [
  ['画面を持たない版', testLaunchOptions],
  ['本体（印刷のテスト）', printTestLaunchOptions],
];

for (const [label, options] of launches) {
  test(`${label}: 最後の --disable-features は Playwright の既定をすべて含み、アドレスバーの WebUI も止める`, async () => {
    const server = await chromium.launchServer(options);
    try {
      const argv = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
      const lists = argv
        .filter((arg) => arg.startsWith(flag))
        .map((arg) => arg.slice(flag.length).split(','));
      expect(lists.length, 'Playwright の既定と、lib/chromium.ts の 2 つ').toBe(2);
      const [playwrightDefaults, effective] = [lists[0], lists[lists.length - 1]];
      expect(
        playwrightDefaults.filter((feature) => !effective.includes(feature)),
        'Playwright の既定が変わった: lib/chromium.ts の playwrightDisabledFeatures を合わせる',
      ).toEqual([]);
      expect(effective).toEqual(expect.arrayContaining([...omniboxPopupFeatures]));

      const browser = await chromium.connect(server.wsEndpoint());
      const page = await browser.newPage();
      await page.setContent('<h1>見出し</h1>');
      const session = await browser.newBrowserCDPSession();
      const {targetInfos} = await session.send('Target.getTargets');
      expect(targetInfos.map(({type, url}) => `${type} ${url}`)).not.toContainEqual(
        expect.stringContaining('omnibox-popup'),
      );
      await browser.close();
    } finally {
      await server.close();
    }
  });
}

test('画面を持たない版は、本体と同じ版の Chromium', async () => {
  const versions = await Promise.all(
    launches.map(async ([, options]) => {
      const browser = await chromium.launch(options);
      try {
        return browser.version();
      } finally {
        await browser.close();
      }
    }),
  );
  expect(new Set(versions).size, versions.join(' / ')).toBe(1);
  expect(testLaunchOptions.executablePath).not.toBe(printTestLaunchOptions.executablePath);
});
