/** テストから外のコマンド（検査器、scripts/ のコマンド、シェル）を動かす。 */
import {execFile, type ExecFileOptions} from 'node:child_process';

export type Run = {code: number; output: string};

/** コマンドを動かし、終了コードと、標準出力と標準エラーを合わせたものを返す（失敗しても reject しない）。 */
export function runCommand(
  command: string,
  args: readonly string[],
  options: ExecFileOptions = {},
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, options, (error, out, err) =>
      resolve({code: error ? Number(error.code ?? 1) : 0, output: `${out}${err}`}),
    );
  });
}
