/** 結果を 1 枚のプレーンテキストの表にする（ours / stock / ours÷stock / 予算 / 判定）。 */
import {firstLoadJsGzip} from './budgets';
import {dataPlanFigures, dataPlanRoute, firstVisitText} from './data-plan';
import {pageJsFigure, pageJsRoutes} from './page-js';
import {stockRoutes} from './stock';
import {
  KiB,
  type ByteSizes,
  type RouteResult,
  type SiteResult,
  type Spread,
  type Verdict,
} from './types';

type Row =
  | {readonly kind: 'section'; readonly title: string}
  | {
      readonly kind: 'row';
      readonly label: string;
      readonly ours: string;
      readonly stock: string;
      readonly ratio: string;
      readonly budget: string;
      readonly status: string;
    };

const NA = 'n/a';

const kib = (bytes: number): string => (bytes / KiB).toFixed(1);
const triple = (sizes: ByteSizes): string =>
  `${kib(sizes.raw)} / ${kib(sizes.gzip)} / ${kib(sizes.brotli)}`;

export function ratio(ours: number | null | undefined, stock: number | null | undefined): string {
  if (ours == null || stock == null || !Number.isFinite(ours / stock)) return '';
  // 0 に近い値（CLS など）の比は意味がないので出さない。
  if (Math.abs(stock) < 0.0005 || Math.abs(ours) < 0.0005) return '';
  return (ours / stock).toFixed(2);
}

export function spreadText(value: Spread | undefined, digits: number): string {
  if (!value || Number.isNaN(value.median)) return NA;
  const f = (n: number): string => n.toFixed(digits);
  return f(value.min) === f(value.max)
    ? f(value.median)
    : `${f(value.median)} [${f(value.min)}–${f(value.max)}]`;
}

function statusOf(
  verdicts: readonly Verdict[],
  figure: string,
  route: string | null,
): {budget: string; status: string} {
  const verdict = verdicts.find((v) => v.figure === figure && v.route === route);
  if (!verdict) return {budget: '', status: ''};
  return {budget: verdict.budget, status: verdict.ok === null ? NA : verdict.ok ? 'ok' : 'OVER'};
}

function routeRows(
  ours: RouteResult,
  stock: RouteResult | undefined,
  verdicts: readonly Verdict[],
): Row[] {
  const rows: Row[] = [];
  const push = (
    label: string,
    oursText: string,
    stockText: string,
    ratioText: string,
    figure?: string,
  ): void => {
    rows.push({
      kind: 'row',
      label,
      ours: oursText,
      stock: stockText,
      ratio: ratioText,
      ...(figure ? statusOf(verdicts, figure, ours.route) : {budget: '', status: ''}),
    });
  };
  const stockMissing = stock ? NA : '';
  const bytesRow = (
    label: string,
    pick: (route: RouteResult) => ByteSizes | null | undefined,
  ): void => {
    const a = pick(ours);
    const b = stock ? pick(stock) : undefined;
    push(label, a ? triple(a) : NA, b ? triple(b) : stockMissing, ratio(a?.gzip, b?.gzip));
  };
  bytesRow('  HTML raw/gz/br KiB', (r) => r.bytes.html);
  bytesRow('  CSS (HTML-linked) raw/gz/br KiB', (r) => r.bytes.css);
  bytesRow('  JS (HTML-linked) raw/gz/br KiB', (r) => r.bytes.js);
  bytesRow('  JS (all fetched on load) raw/gz/br', (r) => r.loadedJs);
  push(
    '  first-load JS gz KiB (budgeted = HTML-linked)',
    kib(firstLoadJsGzip(ours)),
    stock ? kib(firstLoadJsGzip(stock)) : '',
    ratio(firstLoadJsGzip(ours), stock ? firstLoadJsGzip(stock) : null),
    'first-load JS gzip (KiB)',
  );
  bytesRow('  total HTML+JS+CSS raw/gz/br KiB', (r) => r.bytes.total);
  const image = (r: RouteResult): string => {
    if (!r.largestImage) return '0';
    const name = r.largestImage.url.split('/').pop() ?? '';
    return `${kib(r.largestImage.bytes)} ${name.length > 24 ? `${name.slice(0, 21)}...` : name}`;
  };
  push(
    '  largest image KiB',
    image(ours),
    stock ? image(stock) : '',
    ratio(ours.largestImage?.bytes, stock?.largestImage?.bytes),
    'largest image (KiB)',
  );
  const lh = ours.lighthouse;
  const slh = stock?.lighthouse;
  const lhMissing = stock ? NA : '';
  const lhRow = (
    label: string,
    pick: (figures: NonNullable<RouteResult['lighthouse']>) => Spread,
    digits: number,
    figure?: string,
  ): void =>
    push(
      label,
      lh ? spreadText(pick(lh), digits) : NA,
      slh ? spreadText(pick(slh), digits) : lhMissing,
      ratio(lh ? pick(lh).median : null, slh ? pick(slh).median : null),
      figure,
    );
  lhRow('  LH performance', (f) => f.performance, 0, 'LH performance');
  lhRow('  LH accessibility', (f) => f.accessibility, 0);
  lhRow('  LH best practices', (f) => f.bestPractices, 0);
  lhRow('  LH SEO', (f) => f.seo, 0);
  lhRow('  FCP ms', (f) => f.fcpMs, 0);
  lhRow('  LCP ms', (f) => f.lcpMs, 0, 'LCP (ms)');
  lhRow('  TBT ms', (f) => f.tbtMs, 0, 'TBT (ms)');
  lhRow('  CLS', (f) => f.cls, 3, 'CLS');
  const failed = (figures: RouteResult['lighthouse'] | undefined): string =>
    String(figures?.failedRuns ?? '');
  if ((lh?.failedRuns ?? 0) + (slh?.failedRuns ?? 0) > 0) {
    push('  Lighthouse attempts failed (retried)', failed(lh), failed(slh), '');
  }
  return rows;
}

function siteRows(ours: SiteResult, stock: SiteResult | null, verdicts: readonly Verdict[]): Row[] {
  const rows: Row[] = [{kind: 'section', title: 'build and site-wide'}];
  const seconds = (ms: number | null | undefined): string =>
    ms == null ? NA : (ms / 1000).toFixed(1);
  const stockOr = (text: string): string => (stock ? text : '');
  rows.push({
    kind: 'row',
    label: '  cold build s',
    ours: seconds(ours.build?.coldMs),
    stock: stockOr(seconds(stock?.build?.coldMs)),
    ratio: ratio(ours.build?.coldMs, stock?.build?.coldMs),
    ...statusOf(verdicts, 'cold build (s)', null),
  });
  rows.push({
    kind: 'row',
    label: '  warm build s',
    ours: seconds(ours.build?.warmMs),
    stock: '',
    ratio: '',
    budget: '',
    status: '',
  });
  const search = ours.search;
  rows.push({
    kind: 'row',
    label: `  search: first query KiB (transfer / body)`,
    ours: search
      ? `${kib(search.transfer)} / ${kib(search.body)} (${search.requests.length} files)`
      : NA,
    stock: stockOr('no search'),
    ratio: '',
    budget: '',
    status: '',
  });
  const precache = ours.precache;
  rows.push({
    kind: 'row',
    label: '  PWA precache KiB (entries)',
    ours: precache ? `${kib(precache.bytes)} (${precache.entries})` : NA,
    stock: stockOr('no PWA'),
    ratio: '',
    budget: '',
    status: '',
  });
  const plan = ours.dataPlan;
  for (const kind of ['ordinary', 'saveData'] as const) {
    rows.push({
      kind: 'row',
      label: `  first visit KiB ${dataPlanRoute} (${kind === 'ordinary' ? 'ordinary' : 'Save-Data'})`,
      ours: firstVisitText(plan?.[kind]),
      stock: stockOr('no PWA'),
      ratio: '',
      ...statusOf(verdicts, dataPlanFigures[kind], dataPlanRoute),
    });
  }
  for (const route of pageJsRoutes) {
    const measured = ours.pageJs?.find((result) => result.route === route);
    rows.push({
      kind: 'row',
      label: `  JS after scrolling to the bottom KiB br ${route}`,
      ours: measured ? `${kib(measured.brotli)} (${measured.files} files)` : NA,
      stock: stockOr('not measured'),
      ratio: '',
      ...statusOf(verdicts, pageJsFigure, route),
    });
  }
  for (const route of ours.routes) {
    const stockRoute = stockRoutes[route.route];
    const title = stock ? `${route.route}   (stock: ${stockRoute})` : route.route;
    rows.push({kind: 'section', title});
    rows.push(
      ...routeRows(
        route,
        stock?.routes.find((r) => r.route === stockRoute),
        verdicts,
      ),
    );
  }
  return rows;
}

/** 見出しと行（文字列の行は区切りの見出し）を、列の幅をそろえたプレーンテキストにする。 */
export function renderColumns(
  header: readonly string[],
  rows: readonly (string | readonly string[])[],
): string {
  const cells = rows.filter((row): row is readonly string[] => typeof row !== 'string');
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((cell) => (cell[column] ?? '').length)),
  );
  const line = (values: readonly string[]): string =>
    values
      .map((value, column) => value.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [
    line(header),
    rule,
    ...rows.map((row) => (typeof row === 'string' ? row : line(row))),
  ].join('\n');
}

export function renderTable(
  ours: SiteResult,
  stock: SiteResult | null,
  verdicts: readonly Verdict[],
): string {
  const rows = siteRows(ours, stock, verdicts);
  return renderColumns(
    ['figure', 'ours', 'stock', 'ours/stock', 'budget', 'status'],
    rows.map((row) =>
      row.kind === 'section'
        ? row.title
        : [row.label, row.ours, row.stock, row.ratio, row.budget, row.status],
    ),
  );
}
