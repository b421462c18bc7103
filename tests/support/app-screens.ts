/**
 * 電鬼２の画面の事実シート（src/components/AppScreen/app-screens.md）から、画面 ID ごとに
 * 画面が表示する文言（「」で囲まれた語）を取り出す。図の文言が画面の表記どおりかを確かめるために使う。
 */
import {readFileSync} from 'node:fs';

export const factsPath = 'src/components/AppScreen/app-screens.md';

/** 本文が画面 ID を書かずに別の画面を指しているもの（「Same title and circle」「The play screen」など）。 */
const unnamedReferences: Readonly<Record<string, readonly string[]>> = {
  A3: ['A2'],
  P10: ['P9'],
  P11: ['P4'],
  // 「Tab … selected」: コントローラの見出しとタブは M1 と同じ。
  M4: ['M1'],
  M5: ['M1'],
  M6: ['M1'],
  M7: ['M1'],
};

/** アイコンとして描く記号。図ではこれを除いた文言も同じ文言として扱う。 */
const iconGlyphs = /^(?:✓|＋|♡|‹)\s*|\s*(?:≫|›)$/g;

/** 入れ子の「」も含めて、いちばん外側の「…」の中身をすべて返す。 */
export function quotedLabels(text: string): string[] {
  const labels: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '「') {
      if (depth === 0) start = i + 1;
      depth++;
    } else if (text[i] === '」' && depth > 0) {
      depth--;
      if (depth === 0) labels.push(text.slice(start, i));
    }
  }
  return labels;
}

function withIconVariants(labels: Iterable<string>): Set<string> {
  const all = new Set<string>();
  for (const label of labels) {
    for (const variant of [label, label.replace(iconGlyphs, '')]) if (variant) all.add(variant);
    // 「…」に入れ子で引用された語（「「Pay」を押すと…」の Pay）もボタンの文言になる。
    for (const inner of quotedLabels(label)) all.add(inner);
  }
  return all;
}

export type ScreenFacts = {
  readonly id: string;
  /** 見出しと本文の「」（アイコンを除いた形も含む）。 */
  readonly own: readonly string[];
  /** 節の前置き（「ゲームを編集」の共通の見出しなど）の文言。節の全画面に出る。 */
  readonly section: readonly string[];
  /** 本文が指す別の画面（The home screen (A2) など）。 */
  readonly refs: readonly string[];
};

/** 事実シートを画面ごとに分ける。everyScreen はシート冒頭の、全画面に共通の文言。 */
export function parseScreenFacts(markdown: string): {
  everyScreen: string[];
  screens: ScreenFacts[];
} {
  // 箇条書きの続きの行は前の行につなげる（文言が改行をまたぐことがある）。
  const text = markdown.replace(/\n {2,}(?=\S)/g, '');
  const parts = text.split(/^(?=##+ )/m);
  const everyScreen = [...withIconVariants(quotedLabels(parts[0]))];
  const screens: ScreenFacts[] = [];
  let section: string[] = [];
  for (const part of parts.slice(1)) {
    // 最後の表は「ページが誤って使っている文言」なので画面の文言ではない。
    if (/^## .*do not show/.test(part)) break;
    const screen = /^### ([A-Z]\d+)\b/.exec(part);
    if (!screen) {
      section = [...withIconVariants(quotedLabels(part))];
      continue;
    }
    const id = screen[1];
    const mentioned = [...part.matchAll(/\b([A-Z]\d+)\b/g)].map((m) => m[1]);
    const refs = [...mentioned, ...(unnamedReferences[id] ?? [])].filter((ref) => ref !== id);
    screens.push({
      id,
      own: [...withIconVariants(quotedLabels(part))],
      section,
      refs: [...new Set(refs)],
    });
  }
  return {everyScreen, screens};
}

/** 画面 ID → その画面が表示する文言の集合（共通、節の前置き、指している画面の文言を含む）。 */
export function parseScreenLabels(markdown: string): Map<string, Set<string>> {
  const {everyScreen, screens} = parseScreenFacts(markdown);
  const direct = new Map(screens.map((s) => [s.id, [...everyScreen, ...s.section, ...s.own]]));
  return new Map(
    screens.map((s) => [
      s.id,
      new Set([...(direct.get(s.id) ?? []), ...s.refs.flatMap((ref) => direct.get(ref) ?? [])]),
    ]),
  );
}

export function readScreenLabels(): Map<string, Set<string>> {
  return parseScreenLabels(readFileSync(factsPath, 'utf8'));
}
