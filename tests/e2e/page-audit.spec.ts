/**
 * ページ監査（issue 28）: sitemap.xml の全ルートと見つからないページを、スマートフォン（390 px、320 px にも
 * 縮める）とデスクトップ（1280 px）でそれぞれ 1 度だけ開き、その読み込みのままページごとの検査をすべて行う。
 * 検査の中身は tests/support/page-audit/。最後のテストは、違反を足したページで、どの検査も違反を報告することを確かめる。
 * CI の短い道（issue 67、scripts/content-path.mts）は、環境変数 PAGE_AUDIT_ROUTES に監査するルートのファイル
 * （1 行に 1 つ）を渡し、そのルートだけを同じ検査で監査する。渡さなければ、これまでどおり全ルート。
 */
import {readFileSync} from 'node:fs';
import {expect, test as base, type BrowserContext, type Page} from '@playwright/test';
import {unexpectedProblems} from '../../plugins/phrases/tests/line-breaks';
import {writeLineReport} from '../../plugins/phrases/tests/line-report';
import {auditPage, checkKinds, type AuditTarget, type Findings} from '../support/page-audit';
import {headerProblems} from '../support/page-audit/checks';
import {routes} from '../../src/constants/site';
import {markdownRoutes, routeByName, siteRoutes} from '../support/routes';
import {builtRoutes, missingPath} from '../support/sitemap';
import {viewports, type ViewportName} from '../support/viewports';
import {registersServiceWorker} from '../support/service-worker';

/**
 * 読者がサイトの中を移るように、ワーカーごとに 1 つのコンテキストで各ページを開く。Service Worker の登録と
 * プリキャッシュ（新しいコンテキストごとだと、1 回の読み込みに CPU 約 0.8 秒）は最初のページで起き、あとのページは
 * 登録済みの Service Worker が制御する。ページ（コンソールと例外の記録、初期化のスクリプト）はテストごとに新しい。
 */
const test = base.extend<object, {readerContext: BrowserContext}>({
  readerContext: [
    async ({browser}, provide, {project}) => {
      const {baseURL, locale, userAgent, screen, deviceScaleFactor, isMobile, hasTouch} =
        project.use;
      const context = await browser.newContext({
        baseURL,
        locale,
        userAgent,
        screen,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        ...registersServiceWorker,
      });
      await provide(context);
      await context.close();
    },
    {scope: 'worker'},
  ],
  page: async ({readerContext}, provide) => {
    const page = await readerContext.newPage();
    await provide(page);
    await page.close();
  },
});
// 違反を足すテストの 2 つ目のページ（context.newPage()）も、これまでどおり Service Worker を登録させる。
test.use(registersServiceWorker);

type AuditedPage = AuditTarget & {readonly name: string};

/** 短い道が選んだルート（PAGE_AUDIT_ROUTES のファイル）。無ければ undefined（全ルート）。 */
const chosenRoutes: readonly string[] | undefined = process.env.PAGE_AUDIT_ROUTES
  ? readFileSync(process.env.PAGE_AUDIT_ROUTES, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
  : undefined;

const allPages: readonly AuditedPage[] = [
  ...builtRoutes().map((path) => {
    const route = siteRoutes.find((each) => each.path === path);
    return {
      path,
      notFound: false,
      // 仕様に無いルート（短い道が監査する新しい記事）は、パスをファイルの名前にできる形にする（折り返しの記録の名前）。
      name: route?.name ?? path.slice(1).replaceAll('/', '_'),
      // 素の Markdown ページのほかは、Docusaurus のアプリとして描く。
      loading: route?.kind === 'page' ? undefined : {sortsByCollation: path === routes.blogTags},
      content: {route, markdown: markdownRoutes.some((each) => each.path === path)},
    };
  }),
  {path: missingPath, notFound: true, name: 'notFound', content: {markdown: false}},
];

const pages = chosenRoutes
  ? allPages.filter((target) => chosenRoutes.includes(target.path))
  : allPages;

/** 検査の種類ごとに、問題の無いことを確かめる（1 つが落ちても、ほかの種類の結果も出す）。 */
function expectClean(findings: Findings): void {
  for (const kind of checkKinds) expect.soft(findings[kind], kind).toEqual([]);
}

for (const layout of Object.keys(viewports) as ViewportName[]) {
  test.describe(`監査 ${viewports[layout].width} px`, () => {
    for (const target of pages) {
      test(`${target.path}: ページ監査のどの検査にも問題が無い`, async ({page}) => {
        const {findings, lineCounts} = await auditPage(page, target, layout);
        writeLineReport('chromium', `${target.name}-${layout}`, lineCounts);
        findings.lineBreaks = unexpectedProblems(target.name, findings.lineBreaks);
        expectClean(findings);
      });
    }
  });
}

if (chosenRoutes) {
  test('監査: 短い道が選んだルートは、どれもビルドの sitemap.xml にある（見つからないページのほか）', () => {
    expect(chosenRoutes.length).toBeGreaterThan(0);
    expect(chosenRoutes.filter((path) => !pages.some((target) => target.path === path))).toEqual(
      [],
    );
  });
} else {
  test('監査: sitemap.xml のルートは仕様のルートと同じで、どれにも h1 と本文の事実がある', () => {
    expect([...builtRoutes()].sort()).toEqual(siteRoutes.map((route) => route.path).sort());
  });
}

/** 開いたページに、検査の種類ごとの違反を 1 つずつ足す。 */
async function addViolations(page: Page): Promise<void> {
  await page.evaluate(() => {
    const box = document.createElement('div');
    box.innerHTML = [
      // axe（image-alt）と IBM（img_alt_valid）: 代替テキストの無い画像。
      '<img src="/img/logo.svg" width="40" height="40">',
      // 320 px で横にスクロールさせる箱。
      '<div style="width: 600px">横に長い箱</div>',
      // 文節の印の無い見出しは、どこで折り返しても文節の途中。
      '<h2 style="width: 4.5em">自分の街でも開催してみましょう</h2>',
      // 短いリストの項目の、文節の途中の折り返し。
      '<ul><li style="width: 6em">イベントの全体像をつかみます</li></ul>',
      // 行頭禁則の文字（中黒）の前の文節の区切り。
      '<p class="phrases">つかまえた<wbr aria-hidden="true">・つかまった</p>',
      // 区切りの文字が名前に入る見出し。
      '<h3 class="phrases">区切り<wbr>の\u200B見出し</h3>',
      // テーマの英語の既定文言。
      '<p>Read more</p>',
      // 文言だけでは行き先のわからないリンク。
      '<a href="/docs">こちら</a>',
      // 同じタブで開く外部リンク。
      '<a href="https://example.com/">外のサイト</a>',
    ].join('');
    (document.querySelector('main article') ?? document.body).prepend(box);
    // CSP が止めるインラインのスクリプト。
    const inline = document.createElement('script');
    inline.textContent = 'void 0';
    document.head.append(inline);
    console.error('わざと出したエラー');
    // ICU の日付書式（ハイドレーションまでに使ってはいけない）。
    new Intl.DateTimeFormat('ja-JP').format(0);
    setTimeout(() => {
      throw new Error('わざと起こした例外');
    }, 0);
  });
}

test('監査: 違反を足したページでは、どの種類の検査も違反を報告する', async ({page, context}) => {
  test.slow();
  const loading = {sortsByCollation: false};
  const content = {route: routeByName('intro'), markdown: true};
  const mobile = await auditPage(
    page,
    {path: '/docs/intro', notFound: false, loading, content},
    'mobile',
    {afterLoad: addViolations, breakHydration: true},
  );
  // 配信の検査: 200 を返す文書を、404 を期待して開く。監査はページに記録のスクリプトを入れるので、新しいページで。
  const desktop = await auditPage(
    await context.newPage(),
    {path: '/docs/intro', notFound: true, loading, content},
    'desktop',
    {afterLoad: addViolations, breakHydration: false},
  );
  for (const kind of checkKinds) {
    const reported = [...mobile.findings[kind], ...desktop.findings[kind]];
    expect.soft(reported.length, `${kind} が違反を報告しない`).toBeGreaterThan(0);
  }
  expect(mobile.findings.axe.join('\n')).toContain('image-alt');
  expect(mobile.findings.overflow.join('\n')).toMatch(/横幅 \d+ px > 画面 320 px/);
  expect(mobile.findings.console.join('\n')).toContain('わざと出したエラー');
  expect(mobile.findings.console.join('\n')).toContain('わざと起こした例外');
  expect(mobile.findings.console.join('\n')).toContain('CSP 違反');
  expect(desktop.findings.names.join('\n')).toContain('区切り');
  expect(mobile.findings.headings.join('\n')).toContain(
    '禁則を破る区切り「つかまえた|・つかまった」',
  );
  expect(mobile.findings.japanese.join('\n')).toContain('Read more');
  expect(desktop.findings.network.join('\n')).toContain('状態 200（期待 404）');
  expect(mobile.findings.document.join('\n')).toContain('「こちら」');
  expect(mobile.findings.loading.join('\n')).toContain('new Intl.DateTimeFormat');
  expect(mobile.findings.content.join('\n')).toContain('https://example.com/');
  // ハイドレーションの食い違い: React の報告（#418）と、描き直しで置き換わったサーバーの要素の両方。
  expect(mobile.findings.hydration.join('\n')).toContain('Minified React error #418');
  expect(mobile.findings.hydration.join('\n')).toContain('React が作り直した');
  expect(desktop.findings.hydration).toEqual([]);
});

test('監査: ヘッダーの検査は、欠けたセキュリティヘッダーと immutable でない資産を報告する', () => {
  expect(
    headerProblems('http://127.0.0.1/assets/js/main.js', {'cache-control': 'no-cache'}),
  ).toEqual([
    expect.stringContaining('content-security-policy'),
    expect.stringContaining('immutable でない'),
  ]);
});
