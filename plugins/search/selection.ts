/**
 * どのページのどの部分を検索対象にするか。
 *
 * 索引するのは本文を持つページだけ: ドキュメント、ブログ記事、ホームと独立ページ。
 * 404 と、ブログの一覧・アーカイブ・タグ・著者ページは索引しない。これらは記事の冒頭を
 * 重複して載せるだけなので、同じ語で記事本体と上位3件を奪い合い、記事本体を押し下げる。
 * 旧 URL からの転送ページ（isRedirectPage）も本文がないので索引しない。
 */
import {SECTION_FILTER, type PageSection} from './shared';

/** ビルド結果の HTML ファイル（outDir からの相対パス）を索引するか。 */
export function isIndexedPage(file: string): boolean {
  const p = file.split('\\').join('/');
  if (p === '404.html' || p === 'blog.html') return false;
  if (p.startsWith('blog/')) {
    // 記事は /blog/YYYY/MM/DD/slug。それ以外（page/N, archive, tags, authors）は一覧。
    return /^blog\/\d{4}\//.test(p);
  }
  return true;
}

/** ページの種類（索引の SECTION_FILTER の値）。 */
export function pageSection(file: string): PageSection {
  const p = file.split('\\').join('/');
  if (p.startsWith('blog/')) return 'blog';
  if (p === 'docs.html' || p.startsWith('docs/')) return 'docs';
  return 'page';
}

/**
 * 本文（rootSelector の <main>）にページの種類のフィルターを付ける。<main> のないページは
 * 本文を索引できないので、ビルドを止める。
 */
export function withSection(html: string, section: PageSection): string {
  const tagged = html.replace(
    /<main\b/,
    `<main data-pagefind-filter="${SECTION_FILTER}:${section}"`,
  );
  if (tagged === html) throw new Error('[denki-search] 本文の <main> がありません');
  return tagged;
}

/** 旧 URL の転送ページ（plugins/redirects が作る、meta refresh で移るページ）か。 */
export function isRedirectPage(html: string): boolean {
  return /<meta\s[^>]*http-equiv=["']?refresh/i.test(html);
}

/**
 * Pagefind に渡す部分: <head> と、<body> の中の本文（rootSelector の <main>）だけ。外側の部品は索引しないので、
 * 語に分けて渡す手間を省く（50 倍のサイトでは、ドキュメントごとに 360 項目のサイドバーを分けていた）。
 * <main> のないページは withSection が止める。
 */
export function indexedPart(html: string): string {
  const body = /<body\b[^>]*>/i.exec(html);
  const main = /<main\b[\s\S]*<\/main>/i.exec(html);
  if (!body || !main || main.index < body.index) return html;
  return `${html.slice(0, body.index + body[0].length)}${main[0]}</body></html>`;
}

/**
 * 表のセルや箇条書きの項目の終わりに空白を入れる（索引に渡す写しだけ。ページは変えない）。
 * Pagefind はセルの文字をつなげて読むので、「中断」と「ゲーム」が「断ゲーム」のような語になり、
 * 抜粋も読みにくくなる。
 */
export function separateCells(html: string): string {
  // ビルドの HTML は終了タグ（</td>、</li>）を省くので、次の開始タグの前に入れる。
  return html.replace(/<(td|th|tr|li|dt|dd)\b/gi, ' <$1');
}

/** firebase.json の cleanUrls と trailingSlash: false に合わせた URL。 */
export function urlForHtmlFile(file: string): string {
  const p = file.split('\\').join('/');
  if (p === 'index.html') return '/';
  return '/' + p.replace(/(\/index)?\.html$/, '');
}

/**
 * 索引する範囲。ページの本文（<main>）だけを読み、外側の部品（ナビゲーション、サイドバー、
 * フッターと、その上のオフライン用の保存の案内）は読まない。どのページにも同じ文が載るので、
 * 「保存」「ドキュメント」のような語がどのページにも当たる語になり、ページの長さも水増しする。
 */
export const rootSelector = 'main';

/**
 * 本文以外の部品。ナビゲーション、フッター、サイドバー、目次、パンくず、前後ページ、
 * お知らせバー、見出しのリンク記号、ブログ記事の著者欄とタグ欄は検索の邪魔になる。
 */
export const excludeSelectors = [
  '.theme-layout-navbar',
  '.navbar-sidebar',
  '.theme-layout-footer',
  '.theme-announcement-bar',
  '[class*="skipToContent"]',
  '.theme-back-to-top-button',
  '.theme-doc-sidebar-container',
  '.theme-doc-breadcrumbs',
  '.theme-doc-toc-mobile',
  '.theme-doc-toc-desktop',
  '.table-of-contents',
  '.theme-doc-footer',
  '.pagination-nav',
  '.theme-blog-sidebar',
  'aside',
  '.theme-blog-footer-edit-meta-row',
  '.hash-link',
  // 印刷したときだけ出る、紙の先頭のページ名と URL（plugins/print）。ページ名を本文にもう一度数えてしまう。
  '.denki-print-header',
  'svg',
  'script',
  'noscript',
] as const;
