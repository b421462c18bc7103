/** plugins/diagrams（remark.ts）: ```mermaid のブロックが SVG の <figure> になり、書き間違いはファイルと行を挙げて止まる。 */
import {expect, test} from '@playwright/test';
import type {Code, Root} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import type {VFile} from 'vfile';
import remarkMermaidStatic from '../remark';

function mermaidBlock(value: string, line: number): Code {
  return {
    type: 'code',
    lang: 'mermaid',
    value,
    position: {start: {line, column: 1}, end: {line: line + 3, column: 4}},
  };
}

const file = {path: 'docs/example.mdx'} as VFile;

/** 図の描画に Chromium を起こすので、余裕を持たせる。 */
test.setTimeout(60_000);

test('```mermaid のブロックは、日本語の役割名と名前を持つ SVG の <figure> になる', async () => {
  const tree: Root = {
    type: 'root',
    children: [
      mermaidBlock('flowchart TD\n  accTitle: 試験の図\n  a["受付"] --> b["解散"]', 3),
      {type: 'code', lang: 'ts', value: 'const a = 1;'},
    ],
  };
  await remarkMermaidStatic()(tree, file);
  const figure = tree.children[0] as MdxJsxFlowElement;
  expect(figure.type).toBe('mdxJsxFlowElement');
  expect(figure.name).toBe('figure');
  const html = JSON.stringify(figure);
  expect(html).toContain('aria-roledescription=\\"フローチャート\\"');
  expect(html).toContain('試験の図');
  expect(html).toContain('受付');
  expect(tree.children[1]?.type).toBe('code');
});

test('Mermaid の既定の上限（50,000 文字）を超える図も、英語のエラーの箱にならずに描く', async () => {
  // 文字数はコメント（%%）を除いて数えられるので、長い名前の節で超える。
  const label = '駅前に集まって説明を聞く'.repeat(4_200);
  const source = `flowchart TD\n  a["受付"] --> b["${label}"]`;
  expect(source.length).toBeGreaterThan(50_000);
  const tree: Root = {type: 'root', children: [mermaidBlock(source, 3)]};
  await remarkMermaidStatic()(tree, file);
  const html = JSON.stringify(tree.children[0]);
  expect(html).toContain('受付');
  expect(html).not.toMatch(/Maximum text size|exceeded/i);
});

test('1 ページの図は、それぞれ別の id を持つ', async () => {
  const tree: Root = {
    type: 'root',
    children: [
      mermaidBlock('flowchart TD\n  a["一つ目"] --> b["二つ目"]', 1),
      mermaidBlock('stateDiagram-v2\n  [*] --> 待機\n  待機 --> [*]', 10),
    ],
  };
  await remarkMermaidStatic()(tree, file);
  const ids = tree.children.map((node) => /<svg id=\\"([^\\]+)\\"/.exec(JSON.stringify(node))?.[1]);
  expect(ids.every(Boolean)).toBe(true);
  expect(new Set(ids).size).toBe(2);
});

test('書き間違いのある図は、ファイル名と行番号を挙げてビルドを止める', async () => {
  const tree: Root = {
    type: 'root',
    children: [mermaidBlock('flowchart TD\n  a["受付" --> b', 42)],
  };
  await expect(remarkMermaidStatic()(tree, file)).rejects.toThrow(
    /^docs\/example\.mdx:42: Mermaid の図を描けません: /,
  );
});

test('ラベルと開始点は HTML として正しい形になる（キャッシュから読んだ図も）', async () => {
  const source = 'stateDiagram-v2\n  [*] --> 準備\n  準備 --> 進行中: 開始\n  進行中 --> [*]';
  const figureText = async (): Promise<string> => {
    const tree: Root = {type: 'root', children: [mermaidBlock(source, 1)]};
    await remarkMermaidStatic()(tree, file);
    return JSON.stringify(tree.children[0]);
  };
  // 2 回目は必ずキャッシュから読む。
  for (const text of [await figureText(), await figureText()]) {
    expect(text).toContain('準備');
    expect(text).not.toMatch(/<span[^>]*><p>/);
    expect(text).toMatch(/<div class=\\"nodeLabel[^>]*><p>/);
    expect(text).toMatch(/<circle [^>]*class=\\"state-start\\"/);
    expect(text).not.toMatch(/<circle [^>]*(width|height)=/);
  }
});
