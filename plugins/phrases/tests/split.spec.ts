/** 項目12: 見出しの文節分け（ビルド時の BudouX）と、ブラウザに送る JS に BudouX が入らないこと。 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import type {Element, Root} from 'hast';
import type {VFile} from 'vfile';
import rehypePhrases from '../rehype';
import remarkTitlePhrases from '../remark';
import {phraseBreaks} from '../shared';
import {splitPhrases} from '../split';

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

test('文節: 全角コロンの後ろは必ず区切る（Gecko はそこで折り返す）', () => {
  expect(splitPhrases('ステップ3：ミッション')).toEqual(['ステップ3：', 'ミッション']);
});

test('文節: rehype は見出しにだけ <wbr> と class を入れ、コードと本文には触れない', () => {
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
  expect(parts).toEqual(['ゲームの', '<wbr>', '作成', '<wbr>', '（主催者）と', '<code>']);
  expect(heading.properties).toEqual({id: 'create-game', className: ['phrases']});
  expect(heading.children.at(-1)).toMatchObject({
    children: [{type: 'text', value: 'npm run build'}],
  });
  expect(paragraph.children).toEqual([{type: 'text', value: '自分の街でも開催してみましょう'}]);
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

test('文節: remark は front matter の題の文節を、ページのモジュールが書き出す front matter に足す', () => {
  const frontMatter: Record<string, unknown> = {title: 'ゲームの作成（主催者）'};
  const file = {data: {frontMatter}} as unknown as VFile;
  remarkTitlePhrases()({type: 'root', children: []}, file);
  expect(frontMatter[phraseBreaks.frontMatterKey]).toEqual(['ゲームの', '作成', '（主催者）']);

  const untitled: Record<string, unknown> = {};
  remarkTitlePhrases()({type: 'root', children: []}, {
    data: {frontMatter: untitled},
  } as unknown as VFile);
  expect(untitled).toEqual({});
});

test('文節: ブラウザに送る JS に BudouX のモデルが入っていない', () => {
  const dir = path.resolve('build/assets/js');
  const files = readdirSync(dir).filter((file) => file.endsWith('.js'));
  expect(files.length).toBeGreaterThan(10);
  // モデルは {"UW3": {"。": 7331, …}} のような重みの表。キーの並びで見分ける。
  const model = /["']?UW[1-6]["']?\s*:\s*\{|["']?BW[1-3]["']?\s*:\s*\{/;
  const source = readFileSync(path.resolve('node_modules/budoux/module/data/models/ja.js'), 'utf8');
  expect(model.test(source), '見分け方がモデルそのものに当たる').toBe(true);
  const withModel = files.filter((file) => model.test(readFileSync(path.join(dir, file), 'utf8')));
  expect(withModel).toEqual([]);
});
