/**
 * ページ監査: 1 つのページを 1 つの幅で 1 度だけ開き、その読み込みのまま、ページごとの検査をすべて行う
 * （axe、IBM、コンソールと例外と CSP、配信のヘッダー、横スクロール、文節の折り返し、区切った名前、日本語、
 * 言語とタイトルとリンクの文言、読み込みの順序、h1 と本文と見出しの id と外部リンク、ハイドレーションの
 * 食い違い）。
 * スマートフォンの読み込み（390 px）は、幅だけで決まる検査を 320 px に縮めても行う。
 */
import type {Page} from '@playwright/test';
import {waitForPageReady} from '../../../lib/page-ready';
import {splitNameProblems} from '../../../plugins/phrases/tests/accessible-names';
import {brokenPhrases, dropAutoPhrase, resizeTo} from '../../../plugins/phrases/tests/auto-phrase';
import {kinsokuBreaks} from '../../../plugins/phrases/tests/kinsoku-breaks';
import {addCounts, type LineBreakCounts} from '../../../plugins/phrases/tests/line-breaks';
import {viewports, type ViewportName} from '../viewports';
import {
  axeProblems,
  consoleProblems,
  documentProblems,
  ibmProblems,
  japaneseProblems,
  lineBreakFindings,
  networkProblems,
  overflowProblems,
} from './checks';
import {contentProblems, type ContentRules} from './content';
import {loadingProblems, watchLoading, type LoadingRules} from './loading';
import {observe} from './watch';
import {hydrationProblems, watchHydration} from '../hydration';

export const checkKinds = [
  'axe',
  'ibm',
  'console',
  'network',
  'overflow',
  'lineBreaks',
  'headings',
  'names',
  'japanese',
  'document',
  'loading',
  'content',
  'hydration',
] as const;

export type CheckKind = (typeof checkKinds)[number];

export type Findings = Record<CheckKind, string[]>;

export type AuditTarget = {
  readonly path: string;
  /** 見つからないページ（状態 404 と、その文書の 404 のコンソールの 1 行を期待する）。 */
  readonly notFound: boolean;
  /** 読み込みの順序と ICU の検査（Docusaurus のアプリとして描くルートだけ）。 */
  readonly loading?: LoadingRules;
  readonly content: ContentRules;
};

export type AuditResult = {
  readonly findings: Findings;
  /** 文節の折り返しの数（.artifacts/line-breaks/ に書く）。 */
  readonly lineCounts: LineBreakCounts;
};

/** 狭い画面の幅（スマートフォンの読み込みを縮めて調べる）。 */
export const narrowWidth = 320;

/** 開くページを壊す（違反を足して、監査が見落とさないことを確かめるテスト用）。 */
export type Violations = {
  /** 読み込んだあと、検査の前に、開いたページに手を加える。 */
  readonly afterLoad: (page: Page) => Promise<void>;
  /** ハイドレーションの直前に、サーバーの HTML に無い要素を本文に足す（tests/support/hydration.ts）。 */
  readonly breakHydration: boolean;
};

async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, -200);
  await page.waitForLoadState('networkidle');
}

async function openMobileMenu(page: Page): Promise<void> {
  await page.locator('button.navbar__toggle').click();
  await page.locator('.navbar-sidebar').waitFor({state: 'visible'});
}

export async function auditPage(
  page: Page,
  target: AuditTarget,
  layout: ViewportName,
  violations?: Violations,
): Promise<AuditResult> {
  const viewport = viewports[layout];
  const findings: Findings = {
    axe: [],
    ibm: [],
    console: [],
    network: [],
    overflow: [],
    lineBreaks: [],
    headings: [],
    names: [],
    japanese: [],
    document: [],
    loading: [],
    content: [],
    hydration: [],
  };
  const lineCounts: LineBreakCounts = {};
  const lineBreaksAt = async (width: number): Promise<void> => {
    const found = await lineBreakFindings(page, width);
    addCounts(lineCounts, found.counts);
    findings.lineBreaks.push(...found.problems);
  };
  const headingsAt = async (width: number, label = ''): Promise<void> => {
    const found = await brokenPhrases(page);
    findings.headings.push(...found.map((problem) => `${label}${width} px: ${problem}`));
  };

  await page.setViewportSize(viewport);
  const observed = await observe(page);
  await watchLoading(page);
  await page.addInitScript(watchHydration, {breakHydration: violations?.breakHydration ?? false});
  const response = await page.goto(target.path);
  await waitForPageReady(page);
  // React がサーバーの DOM を引き継いだか（幅を変える・スクロールする・メニューを開くなどの更新の前に）。
  findings.hydration.push(...(await page.evaluate(hydrationProblems)));
  await violations?.afterLoad(page);
  if (target.loading)
    findings.loading.push(...(await loadingProblems(page, response, target.loading)));
  await page.evaluate(() => document.fonts.ready);

  findings.document.push(...(await documentProblems(page, target.path === '/')));
  findings.content.push(...(await contentProblems(page, target.content)));
  findings.axe.push(...(await axeProblems(page)));
  findings.ibm.push(...(await ibmProblems(page)));
  // 文節の区切り（<wbr>）が禁則を破らない（幅によらないので 1 度だけ）。
  findings.headings.push(...(await kinsokuBreaks(page)).map((found) => `禁則を破る区切り${found}`));
  // 読み上げの名前は、サイドバーの見えるデスクトップの幅で調べる（モバイルではメニューの中に隠れている）。
  if (layout === 'desktop') findings.names.push(...(await splitNameProblems(page)).problems);

  const widths = layout === 'mobile' ? [viewport.width, narrowWidth] : [viewport.width];
  for (const width of widths) {
    await resizeTo(page, width, viewport.height);
    await lineBreaksAt(width);
    await headingsAt(width);
    if (width === narrowWidth) findings.overflow.push(...(await overflowProblems(page)));
  }
  // auto-phrase を知らない WebKit と Gecko の状態でも、見出しは文節の間で折り返す。
  await dropAutoPhrase(page);
  for (const width of [...widths].reverse()) {
    await resizeTo(page, width, viewport.height);
    await headingsAt(width, 'auto-phrase なし ');
  }

  // 最下部までスクロールして遅延読み込みも起こし、そのあいだのエラーも数える。
  await scrollThrough(page);
  if (layout === 'mobile') await openMobileMenu(page);
  findings.japanese.push(...(await japaneseProblems(page)));

  findings.console.push(...(await consoleProblems(page, observed, target.notFound)));
  findings.network.push(
    ...(await networkProblems(page, observed, response, target.notFound ? 404 : 200)),
  );
  return {findings, lineCounts};
}
