/**
 * 旧 URL（/docs/0_intro、/docs/アプリの使用方法/…）に、新しいページへの転送ページを書く。
 * @docusaurus/plugin-client-redirects の代わり: あちらのページのひな形は固定で、<title> がなく、
 * </head> と <body> の間に script を置くため、HTML として不正になる（Nu Html Checker）。
 */
import {writeFile, mkdir} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {Redirect} from '../../src/constants/site';
import {redirectPage} from './page';

/** /docs/0_intro → docs/0_intro/index.html（cleanUrls で /docs/0_intro と /docs/0_intro/ に配信される）。 */
export function redirectFile(from: string): string {
  return path.join(...from.split('/').filter(Boolean), 'index.html');
}

/** 転送先がないか、転送元がいまのページと重なる転送（重なると転送が輪になる）。 */
export function redirectProblems(
  redirects: readonly Redirect[],
  routesPaths: readonly string[],
): string[] {
  return redirects.flatMap(({from, to}) => [
    ...(routesPaths.includes(to) ? [] : [`${from} の転送先 ${to} のページがありません`]),
    ...(routesPaths.includes(from) ? [`転送元 ${from} は、いまあるページです`] : []),
  ]);
}

export default function redirectsPlugin(
  redirects: readonly Redirect[],
): (context: LoadContext) => Plugin {
  return (context) => {
    const siteUrl = context.siteConfig.url.replace(/\/+$/, '');
    return {
      name: 'denki-redirects',
      async postBuild({outDir, routesPaths}) {
        const problems = redirectProblems(redirects, routesPaths);
        if (problems.length > 0) throw new Error(`[denki-redirects] ${problems.join('; ')}`);
        await Promise.all(
          redirects.map(async ({from, to}) => {
            const file = path.join(outDir, redirectFile(from));
            await mkdir(path.dirname(file), {recursive: true});
            // 'wx': ビルドしたページを上書きしない（同じ場所にページがあればビルドを止める）。
            await writeFile(file, redirectPage(to, siteUrl), {flag: 'wx'});
          }),
        );
      },
    };
  };
}
