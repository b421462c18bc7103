/**
 * ブラウザ用のバンドルの tslib を、使う補助関数だけの版（client/tslib-helpers.ts）にする。ビルドのあと、書き出した
 * JS が呼ぶ tslib の補助関数がすべてその版にあるかを確かめ、足りなければビルドを止める（依存が新しい補助関数を
 * 使い始めたとき、ページが動かなくなる前に気づく）。
 */
import {readdir, readFile} from 'node:fs/promises';
import {createRequire} from 'node:module';
import path from 'node:path';

export const tslibHelpersModule = path.join(__dirname, 'client', 'tslib-helpers.ts');

/** client/tslib-helpers.ts が書き出す名前。 */
const exportedHelpers = async (): Promise<Set<string>> => {
  const source = await readFile(tslibHelpersModule, 'utf8');
  const names = /export\s*\{([^}]*)\}\s*from\s*'tslib/.exec(source)?.[1] ?? '';
  return new Set(
    names
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
};

/** tslib のすべての補助関数の名前（__importDefault、__assign、…）。 */
const tslibHelpers = (siteDir: string): string[] =>
  Object.keys(createRequire(path.join(siteDir, 'package.json'))('tslib') as object).filter((name) =>
    name.startsWith('__'),
  );

/** 書き出した JS が呼ぶ tslib の補助関数のうち、client/tslib-helpers.ts に無いもの。 */
export async function missingTslibHelpers(siteDir: string, jsDir: string): Promise<string[]> {
  const exported = await exportedHelpers();
  const wanted = tslibHelpers(siteDir).filter((name) => !exported.has(name));
  const files = (await readdir(jsDir)).filter((file) => file.endsWith('.js'));
  const called = new Set<string>();
  for (const file of files) {
    const source = await readFile(path.join(jsDir, file), 'utf8');
    for (const [, name] of source.matchAll(/\.(__[A-Za-z]+)\(/g)) called.add(name as string);
  }
  return wanted.filter((name) => called.has(name)).sort();
}
