/**
 * client/script-queue.ts: ランタイムの <script> の差し込みを 1 タスクに 1 本ずつにする（issue 55）。
 * ランタイムの代わりの関数で、呼ばれた順に、別々のタスクで（間にマイクロタスクの処理を挟んで）差し込むことを確かめる。
 * ブラウザーを使わない（1 秒未満）。ページで読み込みが続くことは navigation.spec.ts と chunk-failures.spec.ts が見る。
 */
import {expect, test} from '@playwright/test';
import {installScriptQueue} from '../client/script-queue';

type Call = {url: string; previousTaskEnded: boolean};

test('チャンクの <script> は呼ばれた順に、呼んだタスクのあとで 1 本ずつ別のタスクで差し込まれる', async () => {
  const calls: Call[] = [];
  let taskEnded = true;
  const runtime = {
    l(url: string, done: (event?: Event) => void): void {
      calls.push({url, previousTaskEnded: taskEnded});
      // このタスクが終わってマイクロタスクが処理されれば true になる（次の呼び出しが同じタスクなら false のまま）。
      taskEnded = false;
      queueMicrotask(() => {
        taskEnded = true;
      });
      done();
    },
  };
  Object.assign(globalThis, {__webpack_require__: runtime});
  installScriptQueue();
  installScriptQueue();

  const done: string[] = [];
  for (const url of ['a.js', 'b.js', 'c.js']) runtime.l(url, () => done.push(url));
  expect(calls).toEqual([]);

  await expect.poll(() => done).toEqual(['a.js', 'b.js', 'c.js']);
  expect(calls).toEqual([
    {url: 'a.js', previousTaskEnded: true},
    {url: 'b.js', previousTaskEnded: true},
    {url: 'c.js', previousTaskEnded: true},
  ]);

  // 待ちが空になったあとの呼び出しも読み込まれる。
  runtime.l('d.js', () => done.push('d.js'));
  await expect.poll(() => done).toContain('d.js');
  expect(calls).toHaveLength(4);
});
