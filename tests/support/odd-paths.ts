/**
 * 変わったパス（ランダム・Unicode・とても長い・パーセントエンコード・../・//・スクリプト入りのクエリ）。
 * どれも 404 か正しいページ（リダイレクトを含む）になり、5xx にはならない。
 */
import {routes} from '../../src/constants/site';

export type OddPath = {
  readonly path: string;
  /** 行き着くべきパス。undefined なら 404 ページ。 */
  readonly lands?: string;
  /**
   * サーバーは 404 を返すが、ブラウザのルーター（大文字小文字と末尾の空白を区別しない）が
   * このルートのページを描くもの。
   */
  readonly clientShows?: string;
};

const notFound = (path: string): OddPath => ({path});
const lands = (path: string, target: string): OddPath => ({path, lands: target});
const clientShows = (path: string, target: string): OddPath => ({path, clientShows: target});

export const oddPaths: readonly OddPath[] = [
  // ランダム・タイプミス・大文字小文字
  notFound('/k3J9x'),
  notFound('/random-0f9e8d7c6b5a'),
  notFound('/docs/intro-typo'),
  notFound('/docs/intro/extra'),
  notFound('/docs/app-usage'),
  notFound('/blog/2025/03/16'),
  notFound('/blog/page/99'),
  notFound('/docs/intro.md'),
  notFound('/docs/intro.mdx'),
  notFound('/docs/intro;jsessionid=1'),
  clientShows('/DOCS/INTRO', routes.intro),
  clientShows('/docs/intro%20', routes.intro),
  // 攻撃の下見によくあるもの・公開しないファイル
  notFound('/wp-login.php'),
  notFound('/index.php'),
  notFound('/cgi-bin/test.cgi'),
  notFound('/.env'),
  notFound('/.git/config'),
  notFound('/firebase.json'),
  notFound('/package.json'),
  notFound('/node_modules/react/package.json'),
  // Unicode
  notFound('/電鬼'),
  notFound('/ドキュメント/はじめに'),
  notFound('/docs/%E9%9B%BB%E9%AC%BC'),
  notFound('/😀'),
  notFound('/docs/ｉｎｔｒｏ'),
  // とても長い
  notFound(`/${'a'.repeat(2000)}`),
  notFound(`/docs/${'x/'.repeat(300)}y`),
  // パーセントエンコード（壊れたものを含む）
  notFound('/%zz'),
  notFound('/docs/%E0%A4%A'),
  notFound('/%'),
  notFound('/%25'),
  notFound('/%00'),
  notFound('/docs/intro%00.html'),
  notFound('/%2e%2e/%2e%2e/etc/passwd'),
  notFound('/..%2f..%2fetc%2fpasswd'),
  notFound('/docs/..%5c..%5cwindows%5cwin.ini'),
  // ../ とスラッシュ
  notFound('/docs/../../etc/passwd'),
  lands('/docs/../docs/intro', routes.intro),
  lands('//docs/intro', routes.intro),
  lands('///', routes.home),
  lands('/docs//intro', routes.intro),
  // 末尾のスラッシュと .html（trailingSlash: false と cleanUrls）
  lands('/docs/intro/', routes.intro),
  lands('/docs/intro.html', routes.intro),
  lands('/index.html', routes.home),
  lands('/docs/', routes.docs),
  lands('/blog/', routes.blog),
  lands('/docs/intro%2F', routes.intro),
  lands('/docs/intro.html.html', routes.intro),
  // スクリプト入りのクエリとハッシュ
  lands('/?q=<script>alert(1)</script>', routes.home),
  lands('/docs/intro?"><script>alert(1)</script>', routes.intro),
  lands('/docs/intro?docusaurus-data-x="><img src=x onerror=alert(1)>', routes.intro),
  lands('/docs/intro?__proto__[polluted]=1', routes.intro),
  lands('/docs/intro#<script>alert(1)</script>', routes.intro),
  lands('/blog?page=-1&page=<svg/onload=alert(1)>', routes.blog),
];
