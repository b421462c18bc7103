/**
 * 開催事例のデータの文は、ページの中でも文字のままでいる（issue 60 の「記事の文はコードにもマークアップにもならない」を、
 * 事務局がエディターで書く開催事例にも）。ページを作る mdast（shared-mdast.ts）を HTML の木（hast）にして、書いた文が
 * 文字のノードにだけ現れ、ページの決まった要素のほかに要素が増えないことを確かめる（ビルドを使わず、1 秒かからない）。
 */
import {expect, test} from '@playwright/test';
import type {Element, Nodes, Root as HastRoot} from 'hast';
import type {Root} from 'mdast';
import remarkRehype from 'remark-rehype';
import {unified} from 'unified';
import {eventSection, reportBackLink, voicesSection} from '../shared-mdast';
import type {EventView} from '../shared';

const hostile = [
  '</script><script>alert(1)</script>',
  '<img src=x onerror=alert(2)>',
  '{typeof process}',
  '[リンク](javascript:alert(3))',
  '<style>body{display:none}</style>',
  '**太字**と <b>タグ</b>',
];

const event: EventView = {
  number: 3,
  anchor: 'shibuya-1',
  name: `渋谷${hostile[0]}`,
  region: '東京都',
  area: hostile[1],
  lines: [...hostile],
  base: hostile[2],
  content: [...hostile],
  partners: hostile.map((value) => ({name: value, role: value})),
  voices: [...hostile],
  upcoming: false,
};

function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ('children' in node) for (const child of node.children) walk(child, visit);
}

test('what the office writes in an event stays text: no new element, attribute or link comes from it', () => {
  const mdast: Root = {
    type: 'root',
    children: [
      ...eventSection(event),
      ...voicesSection([event]),
      reportBackLink(event, '/docs/event-examples'),
    ],
  };
  const hast = unified().use(remarkRehype).runSync(mdast) as HastRoot;
  const tags = new Set<string>();
  const texts: string[] = [];
  walk(hast, (node) => {
    if (node.type === 'element') {
      tags.add(node.tagName);
      for (const value of Object.values((node as Element).properties)) {
        for (const piece of hostile) expect(String(value)).not.toContain(piece);
      }
    }
    if (node.type === 'text') texts.push(node.value);
    expect(['root', 'element', 'text'], node.type).toContain(node.type);
  });
  const pageElements = ['a', 'h2', 'h3', 'li', 'p', 'strong', 'table', 'tbody', 'td', 'th'];
  for (const tag of tags) expect([...pageElements, 'thead', 'tr', 'ul'], tag).toContain(tag);
  for (const tag of ['script', 'style', 'img', 'b']) expect(tags.has(tag), tag).toBe(false);
  const allText = texts.join('\n');
  for (const piece of hostile) expect(allText).toContain(piece);
  // リンクは報告の記事への戻りだけで、行き先はページのパスと見出しの id から作る。
  const hrefs: string[] = [];
  walk(hast, (node) => {
    if (node.type === 'element' && node.tagName === 'a') hrefs.push(String(node.properties.href));
  });
  expect(hrefs).toEqual(['/docs/event-examples#shibuya-1']);
});
