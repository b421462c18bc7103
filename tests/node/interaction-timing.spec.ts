/** Issue 55 の計測の純粋な部分: 操作できるようになった時刻（長いタスクのない窓）と、タップの応答の中央値。 */
import {expect, test} from '@playwright/test';
import {medianOutcome, quietWindow, type TapOutcome} from '../../lib/interaction-timing';

const window1s = {windowMs: 1_000, capMs: 15_000} as const;

test('load のあと長いタスクがなければ、窓は load から始まり、1 秒たつまでは決まらない', () => {
  expect(quietWindow({...window1s, loadAt: 500, longTasks: [], now: 1_499})).toBeNull();
  expect(quietWindow({...window1s, loadAt: 500, longTasks: [], now: 1_500})).toEqual({
    kind: 'quiet',
    at: 500,
  });
});

test('窓に重なる長いタスクがあれば、窓はその終わりから数え直し、load より前のタスクは数えない', () => {
  const longTasks = [
    {start: 100, end: 400},
    {start: 1_200, end: 1_300},
    {start: 900, end: 1_000},
    {start: 2_400, end: 2_500},
  ];
  // 900–1000 と 1200–1300 が窓に重なり、1300 から 2300 までは空いている（2400 のタスクは窓の外）。
  expect(quietWindow({...window1s, loadAt: 500, longTasks, now: 2_300})).toEqual({
    kind: 'quiet',
    at: 1_300,
  });
  expect(quietWindow({...window1s, loadAt: 500, longTasks, now: 2_299})).toBeNull();
});

test('load から 15 秒たっても窓がなければ、今の時刻で打ち切ったと知らせる', () => {
  const longTasks = Array.from({length: 40}, (_, i) => ({
    start: 500 + i * 400,
    end: 560 + i * 400,
  }));
  expect(quietWindow({...window1s, loadAt: 500, longTasks, now: 15_499})).toBeNull();
  expect(quietWindow({...window1s, loadAt: 500, longTasks, now: 15_500})).toEqual({
    kind: 'capped',
    at: 15_500,
  });
});

const ms = (value: number): TapOutcome => ({kind: 'ms', ms: value});
const under: TapOutcome = {kind: 'under', ms: 16};
const failed: TapOutcome = {kind: 'failed'};

test('タップの中央値は、16 ms 未満をどの数値より速く、開かなかった回をどの数値より遅く並べる', () => {
  expect(medianOutcome([ms(240), under, ms(120)])).toEqual(ms(120));
  expect(medianOutcome([under, under, ms(300)])).toEqual(under);
  expect(medianOutcome([failed, ms(90), ms(5_000)])).toEqual(ms(5_000));
  expect(medianOutcome([failed, failed, ms(90)])).toEqual(failed);
  expect(medianOutcome([])).toBeNull();
});

test('偶数回の中央値は遅いほうの真ん中で、半分が開かなければ失敗になる', () => {
  expect(medianOutcome([ms(80), ms(120)])).toEqual(ms(120));
  expect(medianOutcome([ms(80), failed])).toEqual(failed);
});
