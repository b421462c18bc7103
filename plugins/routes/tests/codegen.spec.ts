/** plugins/routes のビルド側: Docusaurus のルート表の読み取り、分け方、生成するコード（ブラウザは使わない）。 */
import {expect, test} from '@playwright/test';
import {
  generateModules,
  parseRegistryJs,
  parseRoutesJs,
  planRoutes,
  type GeneratedRoutes,
  type ParsedRoute,
} from '../codegen';
import {routeKey, sectionOf} from '../shared';
import {checkedFiles, checkUpstream} from '../upstream';

/** codegenRoutes.js が書く形の routes.js。 */
function routesJs(body: string): string {
  return `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
${body}  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`;
}

const leaf = (routePath: string, hash = 'abc'): string => `  {
    path: '${routePath}',
    component: ComponentCreator('${routePath}', '${hash}'),
    exact: true
  },
`;

const docsTree = `  {
    path: '/docs',
    component: ComponentCreator('/docs', 'b63'),
    routes: [
      {
        path: '/docs/intro',
        component: ComponentCreator('/docs/intro', '536'),
        exact: true,
        sidebar: "docs"
      }
    ]
  },
`;

test('routes.js: 入れ子、exact、属性をそのまま読み、最後は見つからないページ', () => {
  const routes = parseRoutesJs(routesJs(`${leaf('/blog', 'e87')}${docsTree}${leaf('/', 'e5f')}`));
  expect(routes.map((route) => route.path)).toEqual(['/blog', '/docs', '/', '*']);
  expect(routes[0]).toEqual({path: '/blog', hash: 'e87', exact: true, attributes: {}});
  expect(routes[1]?.routes?.[0]).toEqual({
    path: '/docs/intro',
    hash: '536',
    exact: true,
    attributes: {sidebar: 'docs'},
  });
});

test('routes.js と registry.js の書き方が変われば、日本語の理由でビルドを止める', () => {
  expect(() =>
    parseRoutesJs(routesJs('').replace('export default [', 'export const routes = [')),
  ).toThrow(/routes\.js の形が想定と違います/);
  expect(() => parseRoutesJs(routesJs(leaf('/blog').replace("'abc'", '')))).toThrow(
    /ハッシュがない/,
  );
  expect(() =>
    parseRegistryJs(`export default {\n  "a1": [() => import("@theme/X"), "@theme/X"],};\n`),
  ).toThrow(/registry\.js の形が想定と違います/);
  expect(
    parseRegistryJs(
      `export default {\n  "a1": [() => import(/* webpackChunkName: "a1" */ "@theme/X"), "@theme/X", require.resolveWeak("@theme/X")],};\n`,
    ),
  ).toEqual(new Map([['a1', '@theme/X']]));
});

test('キー: 大文字小文字と末尾のスラッシュ 1 つを無視し、区画は最初の段', () => {
  expect(routeKey('/Blog/2025/')).toBe('/blog/2025');
  expect(routeKey('/')).toBe('/');
  expect(sectionOf(routeKey('/docs/intro'))).toBe('docs');
  expect(sectionOf('/')).toBe('');
});

const route = (routePath: string, extra: Partial<ParsedRoute> = {}): ParsedRoute => ({
  path: routePath,
  hash: 'abc',
  exact: true,
  attributes: {},
  ...extra,
});

test('分け方: 入口に残すのは外枠、トップページ、変数のあるパス、見つからないページ', () => {
  const routes = [
    route('/blog'),
    route('/blog/:page', {exact: undefined}),
    route('/blog/2025/03/16/a'),
    route('/docs', {exact: undefined, routes: [route('/docs/intro'), route('/docs/b')]}),
    route('/'),
    route('/page.html'),
    route('/日本語'),
    {path: '*', attributes: {}},
  ];
  const plan = planRoutes(routes, {baseUrl: '/', shardSize: 10});
  expect(plan.top.kept.map(({route: kept}) => kept.path)).toEqual([
    '/blog/:page',
    '/docs',
    '/',
    '/page.html',
    '/日本語',
    '*',
  ]);
  // 外枠より前の葉は外枠の位置（0）に、後の葉はその位置（1）に差し込む。
  expect(plan.top.groups.map((group) => group.anchor)).toEqual([0, 1]);
  expect(plan.top.kept[1]?.children?.groups[0]?.anchor).toBe(0);
  expect(plan.shards.map((shard) => shard.routes.map((r) => r.path))).toEqual([
    ['/blog'],
    ['/blog/2025/03/16/a'],
    ['/docs/b', '/docs/intro'],
  ]);
});

test('分け方: 区画をまたがず、キーの順に shardSize 件ずつ、同じキーは同じ表に', () => {
  const posts = Array.from({length: 25}, (_, i) => route(`/blog/p${String(i).padStart(2, '0')}`));
  const routes = [
    ...posts,
    route('/BLOG/p10/'),
    route('/markdown-page'),
    {path: '*', attributes: {}},
  ];
  const plan = planRoutes(routes, {baseUrl: '/', shardSize: 10});
  const group = plan.top.groups[0];
  expect([...(group?.sections.keys() ?? [])]).toEqual(['blog', 'markdown-page']);
  expect(group?.sections.get('blog')?.map(([first]) => first)).toEqual([
    '/blog/p00',
    '/blog/p10',
    '/blog/p19',
  ]);
  const sizes = plan.shards.map((shard) => shard.routes.length);
  expect(sizes).toEqual([10, 10, 6, 1]);
  // 同じキーは、先に書かれたものが先（react-router で勝つ方）。
  expect(plan.shards[1]?.routes.slice(0, 2).map((r) => r.path)).toEqual([
    '/blog/p10',
    '/BLOG/p10/',
  ]);
});

test('分け方: 多くのチャンクを読む葉（一覧のページ）は、チャンク名の数でも区切る', () => {
  const pages = Array.from({length: 10}, (_, i) => route(`/blog/page/${i + 2}`));
  const items = new Map(
    pages.map((page, i) => [page, ['list', ...Array.from({length: 10}, (_, j) => `c${i}-${j}`)]]),
  );
  const plan = planRoutes([...pages, {path: '*', attributes: {}}], {
    baseUrl: '/',
    shardSize: 32,
    shardChunks: 32,
    chunkNamesOf: (page) => items.get(page) ?? [],
  });
  // 1 ページで 11 個（共通の 1 つと記事 10 件）。32 個までなので 3 ページずつ。
  expect(plan.shards.map((shard) => shard.routes.length)).toEqual([3, 3, 3, 1]);
});

function site(posts: number): GeneratedRoutes {
  const paths = Array.from({length: posts}, (_, i) => `/blog/2025/01/01/post-${i}`);
  const routes = [...paths.map((p) => route(p, {hash: 'h'})), {path: '*', attributes: {}}];
  const chunkNames = Object.fromEntries(
    paths.map((p, i) => [`${p}-h`, {__comp: 'post', content: `c${i}`}]),
  );
  const registry = new Map([
    ['post', '@theme/BlogPostPage'],
    ...paths.map((_, i): [string, string] => [`c${i}`, `@site/blog/${i}.mdx`]),
  ]);
  return {routes, registry, chunkNames};
}

test('生成: 入口の表は記事の数で増えず、区画の表の索引だけが増える', () => {
  const size = (posts: number): number => {
    const generated = site(posts);
    const {entry} = generateModules(
      generated,
      planRoutes(generated.routes, {baseUrl: '/', shardSize: 32}),
    );
    // 圧縮で消えるコメント（webpackChunkName）は数えない。
    return entry.replace(/\/\*.*?\*\//g, '').length;
  };
  const small = size(10);
  const large = size(1000);
  // 1,000 記事で 32 件ずつの表が 32 個。索引 1 つは最初のキーと import() の数十バイト。
  expect(large - small).toBeLessThan(32 * 80);
  const generated = site(1000);
  const modules = generateModules(
    generated,
    planRoutes(generated.routes, {baseUrl: '/', shardSize: 32}),
  );
  expect(modules.entry).not.toContain('post-999');
  expect(modules.shards).toHaveLength(32);
  expect(modules.shards.join('\n')).toContain('"/blog/2025/01/01/post-999"');
});

test('差し替える Docusaurus のファイルは確かめた版のまま。変われば、そのファイルを挙げてビルドを止める', () => {
  expect(() => checkUpstream()).not.toThrow();
  const preload = '@docusaurus/core/lib/client/preload.js';
  const changed = {...checkedFiles, [preload]: ['0000000000000000', '差し替える'] as const};
  expect(() => checkUpstream(changed)).toThrow(
    /plugins\/routes が前提にした版と違います[\s\S]*@docusaurus\/core\/lib\/client\/preload\.js（差し替える）/,
  );
});
