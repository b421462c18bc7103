/**
 * ページの中で評価する検査（外の変数を使わず、問題を string[] で返す関数）を、WebKit と Gecko の
 * 各幅・各ルートで走らせる。例: expect(await checkInEngines(findBrokenPhrases, [320, 390, 1280], siteRoutes)).toEqual([])
 */
import {testServer} from '../support/server';
import type {EngineName, EngineSession} from './driver';
import {engineNames, launchEngine} from './engines';
import {openPage} from './page';

export type PageCheck = () => string[] | Promise<string[]>;

type RouteLike = string | {readonly path: string};

/** 高さはスマートフォンなら縦長、デスクトップなら 800 px。 */
export function viewportFor(width: number): {width: number; height: number} {
  return {width, height: width < 600 ? 844 : 800};
}

/** 1 つのセッションで幅ごと・ルートごとに check を走らせ、「エンジン 幅 パス: 問題」を返す。 */
export async function runCheck(
  session: EngineSession,
  check: PageCheck,
  widths: readonly number[],
  routes: readonly RouteLike[],
): Promise<string[]> {
  const problems: string[] = [];
  for (const width of widths) {
    await session.setViewport(viewportFor(width));
    for (const route of routes) {
      const path = typeof route === 'string' ? route : route.path;
      await openPage(session, path);
      const found = await session.evaluate(check);
      problems.push(...found.map((problem) => `${session.engine} ${width}px ${path}: ${problem}`));
    }
  }
  return problems;
}

/** WebKit と Gecko を並行して 1 セッションずつ開き、check の問題をまとめて返す。 */
export async function checkInEngines(
  check: PageCheck,
  widths: readonly number[],
  routes: readonly RouteLike[],
  engines: readonly EngineName[] = engineNames,
): Promise<string[]> {
  const results = await Promise.all(
    engines.map(async (engine) => {
      const session = await launchEngine(engine, testServer.baseURL);
      try {
        return await runCheck(session, check, widths, routes);
      } finally {
        await session.close();
      }
    }),
  );
  return results.flat();
}
