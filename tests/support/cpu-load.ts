/**
 * テストの間だけ CPU を忙しくする（stress-ng --cpu の代わり。Debian のパッケージを足さずに済む）。
 * コアの数だけ、何もしない計算を回し続ける子プロセスを起こす。stop で止め、終わるまで待つ。テストのプロセスが
 * 先に終わっても残らないよう、子プロセスは親（このプロセス）の標準入力が閉じたら自分で終わる。
 */
import {spawn} from 'node:child_process';
import {availableParallelism} from 'node:os';

export type CpuLoad = {stop(): Promise<void>};

/** 親が標準入力を閉じるまで、計算を回し続ける（1 秒の区切りごとに、閉じたかを確かめる）。 */
const spinner = `
let open = true;
process.stdin.on('end', () => { open = false; }).on('close', () => { open = false; }).resume();
(function spin() {
  const until = Date.now() + 1000;
  while (Date.now() < until) {}
  if (open) setImmediate(spin);
})();`;

export function startCpuLoad(processes = availableParallelism()): CpuLoad {
  const children = Array.from({length: processes}, () =>
    spawn(process.execPath, ['-e', spinner], {stdio: ['pipe', 'ignore', 'inherit']}),
  );
  return {
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
