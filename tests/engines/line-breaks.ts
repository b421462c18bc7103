/**
 * issue 26 の折り返しの計測を、エンジンの全ルートのテスト（suite.ts）が開いたページで幅ごとに行う。
 * 短い表示文字列の文節の途中の折り返しは、どのエンジンでも 0。段落の 1〜2 文字の最終行は、WebKit では 0
 * （Gecko は数えるだけ。issue 26 は Chromium と WebKit に求める）。数は .artifacts/line-breaks/<engine>/ に残す。
 */
import {expect} from '@playwright/test';
import {
  addCounts,
  collectWrappedTexts,
  countLineBreaks,
  shortTextLimit,
  unexpectedProblems,
  type LineBreakCounts,
} from '../../plugins/phrases/tests/line-breaks';
import {writeLineReport} from '../../plugins/phrases/tests/line-report';
import type {EngineSession} from './driver';

export type LineBreakProbe = {
  /** いま表示している幅で数える。 */
  measure(width: number): Promise<void>;
  /** 数を書き出し、問題が無いことを確かめる。 */
  finish(): void;
};

export function lineBreakProbe(session: EngineSession, page: string): LineBreakProbe {
  const counts: LineBreakCounts = {};
  const problems: string[] = [];
  const counted = (problem: string): boolean =>
    session.engine === 'webkit' || !problem.includes(' 最終行 ');
  return {
    async measure(width) {
      const survey = await session.evaluate(collectWrappedTexts, shortTextLimit);
      const found = countLineBreaks(survey, `${width} px`);
      addCounts(counts, found.counts);
      problems.push(...found.problems.filter(counted));
    },
    finish() {
      writeLineReport(session.engine, page, counts);
      expect(
        unexpectedProblems(page, problems),
        `${session.engine} ${page}: 文節の途中の折り返しと短い最終行`,
      ).toEqual([]);
    },
  };
}
