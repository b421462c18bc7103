/**
 * ページ監査の検査。どれも開いているページ（と、その読み込みの記録）を調べ、問題を文の一覧で返す
 * （空なら問題なし）。読み込みも幅の変更もしない。幅を変えるのは page-audit.ts。
 */
import type {Page, Response} from '@playwright/test';
import {
  collectWrappedTextsScript,
  countLineBreaks,
  shortTextLimit,
  type LineBreakFindings,
  type WrapSurvey,
} from '../../../plugins/phrases/tests/line-breaks';
import {site} from '../../../src/constants/site';
import {axeFor} from '../axe';
import {describeIbmViolations, ibmViolations} from '../ibm';
import {collectUtterances, findEnglishDefaults, findUnexpectedAsciiWords} from '../japanese';
import {cspViolations, type Observed} from './watch';

/** axe-core の WCAG 2.0/2.1/2.2 の A・AA とベストプラクティスの違反。 */
export async function axeProblems(page: Page): Promise<string[]> {
  const {violations} = await axeFor(page).analyze();
  return violations.map(({id, impact, help, nodes}) => {
    const targets = nodes
      .slice(0, 5)
      .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`);
    return [`${id} (${impact ?? '?'}, ${nodes.length} 件): ${help}`, ...targets].join('\n');
  });
}

/** IBM Equal Access（IBM_Accessibility）の違反。 */
export async function ibmProblems(page: Page): Promise<string[]> {
  return (await ibmViolations(page)).map((violation) => describeIbmViolations([violation]));
}

/** 横にスクロールさせる幅（表・コード・モバイルメニューの中は、その中でスクロールするので除く）。 */
export async function overflowProblems(page: Page): Promise<string[]> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .filter((el) => !el.closest('.navbar-sidebar, [class*="tableWrapper"], pre, table'))
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className}`);
    return {scrollWidth: document.documentElement.scrollWidth, width, wide};
  });
  return overflow.scrollWidth > overflow.width
    ? [`横幅 ${overflow.scrollWidth} px > 画面 ${overflow.width} px: ${overflow.wide.join(', ')}`]
    : [];
}

/** 短い表示文字列の文節の途中の折り返しと、段落の 1〜2 文字の最終行（いまの幅で）。 */
export async function lineBreakFindings(page: Page, width: number): Promise<LineBreakFindings> {
  const survey = (await page.evaluate(collectWrappedTextsScript(shortTextLimit))) as WrapSurvey;
  return countLineBreaks(survey, `${width} px`);
}

/** 英語の既定文言と、許可していない英単語（読者が見る文字とスクリーンリーダーが読む属性）。 */
export async function japaneseProblems(page: Page): Promise<string[]> {
  const utterances = await collectUtterances(page);
  if (utterances.length <= 10) return [`読む文字列が ${utterances.length} 個しかない`];
  return [
    ...findEnglishDefaults(utterances).map((found) => `テーマの英語の既定文言 ${found}`),
    ...findUnexpectedAsciiWords(utterances).map((found) => `許可していない英単語 ${found}`),
  ];
}

/** Lighthouse の SEO 監査（link-text）が日本語と英語で「説明になっていない」とみなすリンクの文言。 */
const vagueLinkTexts: ReadonlySet<string> = new Set([
  'ここをクリック',
  'こちらをクリック',
  'こちら',
  'リンク',
  '続きを読む',
  '続く',
  '全文表示',
  'もっと見る',
  'read more',
  'click here',
  'here',
  'more',
]);

/**
 * 文書が自分について言うこと: <html lang="ja">、タイトル（ホームはサイト名だけ、ほかは「<ページ> | 電鬼」）、
 * 文言だけで行き先のわかるリンク（「続きを読む」「こちら」だけにしない）。
 */
export async function documentProblems(page: Page, isHome: boolean): Promise<string[]> {
  const {lang, title, linkTexts} = await page.evaluate(() => ({
    lang: document.documentElement.lang,
    title: document.title,
    linkTexts: Array.from(document.querySelectorAll('a[href]'), (link) =>
      (link.textContent ?? '').trim().toLowerCase(),
    ),
  }));
  const titlePattern = isHome
    ? new RegExp(`^${site.title}$`)
    : new RegExp(`^\\S.* \\${site.titleDelimiter} ${site.title}$`);
  return [
    ...(lang === site.locale ? [] : [`<html lang="${lang}">（期待 ${site.locale}）`]),
    ...(titlePattern.test(title) ? [] : [`タイトル「${title}」`]),
    ...linkTexts
      .filter((text) => vagueLinkTexts.has(text))
      .map((text) => `文言だけでは行き先のわからないリンク「${text}」`),
  ];
}

/** 404 の文書そのものについてブラウザが必ず出す 1 行（サイトの不具合ではない）。 */
const documentNotFound = /status of 404/;

/** コンソールのエラー、ページの例外、CSP 違反。見つからないページでは、その文書の 404 の 1 行だけを許す。 */
export async function consoleProblems(
  page: Page,
  observed: Observed,
  notFound: boolean,
): Promise<string[]> {
  const pageUrl = page.url();
  const errors = observed.consoleErrors.filter(
    ({text, url}) => !(notFound && documentNotFound.test(text) && url === pageUrl),
  );
  return [
    ...errors.map(({text, url}) => `コンソール: ${text} @ ${url}`),
    ...observed.pageErrors.map((error) => `ページの例外: ${error}`),
    ...(await cspViolations(page)).map((violation) => `CSP 違反: ${violation}`),
  ];
}

/** 名前にハッシュのある資産（/assets/）の cache-control（firebase.json）。 */
export const immutable = 'public, max-age=31536000, immutable';

/** どの応答にも付くべきヘッダー（値の細部は tests/node/csp.spec.ts と hosting.spec.ts で見る）。 */
export const securityHeaders = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
] as const;

/** 1 つの URL のヘッダーの問題: セキュリティヘッダーの欠け、ハッシュ付きの資産が immutable でない。 */
export function headerProblems(url: string, headers: Readonly<Record<string, string>>): string[] {
  const missing = securityHeaders.filter((name) => !headers[name]);
  const asset = new URL(url).pathname.startsWith('/assets/');
  return [
    ...(missing.length > 0 ? [`${url} にヘッダー ${missing.join(', ')} が無い`] : []),
    ...(asset && headers['cache-control'] !== immutable
      ? [`${url} の cache-control「${headers['cache-control'] ?? ''}」は immutable でない`]
      : []),
  ];
}

/**
 * 配信の問題: 文書の状態と cache-control、ほかのホストへの読み込み、読み込んだすべての URL の
 * ヘッダー。ブラウザーの HTTP キャッシュから出た応答は Strict-Transport-Security を落とすので、
 * ヘッダーはサーバーに直接たずねて調べる。
 */
export async function networkProblems(
  page: Page,
  observed: Observed,
  document: Response | null,
  expectedStatus: number,
): Promise<string[]> {
  const host = new URL(page.url()).host;
  const problems: string[] = [];
  if (document?.status() !== expectedStatus)
    problems.push(`状態 ${document?.status() ?? '応答なし'}（期待 ${expectedStatus}）`);
  if (document?.headers()['cache-control'] !== 'no-cache')
    problems.push(`文書の cache-control「${document?.headers()['cache-control'] ?? ''}」`);
  const urls = [...new Set(observed.responses.map((response) => response.url()))];
  problems.push(
    ...urls.filter((url) => new URL(url).host !== host).map((url) => `ほかのホスト: ${url}`),
  );
  const local = urls.filter((url) => new URL(url).host === host);
  if (!local.some((url) => new URL(url).pathname.startsWith('/assets/')))
    problems.push('/assets/ のファイルを 1 つも読んでいない');
  for (const url of local) problems.push(...(await headerProblemsOf(page, url)));
  return problems;
}

/** URL ごとのヘッダーの問題。同じサーバーの同じ URL は同じヘッダーを返すので、ワーカーごとに 1 度だけたずねる。 */
const headerFindings = new Map<string, Promise<string[]>>();

function headerProblemsOf(page: Page, url: string): Promise<string[]> {
  let found = headerFindings.get(url);
  if (!found) {
    found = page.request
      .get(url, {maxRedirects: 0})
      .then((response) => headerProblems(url, response.headers()));
    headerFindings.set(url, found);
  }
  return found;
}
