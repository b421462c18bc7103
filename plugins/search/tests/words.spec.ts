/** 索引の語の区切り（plugins/search/words.ts）と、表示のときの戻し方（joinWords）。 */
import {expect, test} from '@playwright/test';
import {SPACE_MARK} from '../shared';
import {joinWords} from '../theme/SearchDialog/text';
import {separateCells} from '../selection';
import {segmentHtml, segmentText} from '../words';

test('本文はブラウザーの検索語と同じ区切りで語に分ける（Lindera の「常|磐|線」にしない）', () => {
  expect(segmentText('JR常磐線を中心に')).toBe(' JR 常磐線 を 中心 に');
  expect(segmentText('増やし鬼')).toBe(' 増 や し 鬼');
  expect(segmentText('交通費 賞品')).toBe(` 交通 費 ${SPACE_MARK} 賞品`);
});

test('HTML は <body> の中の文字だけを分け、タグ・属性・スクリプト・文字参照を壊さない', () => {
  const html =
    '<html lang=ja><head><title>開催事例</title></head><body>' +
    '<h2 id=a title="流山と柏">流山&amp;柏<wbr/>鬼ごっこ</h2>' +
    '<script>const a = "増やし鬼";</script><p>a&lt;b</p></body></html>';
  expect(segmentHtml(html)).toBe(
    '<html lang=ja><head><title>開催事例</title></head><body>' +
      '<h2 id=a title="流山と柏"> 流山 &amp; 柏<wbr/> 鬼ごっこ</h2>' +
      '<script>const a = "増やし鬼";</script><p> a &lt; b</p></body></html>',
  );
});

test('セルの区切りや改行は一つの空白の語にする', () => {
  const html =
    '<body><table><tr><td>項目<td>内容<tr><td>拠点駅<td>流山</table><p>一行目<br>二行目</p>';
  const M = SPACE_MARK;
  expect(segmentHtml(separateCells(html))).toBe(
    `<body><table> ${M}<tr><td> 項目 ${M}<td> 内容 ${M}<tr><td> 拠点 駅 ${M}<td> 流山</table>` +
      `<p> 一行 目<br> ${M} 二 行 目</p>`,
  );
});

test('表示のときは語の間の空白を詰め、もとの空白と Pagefind の「. 」は残す', () => {
  for (const text of [
    '流山&柏 鬼ごっこ',
    '大規模鬼ごっこ 第1回 春の開催レポート（1）',
    'Discord Webhook URL',
  ]) {
    expect(joinWords(segmentText(text))).toBe(text);
  }
  expect(joinWords(' 事前 準備. これ まで に')).toBe('事前準備. これまでに');
  expect(joinWords(' 東 武 <mark>野田線</mark> 、 JR')).toBe('東武<mark>野田線</mark>、JR');
});
