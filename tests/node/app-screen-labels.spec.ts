/**
 * 事実シート（src/components/AppScreen/app-screens.md）の読み取り（tests/support/app-screens.ts）。
 * 図の文言は tests/e2e/app-screens.spec.ts が、テストのときにこの読み取りと照らし合わせる。
 * 読み取りの誤りは、読み取りとは別の読み方（生の Markdown の「」）と、手で書いた期待で見つける。
 */
import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {screenIds} from '../../src/components/AppScreen/ids';
import {factsPath, parseScreenFacts, parseScreenLabels, quotedLabels} from '../support/app-screens';

const markdown = readFileSync(factsPath, 'utf8');
const facts = parseScreenLabels(markdown);
const {screens} = parseScreenFacts(markdown);

/**
 * 読み取りとは別に、生の Markdown を行ごとに分ける: 折り返した行（空白 2 つ以上で始まる行）を前の行に
 * つなぎ、シートの冒頭、## の節の前置き、### の画面の本文に振り分ける。
 */
function rawParts(text: string): {
  preface: string;
  sections: Map<string, string>;
  screens: Map<string, {section: string; body: string}>;
} {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    if (/^ {2,}\S/.test(line) && lines.length > 0) lines[lines.length - 1] += line.trimStart();
    else lines.push(line);
  }
  let preface = '';
  const sections = new Map<string, string>();
  const raw = new Map<string, {section: string; body: string}>();
  let section: string | null = null;
  let screen: {section: string; body: string} | null = null;
  for (const line of lines) {
    const id = /^### ([A-Z]\d+) /.exec(line)?.[1];
    if (line.startsWith('## ')) {
      section = line;
      screen = null;
      sections.set(section, '');
    } else if (id && section !== null) {
      screen = {section, body: ''};
      raw.set(id, screen);
    }
    if (screen) screen.body += `${line}\n`;
    else if (section !== null) sections.set(section, `${sections.get(section) ?? ''}${line}\n`);
    else preface += `${line}\n`;
  }
  return {preface, sections, screens: raw};
}

/** label が text の中で「」の内側に、そのままの形で書かれているか。 */
function quotedIn(text: string, label: string): boolean {
  for (let at = text.indexOf(label); at !== -1; at = text.indexOf(label, at + 1)) {
    const before = text.slice(0, at);
    const open = before.split('「').length - before.split('」').length;
    if (open > 0 && text.indexOf('」', at + label.length) !== -1) return true;
  }
  return false;
}

const raw = rawParts(markdown);

/** 別の画面を指す画面と、その画面（手で読んだもの。本文に ID のない指し方も含む）。 */
const expectedRefs: Readonly<Record<string, readonly string[]>> = {
  A3: ['A2'],
  P1: ['A2'],
  P3: ['A2'],
  P7: ['P5'],
  P8: ['P4'],
  P10: ['P9'],
  P11: ['P4'],
  M3: ['M2'],
  M4: ['M1'],
  M5: ['M1'],
  M6: ['M1'],
  M7: ['M1'],
};

test('別の画面を指す画面と、その画面', () => {
  expect(
    Object.fromEntries(screens.flatMap(({id, refs}) => (refs.length ? [[id, refs]] : []))),
  ).toEqual(expectedRefs);
});

test('事実シートの画面は、画面 ID の一覧（screenIds）とちょうど同じで同じ順', () => {
  expect([...facts.keys()]).toEqual([...screenIds]);
  expect([...raw.screens.keys()]).toEqual([...screenIds]);
});

for (const id of screenIds) {
  test(`${id}: 読み取った文言は、生の Markdown のその画面（と冒頭、節、指す画面）の「」にそのまま書かれている`, () => {
    const own = raw.screens.get(id);
    const source = [
      raw.preface,
      own ? (raw.sections.get(own.section) ?? '') : '',
      own?.body ?? '',
      ...(expectedRefs[id] ?? []).map((ref) => raw.screens.get(ref)?.body ?? ''),
    ].join('\n');
    const labels = [...(facts.get(id) ?? [])];
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((label) => !quotedIn(source, label))).toEqual([]);
  });

  test(`${id}: 生の Markdown のその画面の「」は、どれも読み取った文言にある`, () => {
    const body = raw.screens.get(id)?.body ?? '';
    const innermost = [...body.matchAll(/「([^「」]+)」/g)].map((match) => match[1]);
    const labels = facts.get(id) ?? new Set<string>();
    expect(innermost.filter((label) => !labels.has(label))).toEqual([]);
  });
}

test('実際の画面の文言（手で書いた期待）', () => {
  const labels = (id: string): Set<string> => facts.get(id) ?? new Set<string>();
  expect([...labels('A1')]).toEqual(expect.arrayContaining(['ニックネーム', '✓ 登録', '登録']));
  // P1 と P3 はホーム（A2）の画面なので、A2 のタイルを含む。
  for (const id of ['P1', 'P3']) {
    expect([...labels(id)], id).toEqual(
      expect.arrayContaining(['参加', '観戦', 'ゲームパックを開封', '新規作成', 'プレイ']),
    );
  }
  // 別の画面を指さない画面は、その画面の文言を含まない。
  expect(labels('P2').has('観戦')).toBe(false);
  expect(labels('A2').has('ニックネーム')).toBe(false);
  // 折り返した行をまたぐ文言と、入れ子の「」。
  expect(labels('M1').has('完了の表示が出るまで数秒お待ちください')).toBe(true);
  expect(labels('M3').has('Pay')).toBe(true);
  expect(labels('M3').has('「Pay」を押すと支払いが確定します 数秒そのままお待ちください')).toBe(
    true,
  );
  // 節の前置き（「ゲームを編集」の共通の見出し）は G の画面だけに出る。
  for (const id of screenIds) {
    expect(labels(id).has('電鬼2'), id).toBe(true);
    expect(labels(id).has('ゲームを編集'), id).toBe(id.startsWith('G'));
  }
  // 最後の表の「ページが誤って使っている文言」は、どの画面の文言でもない。
  for (const wrong of ['鬼ごっこに参加', '新しくゲームを作成']) {
    expect(
      screenIds.filter((id) => labels(id).has(wrong)),
      wrong,
    ).toEqual([]);
  }
});

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
