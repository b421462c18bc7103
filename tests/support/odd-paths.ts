/**
 * 変わったパス（ランダム・Unicode・とても長い・パーセントエンコード・../・//・スクリプト入りのクエリ）。
 * どれも 404 か正しいページ（リダイレクトを含む）か、壊れたパーセントエンコードなら 400 になり、
 * 5xx にはならない。答えは Firebase Hosting エミュレーターと同じ superstatic のもの。
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
  /**
   * サーバーはスラッシュの重なりを 1 つとみなしてページを 200 で返すが、ブラウザのルーターは
   * そのパスを知らないので 404 ページを描くもの（本番の Firebase Hosting も `//` をまとめて配信する）。
   */
  readonly clientNotFound?: true;
  /** 壊れたパーセントエンコード。サーバーの門が 400 と日本語の短い文で断る（ページは出さない）。 */
  readonly rejected?: true;
};

const notFound = (path: string): OddPath => ({path});
const lands = (path: string, target: string): OddPath => ({path, lands: target});
const clientShows = (path: string, target: string): OddPath => ({path, clientShows: target});
const clientNotFound = (path: string): OddPath => ({path, clientNotFound: true});
const rejected = (path: string): OddPath => ({path, rejected: true});

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
  rejected('/%zz'),
  rejected('/docs/%E0%A4%A'),
  rejected('/%'),
  notFound('/%25'),
  notFound('/%00'),
  notFound('/docs/intro%00.html'),
  notFound('/%2e%2e/%2e%2e/etc/passwd'),
  notFound('/..%2f..%2fetc%2fpasswd'),
  notFound('/docs/..%5c..%5cwindows%5cwin.ini'),
  // ../ とスラッシュ
  notFound('/docs/../../etc/passwd'),
  lands('/docs/../docs/intro', routes.intro),
  clientNotFound('//docs/intro'),
  clientNotFound('///'),
  clientNotFound('/docs//intro'),
  // 末尾のスラッシュと .html（trailingSlash: false と cleanUrls）
  lands('/docs/intro/', routes.intro),
  lands('/docs/intro.html', routes.intro),
  lands('/index.html', routes.home),
  lands('/docs/', routes.docs),
  lands('/blog/', routes.blog),
  notFound('/docs/intro%2F'),
  notFound('/docs/intro.html.html'),
  // スクリプト入りのクエリとハッシュ
  lands('/?q=<script>alert(1)</script>', routes.home),
  lands('/docs/intro?"><script>alert(1)</script>', routes.intro),
  lands('/docs/intro?docusaurus-data-x="><img src=x onerror=alert(1)>', routes.intro),
  lands('/docs/intro?__proto__[polluted]=1', routes.intro),
  lands('/docs/intro#<script>alert(1)</script>', routes.intro),
  lands('/blog?page=-1&page=<svg/onload=alert(1)>', routes.blog),
];
