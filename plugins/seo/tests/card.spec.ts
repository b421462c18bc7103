/** SNS カードの題は語の中で改行しない: 文節と空白の所でだけ折り返す箱に分ける（satori は仮名の間でも改行する）。 */
import {expect, test} from '@playwright/test';
import {cardTree} from '../card';

type Node = ReturnType<typeof cardTree>;

const children = (node: Node): Node[] =>
  Array.isArray(node.props.children) ? (node.props.children as Node[]) : [];

/** 折り返す箱を並べた要素（flex-wrap: wrap）。 */
function wrappingBox(node: Node): Node | undefined {
  if ((node.props.style as Record<string, unknown> | undefined)?.flexWrap === 'wrap') return node;
  for (const child of children(node)) {
    const found = wrappingBox(child);
    if (found) return found;
  }
  return undefined;
}

test('カードの題は文節と空白で分けた箱になり、つなげると題に戻る', () => {
  const title = '大阪の大規模鬼ごっこ 第5回 春の開催レポート（145）';
  const box = wrappingBox(
    cardTree({title, section: 'ブログ', host: 'example.com', logoSvg: '<svg/>'}),
  );
  const pieces = children(box ?? {type: 'div', props: {}}).map((piece) => piece.props.children);
  expect(pieces).toEqual([
    '大阪の',
    '大規模鬼ごっこ ',
    '第5回 ',
    '春の',
    '開催レポート',
    '（145）',
  ]);
});

test('題の字は、文節で折り返して 2 行に収まるうちでいちばん大きい', () => {
  const sizeOf = (title: string): unknown =>
    (
      wrappingBox(cardTree({title, section: 'ブログ', host: 'example.com', logoSvg: '<svg/>'}))
        ?.props.style as Record<string, unknown> | undefined
    )?.fontSize;
  expect(sizeOf('はじめに')).toBe(72);
  // 72 px では「電鬼の」「公式ドキュメントサイトを」「公開しました」の 3 行になる。
  expect(sizeOf('電鬼の公式ドキュメントサイトを公開しました')).toBe(58);
  expect(
    sizeOf('東京23区で100人規模の電鬼を開くための会場と路線の選び方とアプリの準備の手順まとめ'),
  ).toBe(48);
});
