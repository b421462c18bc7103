/**
 * Nu Html Checker（npm の vnu-jar）を Java で 1 回だけ起動し、渡した HTML ファイルをまとめて調べる。
 * Java は Debian の default-jre-headless（java コマンド）を使う。
 */
import {execFile} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const vnuJar = require.resolve('vnu-jar/build/dist/vnu.jar');

/** --format json の 1 件（https://github.com/validator/validator/wiki/Output-»-JSON）。 */
export type NuMessage = {
  readonly type: 'error' | 'info' | 'non-document-error';
  readonly subType?: string;
  readonly url?: string;
  readonly lastLine?: number;
  readonly message: string;
};

export type NuError = {readonly file: string; readonly line?: number; readonly message: string};

/** ファイルごとのエラー（警告と情報は除く）。file は渡したときのパス。 */
export async function checkHtmlFiles(files: readonly string[]): Promise<NuError[]> {
  const stderr = await new Promise<string>((resolve, reject) => {
    execFile(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--errors-only', '--exit-zero-always', ...files],
      {maxBuffer: 64 * 1024 * 1024},
      (error, _stdout, output) => {
        if (error) {
          const hint = 'code' in error && error.code === 'ENOENT' ? '（java が必要です）' : '';
          reject(new Error(`Nu Html Checker を起動できません${hint}: ${error.message}`));
        } else resolve(output);
      },
    );
  });
  const {messages} = JSON.parse(stderr) as {messages: NuMessage[]};
  return messages
    .filter((message) => message.type !== 'info')
    .map(({url, lastLine, message}) => ({
      file: url ? path.relative(process.cwd(), fileURLToPath(url)) : '(不明なファイル)',
      line: lastLine,
      message,
    }));
}

/** 「ファイル:行: 内容」の形で 1 件を書く。 */
export function formatNuError({file, line, message}: NuError): string {
  return `${file}${line === undefined ? '' : `:${line}`}: ${message}`;
}
