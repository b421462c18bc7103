/**
 * 静的な HTML を書き出すときのルートの照合（client/ssg-react-router-config.tsx）が、react-router-config と
 * 同じルートを同じ順に選び、同じものを描くこと（ブラウザは使わない）。
 */
import {expect, test} from '@playwright/test';
import {createElement, type ComponentType, type ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {StaticRouter} from 'react-router';
import * as upstream from 'react-router-config';
import type {RouteConfig, RouteConfigComponentProps} from 'react-router-config';
import * as ssg from '../client/ssg-react-router-config';

type Implementation = {
  readonly matchRoutes: (
    routes: RouteConfig[],
    pathname: string,
  ) => readonly {
    readonly route: RouteConfig;
    readonly match: {readonly url: string; readonly params: object; readonly isExact: boolean};
  }[];
  readonly renderRoutes: (routes: RouteConfig[] | undefined) => ReactNode;
};

/** 名前と、下の段のルートを描く部品（Docusaurus の DocsRoot のように renderRoutes を入れ子で呼ぶ）。 */
function named(
  name: string,
  render: Implementation['renderRoutes'],
): ComponentType<RouteConfigComponentProps> {
  return function Named({route, match}: RouteConfigComponentProps): ReactNode {
    return createElement(
      'section',
      {'data-name': name, 'data-url': match.url, 'data-params': JSON.stringify(match.params)},
      render(route?.routes),
    );
  };
}

/** Docusaurus の表の形: 一番上の段にブログの葉が並び、ドキュメントは入れ子、最後に / と *。 */
function routeTable(render: Implementation['renderRoutes']): RouteConfig[] {
  const leaf = (path: string, extra: Partial<RouteConfig> = {}): RouteConfig => ({
    path,
    exact: true,
    component: named(path, render),
    ...extra,
  });
  return [
    leaf('/blog'),
    leaf('/blog/2025/03/16/docs-site-launch'),
    leaf('/blog/page/2'),
    leaf('/blog/tags/:tag'),
    leaf('/blog/tags/:tag/page/:page'),
    leaf('/blog/archive/'),
    leaf('/Case-Sensitive', {sensitive: true}),
    leaf('/ς'),
    leaf('/files/:name.html'),
    leaf('/optional/:part?'),
    leaf('/release-:version'),
    {
      path: '/docs',
      component: named('docs-root', render),
      routes: [
        {
          path: '/docs',
          component: named('docs-version', render),
          routes: [
            leaf('/docs/'),
            leaf('/docs/intro'),
            leaf('/docs/app-usage/intro'),
            {component: named('pathless', render)},
          ],
        },
      ],
    },
    leaf('/'),
    {path: '*', component: named('*', render)},
  ];
}

const pathnames = [
  '/',
  '/blog',
  '/BLOG',
  '/blog/',
  '/blogger',
  '/blog/2025/03/16/docs-site-launch',
  '/blog/2025/03/16/docs-site-launch.html',
  '/blog/page/2',
  '/blog/tags/news',
  '/blog/tags/news/page/3',
  '/blog/archive',
  '/case-sensitive',
  '/Case-Sensitive',
  '/σ',
  '/Σ',
  '/files/a.html',
  '/optional',
  '/optional/x',
  '/release-3',
  '/RELEASE-3',
  '/release',
  '/release-3/notes',
  '/docs',
  '/docs/',
  '/docs/intro',
  '/docs/INTRO',
  '/docs/nope',
  '/docs/app-usage/intro/',
  '/docs/app-usage',
  '/blog/tags/news/page/3/',
  '/nope',
  '/%zz',
];

/** 一致したルートを、比べられる形（パス、URL、パラメーター、完全一致か）にする。 */
function matched(implementation: Implementation, pathname: string): unknown[] {
  const table = routeTable(implementation.renderRoutes);
  return implementation
    .matchRoutes(table, pathname)
    .map(({route, match}) => [route.path ?? '(pathless)', match.url, match.params, match.isExact]);
}

function rendered(implementation: Implementation, pathname: string): string {
  const table = routeTable(implementation.renderRoutes);
  return renderToStaticMarkup(
    createElement(StaticRouter, {location: pathname}, implementation.renderRoutes(table)),
  );
}

test('SSG のルートの照合: matchRoutes は react-router-config と同じルートを同じ順に返す', () => {
  for (const pathname of pathnames) {
    expect(matched(ssg, pathname), pathname).toEqual(matched(upstream, pathname));
  }
  // 比べる表が本当に分かれ道を通ること（候補を除く道と、入れ子・パスの無いルート・* の道）。
  expect(matched(ssg, '/docs/intro').map((entry) => (entry as unknown[])[0])).toEqual([
    '/docs',
    '/docs',
    '/docs/intro',
  ]);
  expect(matched(ssg, '/docs/nope').map((entry) => (entry as unknown[])[0])).toEqual([
    '/docs',
    '/docs',
    '(pathless)',
  ]);
  expect(matched(ssg, '/Σ')[0]).toEqual(['/ς', '/Σ', {}, true]);
});

test('SSG のルートの照合: renderRoutes は react-router-config と同じ HTML を描く', () => {
  // /%zz は StaticRouter（history の createLocation）が、どちらの照合でも読めずに投げる。
  for (const pathname of pathnames.filter((name) => name !== '/%zz')) {
    const html = rendered(ssg, pathname);
    expect(html, pathname).toBe(rendered(upstream, pathname));
    expect(html, pathname).toContain('data-name=');
  }
});
