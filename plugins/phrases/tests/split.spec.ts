/** 項目12: 見出しの文節分け（ビルド時の BudouX）と、ブラウザに送る JS に BudouX が入らないこと。 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import type {PluginContentLoadedActions, RouteConfig} from '@docusaurus/types';
import type {Element, Root} from 'hast';
import type {VFile} from 'vfile';
import {docLabelPhrases, withLabelPhrases} from '../docs';
import rehypePhrases, {tocValueWithBreaks} from '../rehype';
import {tagTitlePhrasesActions} from '../tags';
import remarkTitlePhrases from '../remark';
import {breakAllowed, lineEndProhibited, lineStartProhibited} from '../kinsoku';
import {keptPieces, packPhrases, phraseBreaks, unpackPhrases} from '../shared';
import {refinePhrases} from '../shared-rules';
import {phraseMap, splitPhrases} from '../split';

test('文節: issue の 3 つの見出しは語の途中で分けない', () => {
  expect(splitPhrases('ゲームの作成（主催者）')).toEqual(['ゲームの', '作成', '（主催者）']);
  expect(splitPhrases('電鬼の公式ドキュメントサイトを公開しました')).toEqual([
    '電鬼の',
    '公式ドキュメントサイトを',
    '公開しました',
  ]);
  expect(splitPhrases('自分の街でも開催してみましょう')).toEqual([
    '自分の',
    '街でも',
    '開催してみましょう',
  ]);
});

test('文節: 「鬼ごっこ」はモデルが分けても 1 つの文節に戻す', () => {
  const phrases = splitPhrases('街全体で遊ぶ広域鬼ごっこ');
  expect(phrases.join('')).toBe('街全体で遊ぶ広域鬼ごっこ');
  expect(phrases.some((phrase) => phrase.includes('鬼ごっこ'))).toBe(true);
  expect(splitPhrases('')).toEqual([]);
});

test('文節: 文節の中の閉じかっこと次の文字だけを、折り返さない piece にする', () => {
  expect(keptPieces('「お知らせ」タグの')).toEqual([
    {text: '「お知らせ', keep: false},
    {text: '」タ', keep: true},
    {text: 'グの', keep: false},
  ]);
  expect(keptPieces('「新規作成」」を')).toEqual([
    {text: '「新規作成', keep: false},
    {text: '」」を', keep: true},
  ]);
  expect(keptPieces('決める、')).toEqual([{text: '決める、', keep: false}]);
});

test('文節: 全角コロンと中黒の後ろは必ず区切る（エンジンは keep-all でもそこで折り返す）', () => {
  expect(splitPhrases('ステップ3：ミッション')).toEqual(['ステップ3：', 'ミッション']);
  expect(splitPhrases('ルール・ミッションを設定します').join('|')).toMatch(
    /^ルール・\|ミッションを/u,
  );
});

test('文節: 行頭禁則の文字の前と、行末禁則の文字の後ろでは区切らない（JIS X 4051、issue 61）', () => {
  const boundaries = (phrases: readonly string[]): [string, string][] =>
    phrases.slice(1).map((phrase, index) => [phrases[index], phrase]);
  for (const char of lineStartProhibited) {
    // BudouX がその文字の前で分けたとしても、前の文節につなぐ。
    const phrases = refinePhrases(`語${char}語`, ['語', `${char}語`]);
    expect(phrases.join(''), char).toBe(`語${char}語`);
    for (const [before, after] of boundaries(phrases))
      expect(after.startsWith(char), `「${before}|${after}」`).toBe(false);
  }
  for (const char of lineEndProhibited) {
    const phrases = refinePhrases(`語${char}語`, [`語${char}`, '語']);
    expect(phrases.join(''), char).toBe(`語${char}語`);
    for (const [before, after] of boundaries(phrases))
      expect(before.endsWith(char), `「${before}|${after}」`).toBe(false);
  }
  expect(breakAllowed('つかまえた', '・つかまった')).toBe(false);
  expect(breakAllowed('つかまえた・', 'つかまった')).toBe(true);
  expect(breakAllowed('開始', '「集合」')).toBe(true);
  // issue の例: サイトの表の「つかまえた・つかまった」と、題の中の全角コロン。
  expect(splitPhrases('つかまえた・つかまった')).toEqual(['つかまえた・', 'つかまった']);
  expect(splitPhrases('参加者の操作：ゲームへの参加')).toEqual([
    '参加者の',
    '操作：',
    'ゲームへの',
    '参加',
  ]);
});

test('文節: rehype は見出しに <wbr> と class を入れ、コードには触れず、段落は最後の文節だけをまとめる', () => {
  const heading: Element = {
    type: 'element',
    tagName: 'h2',
    properties: {id: 'create-game'},
    children: [
      {type: 'text', value: 'ゲームの作成（主催者）と'},
      {
        type: 'element',
        tagName: 'code',
        properties: {},
        children: [{type: 'text', value: 'npm run build'}],
      },
    ],
  };
  const paragraph: Element = {
    type: 'element',
    tagName: 'p',
    properties: {},
    children: [{type: 'text', value: '自分の街でも開催してみましょう'}],
  };
  const tree: Root = {type: 'root', children: [heading, paragraph]};
  rehypePhrases()(tree);
  const parts = heading.children.map((child) =>
    child.type === 'text' ? child.value : child.type === 'element' ? `<${child.tagName}>` : '',
  );
  // 文節「（主催者）と」の中の「）と」だけを、折り返さない span にまとめる。
  expect(parts).toEqual(['ゲームの', '<wbr>', '作成', '<wbr>', '（主催者', '<span>', '<code>']);
  expect(heading.children[1]).toMatchObject({properties: {ariaHidden: 'true'}});
  expect(heading.properties).toEqual({id: 'create-game', className: ['phrases']});
  expect(heading.children.at(-1)).toMatchObject({
    children: [{type: 'text', value: 'npm run build'}],
  });
  expect(paragraph.children).toEqual([
    {type: 'text', value: '自分の街でも'},
    {
      type: 'element',
      tagName: 'span',
      properties: {className: [phraseBreaks.endClassName]},
      children: [{type: 'text', value: '開催してみましょう'}],
    },
  ]);
});

const textOf = (element: Element): string =>
  element.children
    .map((child) =>
      child.type === 'text' ? child.value : child.type === 'element' ? textOf(child) : '',
    )
    .join('');

const element = (tagName: string, ...children: Array<string | Element>): Element => ({
  type: 'element',
  tagName,
  properties: {},
  children: children.map((child) =>
    typeof child === 'string' ? {type: 'text', value: child} : child,
  ),
});

test('文節: rehype は表のセル、説明、定義の語、短いリストの項目を区切り、文字はそのまま', () => {
  const cell = element('td', '自分でイベントを開くための準備と当日の運営');
  const caption = element('figcaption', 'アカウントの作成の画面');
  const term = element('dt', 'ゲームの作成');
  const short = element('li', 'どんなイベント？で、イベントの全体像をつかみます。');
  const nested = element('ul', element('li', '参加者の操作'));
  const long = element(
    'li',
    '公共交通機関が充実しているエリアを選びましょう。参加者の集まりやすい都市圏がおすすめです。',
    nested,
  );
  const tree: Root = {type: 'root', children: [cell, caption, term, element('ul', short, long)]};
  const before = [cell, caption, term, short, long].map(textOf);
  rehypePhrases()(tree);
  expect([cell, caption, term, short, long].map(textOf)).toEqual(before);
  for (const split of [cell, caption, term, short]) {
    expect(split.properties.className).toEqual([phraseBreaks.className]);
    expect(
      split.children.some((child) => child.type === 'element' && child.tagName === 'wbr'),
    ).toBe(true);
  }
  // 長い項目は区切らず、最後の文節をまとめる。入れ子のリストの短い項目は区切る。
  expect(long.properties.className).toBeUndefined();
  expect(long.children.at(-2)).toMatchObject({
    properties: {className: [phraseBreaks.endClassName]},
    children: [{type: 'text', value: 'おすすめです。'}],
  });
  expect(nested.children[0]).toMatchObject({properties: {className: [phraseBreaks.className]}});
});

test('文節: 段落の最後の文節が 3 文字に満たなければ、前の文節とまとめる。最後がリンクならその中で', () => {
  const link = element('a', '鬼ごっこの開催で確認します');
  const paragraph = element('p', 'くわしくは', link, '。');
  rehypePhrases()({type: 'root', children: [paragraph]});
  expect(paragraph.children.at(-1)).toEqual({type: 'text', value: '。'});
  expect(link.children.at(-1)).toMatchObject({
    tagName: 'span',
    children: [{type: 'text', value: '確認します'}],
  });
  expect(textOf(paragraph)).toBe('くわしくは鬼ごっこの開催で確認します。');
});

test('文節: 目次の見出しの HTML は、タグの外の文字だけに <wbr> を入れる', () => {
  const wbr = phraseBreaks.breakHtml;
  expect(tocValueWithBreaks('ゲームの作成（主催者）')).toBe(`ゲームの${wbr}作成${wbr}（主催者）`);
  expect(tocValueWithBreaks('<code>npm run build</code>で確認する')).toBe(
    `<code>npm run build</code>で${wbr}確認する`,
  );
});

test('文節: rehype は h4〜h6 の見出しにも印を付ける（テーマの見出しが文字列として文節を探さない）', () => {
  const headings: Element[] = ['h4', 'h5', 'h6'].map((tagName) => ({
    type: 'element',
    tagName,
    properties: {},
    children: [{type: 'text', value: '小見出し'}],
  }));
  rehypePhrases()({type: 'root', children: headings});
  for (const heading of headings) expect(heading.properties).toEqual({className: ['phrases']});
});

test('文節: remark は front matter の題の文節を、ページのモジュールが書き出す front matter に足し、サイドバーの名前の文節は除く', () => {
  const frontMatter: Record<string, unknown> = {title: 'ゲームの作成（主催者）'};
  const file = {data: {frontMatter}} as unknown as VFile;
  remarkTitlePhrases()({type: 'root', children: []}, file);
  expect(frontMatter[phraseBreaks.frontMatterKey]).toEqual(['ゲームの', '作成', '（主催者）']);

  const untitled: Record<string, unknown> = {};
  remarkTitlePhrases()({type: 'root', children: []}, {
    data: {frontMatter: untitled},
  } as unknown as VFile);
  expect(untitled).toEqual({});

  // サイドバーの名前の文節（docs.ts）は版のデータで届くので、ページのモジュールの front matter からは除く。
  const labelled: Record<string, unknown> = {
    sidebar_label: 'ゲームの作成',
    sidebar_custom_props: {
      icon: 'game',
      [phraseBreaks.customPropsKey]: {ゲームの作成: ['ゲームの', '作成']},
    },
  };
  remarkTitlePhrases()({type: 'root', children: []}, {
    data: {frontMatter: labelled},
  } as unknown as VFile);
  expect(labelled).toEqual({sidebar_label: 'ゲームの作成', sidebar_custom_props: {icon: 'game'}});
  const onlyPhrases: Record<string, unknown> = {
    sidebar_custom_props: {[phraseBreaks.customPropsKey]: {}},
  };
  remarkTitlePhrases()({type: 'root', children: []}, {
    data: {frontMatter: onlyPhrases},
  } as unknown as VFile);
  expect(onlyPhrases).toEqual({});
});

test('文節: ドキュメントの front matter だけ、名前の文節を sidebar_custom_props に足す（書いてある値は残す）', async () => {
  const docsDir = path.resolve('docs');
  const parse = docLabelPhrases(docsDir);
  const fileContent =
    '---\ntitle: ゲームの作成（主催者）\nsidebar_label: ゲームの作成\nsidebar_custom_props: {icon: game}\n---\n本文';
  const defaultParseFrontMatter = async () => ({
    frontMatter: {
      title: 'ゲームの作成（主催者）',
      sidebar_label: 'ゲームの作成',
      sidebar_custom_props: {icon: 'game'},
    },
    content: '本文',
  });
  const doc = await parse({
    filePath: path.join(docsDir, 'app-usage/organizer-game-setup.mdx'),
    fileContent,
    defaultParseFrontMatter,
  });
  // サイドバーと前後のリンクが描く名前だけ（題の文節はページのチャンクの title_phrases で届く）。
  expect(doc.frontMatter.sidebar_custom_props).toEqual({
    icon: 'game',
    [phraseBreaks.customPropsKey]: {ゲームの作成: ['ゲームの', '作成']},
  });
  expect(withLabelPhrases({title: 'ゲームの作成（主催者）'}).sidebar_custom_props).toEqual({
    [phraseBreaks.customPropsKey]: {'ゲームの作成（主催者）': ['ゲームの', '作成', '（主催者）']},
  });
  expect(
    withLabelPhrases({title: '題', sidebar_label: 'ゲームの作成', pagination_label: '次の操作'})
      .sidebar_custom_props,
  ).toEqual({
    [phraseBreaks.customPropsKey]: {ゲームの作成: ['ゲームの', '作成'], 次の操作: ['次の', '操作']},
  });
  const post = await parse({
    filePath: path.resolve('blog/2025-03-16-docs-site-launch/index.md'),
    fileContent,
    defaultParseFrontMatter,
  });
  expect(post.frontMatter.sidebar_custom_props).toEqual({icon: 'game'});
});

test('文節: ドキュメントの名前とタグのページの題の文節は、最初に読む main.js（グローバルデータ）に入らず、ページや区画のチャンクで届く', () => {
  const dir = path.resolve('build/assets/js');
  const files = readdirSync(dir).filter((file) => file.endsWith('.js'));
  const main = files.filter((file) => file.startsWith('main.'));
  expect(main).toHaveLength(1);
  const mainSource = readFileSync(path.join(dir, main[0] as string), 'utf8');
  // サイドバーとフッターにない、ドキュメントだけの名前（サイドバーと前後のリンクが描く）と、タグのページの題。
  for (const entry of [
    '"参加者の操作":["参加者の","操作"]',
    '"「お知らせ」タグの記事（1件）":["「お知らせ」タグの","記事","（1件）"]',
  ]) {
    expect(mainSource).not.toContain(entry);
    const carriers = files.filter((file) =>
      readFileSync(path.join(dir, file), 'utf8').includes(entry),
    );
    expect(carriers.length, entry).toBeGreaterThan(0);
  }
});

test('文節: タグのページの題の文節は、そのタグのルートの props に足す（ほかのルートはそのまま）', async () => {
  const added: RouteConfig[] = [];
  const actions: PluginContentLoadedActions = {
    addRoute: (route) => void added.push(route),
    createData: () => Promise.reject(new Error('not used')),
    setGlobalData: () => undefined,
  };
  const wrapped = await tagTitlePhrasesActions(actions, process.cwd(), '@theme/BlogTagsPostsPage');
  const tagRoute: RouteConfig = {
    path: '/blog/tags/announcement',
    component: '@theme/BlogTagsPostsPage',
    props: {tag: {label: 'お知らせ', count: 3}, listMetadata: {}},
  };
  const other: RouteConfig = {path: '/blog', component: '@theme/BlogListPage'};
  wrapped.addRoute(tagRoute);
  wrapped.addRoute(other);
  expect(added[0]?.props).toEqual({
    ...tagRoute.props,
    [phraseBreaks.customPropsKey]: {
      '「お知らせ」タグの記事（3件）': ['「お知らせ」タグの', '記事', '（3件）'],
    },
  });
  expect(added[1]).toBe(other);
  expect(() => wrapped.addRoute({...tagRoute, props: {}})).toThrow(/tags\.ts/);
});

test('文節: BudouX のモデルは、検索の結果のための 1 つのチャンクにだけ入り、どのページの HTML も読み込まない', () => {
  const dir = path.resolve('build/assets/js');
  const files = readdirSync(dir).filter((file) => file.endsWith('.js'));
  expect(files.length).toBeGreaterThan(10);
  // モデルは {"UW3": {"。": 7331, …}} のような重みの表。キーの並びで見分ける。
  const model = /["']?UW[1-6]["']?\s*:\s*\{|["']?BW[1-3]["']?\s*:\s*\{/;
  const source = readFileSync(path.resolve('node_modules/budoux/module/data/models/ja.js'), 'utf8');
  expect(model.test(source), '見分け方がモデルそのものに当たる').toBe(true);
  const withModel = files.filter((file) => model.test(readFileSync(path.join(dir, file), 'utf8')));
  // 検索ダイアログを開いたときに読み込む（plugins/search/tests/line-breaks.spec.ts が読み込みを確かめる）。
  expect(withModel).toHaveLength(1);
  const pages = readdirSync(path.resolve('build'), {recursive: true, encoding: 'utf8'}).filter(
    (file) => file.endsWith('.html'),
  );
  expect(pages.length).toBeGreaterThan(10);
  const loading = pages.filter((file) =>
    readFileSync(path.resolve('build', file), 'utf8').includes(withModel[0] ?? ''),
  );
  expect(loading).toEqual([]);
});

test('文節: 全ページが読む表は、文字列を持たずに文節だけを持ち、ブラウザで同じ表に戻る', () => {
  const map = phraseMap(['ゲームの作成（主催者）', '電鬼', 'お知らせ']);
  const packed = packPhrases(map);
  expect(packed).toHaveLength(3);
  expect(packed.some((joined) => joined.includes('ゲームの作成'))).toBe(false);
  expect(unpackPhrases(packed)).toEqual(map);
  expect(packPhrases({'': []})).toEqual([]);
  expect(() => packPhrases({ゲーム: ['ゲー']})).toThrow(/ゲーム/);
});
