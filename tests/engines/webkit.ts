/**
 * WebKitGTK の MiniBrowser を WebKitWebDriver（従来の WebDriver）と webdriverio で動かす。
 * MiniBrowser には headless モードがないので、自前の Xvfb の上で開く。
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {remote} from 'webdriverio';
import {freePort, waitForUrl} from '../../lib/site-server';
import type {EngineSession, PageFunction, Viewport} from './driver';
import {drainErrors, installErrorCollector} from './errors';

export const miniBrowserPath =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * MiniBrowser の窓はツールバーのせいで幅 447 px より狭くならない。ツールバーの部品を詰める
 * GTK のスタイルを渡し、390 px や 320 px の表示領域にできるようにする（ページの描画には効かない）。
 */
const compactToolbarCss =
  '* { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px; }';

/**
 * Xvfb に GPU は無く、合成（accelerated compositing）は Mesa の llvmpipe が CPU で GL を真似て行う。
 * テストが確かめる配置・折り返し・スクリプト・当たり判定は合成の方式によらないので、合成を止めて描く
 * （webkit.spec.ts の WebKit の CPU が 89 → 57 秒。390 px の画面写真は文字のアンチエイリアスのほかは同じ）。
 */
const webKitEnv = {WEBKIT_DISABLE_COMPOSITING_MODE: '1'} as const;

/** Xvfb に空いている画面番号を選ばせて起動する。 */
function startXvfb(): Promise<{display: string; process: ChildProcess}> {
  return new Promise((resolve, reject) => {
    const xvfb = spawn(
      'Xvfb',
      ['-displayfd', '3', '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'],
      {
        stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    xvfb.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb が終了しました (${code}): ${stderr}`)));
    xvfb.stdio[3]?.once('data', (chunk: Buffer) =>
      resolve({display: `:${chunk.toString().trim()}`, process: xvfb}),
    );
  });
}

export type MiniBrowser = {
  readonly browser: WebdriverIO.Browser;
  /** WebKitWebDriver と Xvfb を止め、設定のフォルダーを消す（セッションは先に閉じておく）。 */
  stop(): void;
};

/**
 * 自前の Xvfb の上で MiniBrowser を開き、webdriverio の browser を返す（エンジンの道筋と、エディターの
 * WebKit のテストが使う）。options は webdriverio の remote に足す（待ち合わせの上限など）。
 */
export async function startMiniBrowser(
  options: Partial<Pick<WebdriverIO.RemoteConfig, 'waitforTimeout' | 'waitforInterval'>> = {},
): Promise<MiniBrowser> {
  const home = mkdtempSync(join(tmpdir(), 'engines-webkit-'));
  mkdirSync(join(home, 'gtk-3.0'));
  writeFileSync(join(home, 'gtk-3.0', 'gtk.css'), compactToolbarCss);
  const xvfb = await startXvfb();
  const port = await freePort();
  const driver = spawn('WebKitWebDriver', [`--port=${port}`], {
    env: {...process.env, ...webKitEnv, DISPLAY: xvfb.display, XDG_CONFIG_HOME: home},
    stdio: 'ignore',
  });
  const stop = (): void => {
    driver.kill();
    xvfb.process.kill();
    rmSync(home, {recursive: true, force: true});
  };
  try {
    await waitForUrl(`http://127.0.0.1:${port}/status`, driver, 'WebKitWebDriver');
    const browser = await remote({
      hostname: '127.0.0.1',
      port,
      logLevel: 'error',
      ...options,
      capabilities: {
        browserName: 'MiniBrowser',
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': {binary: miniBrowserPath, args: ['--automation']},
      } as WebdriverIO.Capabilities,
    });
    return {browser, stop};
  } catch (error) {
    stop();
    throw error;
  }
}

export async function launchWebKit(baseURL: string): Promise<EngineSession> {
  const {browser, stop} = await startMiniBrowser();
  const errors: string[] = [];
  /** 窓の大きさと表示領域の差（ツールバーの分）。最初に一度だけ測る。 */
  let frame: {width: number; height: number} | undefined;
  const measureFrame = async (): Promise<{width: number; height: number}> => {
    const outer = await browser.getWindowSize();
    const [innerWidth, innerHeight] = await browser.execute(() => [
      window.innerWidth,
      window.innerHeight,
    ]);
    return {width: outer.width - innerWidth, height: outer.height - innerHeight};
  };
  const absolute = (url: string): string => new URL(url, baseURL).href;
  const collect = async (): Promise<void> => {
    errors.push(...(await browser.execute(drainErrors).catch(() => [] as string[])));
  };
  const afterLoad = async (): Promise<void> => {
    await browser.execute(installErrorCollector);
  };

  return {
    engine: 'webkit',
    watchesHydration: false,
    async setViewport({width, height}: Viewport) {
      frame ??= await measureFrame();
      await browser.setWindowSize(width + frame.width, height + frame.height);
    },
    async goto(url) {
      await collect();
      await browser.url(absolute(url));
      await afterLoad();
    },
    async reload() {
      await collect();
      await browser.refresh();
      await afterLoad();
    },
    async url() {
      return browser.getUrl();
    },
    async evaluate<Args extends unknown[], Result>(fn: PageFunction<Args, Result>, ...args: Args) {
      return (await browser.execute(fn as (...a: unknown[]) => unknown, ...args)) as Result;
    },
    async clickAt(x, y) {
      await browser
        .action('pointer', {parameters: {pointerType: 'mouse'}})
        .move({x: Math.round(x), y: Math.round(y), origin: 'viewport'})
        .down()
        .up()
        .perform();
    },
    async type(text) {
      await browser.keys([...text]);
    },
    async screenshot(file) {
      await browser.saveScreenshot(file);
    },
    async hasAccessibleName(selector, name) {
      return (await browser.$(selector).getComputedLabel()) === name;
    },
    async takeErrors() {
      await collect();
      return errors.splice(0);
    },
    async takeBrowserErrors() {
      return [];
    },
    async close() {
      await browser.deleteSession().catch(() => undefined);
      stop();
    },
  };
}
