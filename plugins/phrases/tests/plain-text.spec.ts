/**
 * issue 26 の 3: 文節の区切りは見た目だけ。Chromium のアクセシビリティツリーでの名前、コピーした見出し、
 * <title>・meta・JSON-LD・フィード・検索の索引は、区切りの無い元の文字のまま。
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';
import {expect, test} from '@playwright/test';
import {listHtmlFiles} from '../../../lib/html-files';
import {waitForHydration} from '../../../lib/page-ready';
import {siteRoutes, unknownPaths} from '../../../tests/support/routes';

test.use({serviceWorkers: 'block'});

/** 幅のない文字（区切りに使われがちなもの）と、ソフトハイフン。 */
const separators = /[\u200B\u200C\u00AD\uFEFF]/u;
const buildDir = path.resolve('build');

/** 名前を中の文字から決める役割の要素のうち、文節の区切りを含むもの。 */
const splitNamed =
  ':is(a, h1, h2, h3, h4, h5, h6, button, th, td):is(:has(wbr), :has(.phrases), .phrases)';

type AXNode = {name?: {value?: string}; role?: {value?: string}};

const pages = [...siteRoutes.map((route) => route.path), unknownPaths[0]];

for (const pagePath of pages) {
  test(`区切り: ${pagePath} の区切った名前は、アクセシビリティツリーで語が欠けず区切りの文字も無い`, async ({
    page,
  }) => {
    await page.goto(pagePath);
    await waitForHydration(page);
    // 期待する名前: 要素の文字（見出しのリンクの記号と、読まれない要素を除く）。
    const expected = await page.evaluate((selector) => {
      return Array.from(document.querySelectorAll(selector), (element) => {
        const copy = element.cloneNode(true) as Element;
        for (const skipped of Array.from(copy.querySelectorAll('.hash-link, [aria-hidden="true"]')))
          skipped.remove();
        return (copy.textContent ?? '').replace(/\s+/gu, ' ').trim();
      });
    }, splitNamed);
    expect(expected.length, 'このページにも区切った名前がある').toBeGreaterThan(0);

    const cdp = await page.context().newCDPSession(page);
    const {root} = await cdp.send('DOM.getDocument', {depth: 0});
    const {nodeIds} = await cdp.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: splitNamed,
    });
    expect(nodeIds).toHaveLength(expected.length);
    const names: string[] = [];
    for (const nodeId of nodeIds) {
      const {nodes} = (await cdp.send('Accessibility.getPartialAXTree', {
        nodeId,
        fetchRelatives: false,
      })) as {nodes: AXNode[]};
      names.push((nodes[0]?.name?.value ?? '').replace(/\s+/gu, ' ').trim());
    }
    // Chromium は、<wbr> の位置（と inline-block の文節の前後）で、計算した名前に空白を 1 つ入れる
    // （区切りの無い見出しでは入らない。/work/notes/issue-26.md の「残り」）。ここでは、空白を除いた名前が
    // 元の文字と同じこと（語が欠けたり、区切りの文字が入ったりしない）を確かめ、空白の入った数を記録する。
    // 前後のページへのリンクの矢印（«・»）は CSS の生成した文字。
    const squeeze = (value: string): string => value.replace(/[ «»]/gu, '');
    let spaced = 0;
    const mismatches = names.flatMap((name, index) => {
      const text = expected[index];
      // 名前には、見出しのリンク（「… への直接リンク」）、外部リンクの「（新しいタブで開きます）」、前後のページの
      // 矢印も続く。区切った文字がそのまま（空白を除いて）含まれればよい。
      if (name !== text && !name.startsWith(`${text} `)) spaced += 1;
      return squeeze(name).includes(squeeze(text)) && !separators.test(name)
        ? []
        : [`「${name}」≠「${text}」`];
    });
    test.info().annotations.push({
      type: 'wbr で空白の入った名前',
      description: `${spaced} / ${names.length}`,
    });
    expect(mismatches).toEqual([]);
  });
}

test('区切り: 見出しを選んでコピーした文字は、区切りの無い元の文字', async ({page}) => {
  await page.goto(siteRoutes.find((route) => route.name === 'blogPost')?.path ?? '/');
  await waitForHydration(page);
  const copied = await page.locator('h1').evaluate((heading) => {
    const selection = document.getSelection();
    const range = document.createRange();
    range.selectNodeContents(heading);
    selection?.removeAllRanges();
    selection?.addRange(range);
    return selection?.toString() ?? '';
  });
  expect(copied).toBe('電鬼の公式ドキュメントサイトを公開しました');
  await expect(page.locator('h1 wbr')).not.toHaveCount(0);
});

test('区切り: <title>、meta、JSON-LD、フィード、検索の索引に区切りの文字も <wbr> も無い', async () => {
  const problems: string[] = [];
  const check = (where: string, text: string): void => {
    if (separators.test(text) || /<wbr|&lt;wbr|phrase-(?:end|keep)/iu.test(text))
      problems.push(`${where}: ${text.slice(0, 80)}`);
  };
  for (const file of await listHtmlFiles(buildDir, ['pagefind'])) {
    const html = readFileSync(path.join(buildDir, file), 'utf8');
    const head = html.slice(0, html.search(/<body\b/iu));
    for (const match of head.matchAll(
      /<title>([^<]*)<\/title>|<meta [^>]*content=("[^"]*"|[^ >]*)/giu,
    ))
      check(`${file} の head`, match[1] ?? match[2] ?? '');
    for (const match of html.matchAll(
      /<script type=(?:"application\/ld\+json"|application\/ld\+json)>(.*?)<\/script>/gsu,
    ))
      check(`${file} の JSON-LD`, match[1] ?? '');
  }
  // フィードの題と説明。本文の HTML にある <wbr>（見出し）と幅のない空白（テーマの見出しのリンク
  // 「#」の中身）は、この変更の前からあり、数も変わらない。
  for (const feed of ['blog/rss.xml', 'blog/atom.xml']) {
    const xml = readFileSync(path.join(buildDir, feed), 'utf8');
    for (const match of xml.matchAll(/<(title|description|summary)[^>]*>([^<]*)</gu))
      check(`${feed} の ${match[1]}`, match[2] ?? '');
  }
  const fragments = path.join(buildDir, 'pagefind', 'fragment');
  const files = readdirSync(fragments);
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) {
    const text = gunzipSync(readFileSync(path.join(fragments, file))).toString('utf8');
    check(`索引 ${file}`, text);
  }
  expect(problems).toEqual([]);
});
