/**
 * 初めての訪問（issue 48）: Service Worker もキャッシュも無いところから、すべてのルートを開く。配信は
 * npm run serve:build と同じく Firebase Hosting のように圧縮し（lib/hosting.ts）、テストの間は CPU を忙しくしておく
 * （下の busyProcesses）。
 * 開いたページが、Service Worker の登録・プリキャッシュ・clients.claim() を終えて Service Worker に制御され、
 * 読み込みが止まるまで待ち、その間に ChunkLoadError もページのエラーも読み直しもないことを確かめる。
 *
 * 新しいプロファイルの代わりに、ルートごとに新しいポート（別のオリジン）で配信する: Service Worker の登録、
 * Cache Storage、HTTP キャッシュはどれもオリジン（URL）ごとなので、どのページも初めての訪問になり、
 * ブラウザーを開き直す時間がかからない。
 */
import type {Server} from 'node:http';
import {availableParallelism} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {readHostingConfig, serverUrl, startHostingServer} from '../../lib/hosting';
import {siteRoutes} from '../support/routes';
import {startCpuLoad, type CpuLoad} from '../support/cpu-load';
import {viewports} from '../support/viewports';
import type {EngineName, EngineSession} from './driver';
import {launchEngine} from './engines';
import {waitForQuietNetwork, waitUntil} from './page';

const buildDir = path.resolve(__dirname, '../../build');

type Visit = {
  hydrated: boolean;
  page: string[];
  browser: string[];
  reloaded: boolean;
};

/** ページの中で: ハイドレーションを終えたか、その前にエラーが出たか（ルートのチャンクが読めないと、ハイドレーションしない）。 */
function hydratedOrFailed(): boolean {
  const errors = (window as unknown as {__engineErrors?: string[]}).__engineErrors;
  return document.documentElement.dataset.hasHydrated === 'true' || (errors?.length ?? 0) > 0;
}

/** ページの中で: このページを開いてから読み直していないか（印が残り、ナビゲーションが読み直しでない）。 */
function sameDocument(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const marked = (window as unknown as {firstVisitMarker?: string}).firstVisitMarker;
  return marked === 'first-visit' && navigation?.type === 'navigate';
}

async function serveFreshOrigin(): Promise<Server> {
  // 既定の配信（圧縮する）。npm run serve:build と同じ。
  return startHostingServer({...readHostingConfig(), public: buildDir}, 0);
}

/** url を初めて開き、Service Worker が制御して読み込みが止まるまでの間に起きたことをまとめる。 */
async function firstVisit(session: EngineSession, url: string): Promise<Visit> {
  await session.goto(url);
  await waitUntil(session, 'ハイドレーションかページのエラー', hydratedOrFailed);
  const hydrated = await session.evaluate(
    () => document.documentElement.dataset.hasHydrated === 'true',
  );
  if (hydrated) {
    await session.evaluate(() => {
      (window as unknown as {firstVisitMarker?: string}).firstVisitMarker = 'first-visit';
    });
    // 登録したばかりの Service Worker がプリキャッシュを終え、clients.claim() でこのページを制御するまで。
    await session.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await waitUntil(session, 'Service Worker の制御', () =>
      Boolean(navigator.serviceWorker.controller),
    );
    await waitForQuietNetwork(session);
  }
  return {
    hydrated,
    page: await session.takeErrors(),
    browser: await session.takeBrowserErrors(),
    reloaded: hydrated && !(await session.evaluate(sameDocument)),
  };
}

/**
 * 忙しくする CPU の数: コアの数より 1 つ少なく（1 つ以上）。残りのコアは、並んで走るもう 1 つのワーカーのテストが
 * 使うので、合わせればどのコアも忙しい。コアの数だけ回すと、隣のワーカーの Gecko のテストまで待ちきれなくなった。
 */
const busyProcesses = Math.max(1, availableParallelism() - 1);

export function defineFirstVisitSuite(engine: EngineName): void {
  let session: EngineSession;
  let load: CpuLoad | undefined;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    session = await launchEngine(engine, 'about:blank');
    await session.setViewport({width: 390, height: viewports.mobile.height});
    load = startCpuLoad(busyProcesses);
  });

  test.afterAll(async () => {
    await load?.stop();
    await session?.close();
  });

  for (const route of siteRoutes) {
    test(`${engine} ${route.path}: 初めての訪問で、CPU が忙しくても、圧縮した配信から ChunkLoadError もエラーも読み直しもなく Service Worker の制御まで進む`, async () => {
      const server = await serveFreshOrigin();
      try {
        // 前のページを離れるときに取り消された読み込みの知らせは、この訪問のものではない。
        await session.goto('about:blank');
        await session.takeErrors();
        await session.takeBrowserErrors();
        const visit = await firstVisit(session, `${serverUrl(server)}${route.path}`);
        expect(visit).toEqual({hydrated: true, page: [], browser: [], reloaded: false});
        // 次のページを開く前に、このオリジンを離れる（読み込みの途中で止めたサーバーへの要求を残さない）。
        await session.goto('about:blank');
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  }
}
