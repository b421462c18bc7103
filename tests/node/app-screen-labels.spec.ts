import {expect, test} from '@playwright/test';
import {screenLabels} from '../../src/components/AppScreen/labels';
import {parseScreenLabels, quotedLabels, readScreenLabels} from '../support/app-screens';

const facts = readScreenLabels();

test('事実シートの画面 A1〜M7 がすべて文言の表にある', () => {
  expect(Object.keys(screenLabels).sort()).toEqual([...facts.keys()].sort());
  expect(facts.size).toBe(3 + 11 + 6 + 7);
});

for (const [id, labels] of Object.entries(screenLabels)) {
  test(`${id} の文言はすべて事実シートのその画面の「」にある`, () => {
    const allowed = facts.get(id) ?? new Set<string>();
    expect(labels.filter((label) => !allowed.has(label))).toEqual([]);
  });
}

test('入れ子の「」は外側の文言として一つに数え、内側の語も拾える', () => {
  expect(quotedLabels('a 「「Pay」を押すと確定」 b 「CVV」')).toEqual([
    '「Pay」を押すと確定',
    'CVV',
  ]);
});

test('見出しの画面 ID と、本文が指す別の画面（The home screen (A2)）の文言を合わせる', () => {
  const labels = parseScreenLabels(
    [
      'Every screen has a bar 「電鬼2」.',
      '## Section',
      '### X1 one',
      '- A tile 「参加」 and a button 「✓ 登録」.',
      '### X2 two',
      '- The home screen (X1); the step is about 「プレイ」, which wraps',
      '  across lines 「長い文言が',
      '  続く」.',
      '## Labels our pages quote that the screens do not show',
      '| 「誤った文言」 |',
    ].join('\n'),
  );
  expect([...(labels.get('X2') ?? [])].sort()).toEqual(
    ['プレイ', '長い文言が続く', '電鬼2', '参加', '✓ 登録', '登録'].sort(),
  );
  expect([...labels.values()].some((set) => set.has('誤った文言'))).toBe(false);
});
