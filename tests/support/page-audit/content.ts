/**
 * ページの中身の形: ルートの h1 と本文の一節（tests/support/routes.ts の事実）、Markdown の見出しの
 * ASCII の固定 id、外部リンクは新しいタブで noopener noreferrer、画像はサイトの中のファイル。
 */
import type {Page} from '@playwright/test';
import {siteUrl} from '../../../src/constants/site';
import {notFound, type SiteRoute} from '../routes';

export type ContentRules = {
  /** このルートの事実（見つからないページには無い）。 */
  readonly route?: SiteRoute;
  /** Markdown から作るページ（h2・h3 に ASCII の固定 id を付ける）。 */
  readonly markdown: boolean;
};

type PageContent = {
  readonly h1s: string[];
  readonly mainText: string;
  readonly headings: {readonly text: string; readonly id: string}[];
  readonly links: {readonly href: string; readonly target: string | null; readonly rel: string}[];
  readonly images: string[];
};

function routeProblems(route: SiteRoute, {h1s, mainText}: PageContent): string[] {
  const [h1] = h1s;
  const headingMatches =
    h1 !== undefined &&
    (typeof route.heading === 'string' ? h1 === route.heading : route.heading.test(h1));
  return [
    ...(h1s.length === 1 ? [] : [`h1 が ${h1s.length} 個`]),
    ...(headingMatches ? [] : [`h1「${h1 ?? ''}」（期待「${String(route.heading)}」）`]),
    ...(mainText.includes(route.text) ? [] : [`本文に「${route.text}」が無い`]),
    ...(mainText.includes(notFound.heading) ? [`本文に「${notFound.heading}」がある`] : []),
  ];
}

function headingIdProblems({headings}: PageContent): string[] {
  if (headings.length === 0) return ['記事に h2・h3 が無い'];
  const ids = headings.map(({id}) => id);
  return [
    ...headings
      .filter(({id}) => !/^[a-z0-9-]+$/.test(id))
      .map(({text, id}) => `ASCII でない id「${id}」の見出し「${text}」`),
    ...ids.filter((id, index) => ids.indexOf(id) !== index).map((id) => `重複した id「${id}」`),
  ];
}

function linkProblems(origin: string, {links, images}: PageContent): string[] {
  const own = [origin, new URL(siteUrl).origin];
  const external = links.filter(
    ({href}) => /^https?:/.test(href) && !own.includes(new URL(href).origin),
  );
  const bad = external.filter(({target, rel}) => {
    const rels = rel.split(/\s+/);
    return target !== '_blank' || !rels.includes('noopener') || !rels.includes('noreferrer');
  });
  return [
    ...(external.length > 0 ? [] : ['外部リンクが 1 つも無い（フッターの電鬼２など）']),
    ...bad.map(({href}) => `新しいタブ・noopener noreferrer のない外部リンク ${href}`),
    ...images
      .filter((src) => !src.startsWith('data:') && new URL(src).origin !== origin)
      .map((src) => `サイトの外にある画像 ${src}`),
  ];
}

export async function contentProblems(page: Page, rules: ContentRules): Promise<string[]> {
  const content = await page.evaluate((): PageContent => ({
    h1s: Array.from(document.querySelectorAll('h1'), (h1) => (h1.textContent ?? '').trim()),
    mainText: document.querySelector('#__docusaurus_skipToContent_fallback')?.textContent ?? '',
    headings: Array.from(document.querySelectorAll('main article h2, main article h3'), (el) => ({
      text: el.textContent ?? '',
      id: el.id,
    })),
    links: Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'), (a) => ({
      href: a.href,
      target: a.getAttribute('target'),
      rel: a.getAttribute('rel') ?? '',
    })),
    images: Array.from(document.querySelectorAll<HTMLImageElement>('img[src]'), (img) => img.src),
  }));
  return [
    ...(rules.route ? routeProblems(rules.route, content) : []),
    ...(rules.markdown ? headingIdProblems(content) : []),
    ...linkProblems(new URL(page.url()).origin, content),
  ];
}
