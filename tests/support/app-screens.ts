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

/** 画面 ID → その画面が表示する文言の集合。節の前置き（共通の見出しなど）は節の全画面に含める。 */
export function parseScreenLabels(markdown: string): Map<string, Set<string>> {
  // 箇条書きの続きの行は前の行につなげる（文言が改行をまたぐことがある）。
  const text = markdown.replace(/\n {2,}(?=\S)/g, '');
  const common: string[] = [];
  const own = new Map<string, string>();
  let sectionCommon: string[] = [];
  let current: string | undefined;
  let inSection = false;
  for (const line of text.split('\n')) {
    const section = /^## (.*)/.exec(line);
    const screen = /^### ([A-Z]\d+)\b/.exec(line);
    if (section) {
      // 最後の表は「ページが誤って使っている文言」なので画面の文言ではない。
      inSection = !/do not show/.test(section[1]);
      sectionCommon = [];
      current = undefined;
      if (inSection) own.set(`#${section[1]}`, '');
      continue;
    }
    if (!inSection && own.size > 0) continue;
    if (screen) {
      current = screen[1];
      own.set(current, line.replace(/^### \S+/, '') + '\n');
      (own as Map<string, string>).set(`${current}#common`, sectionCommon.join('\n'));
      continue;
    }
    if (current) own.set(current, own.get(current) + line + '\n');
    else if (own.size === 0) common.push(line);
    else sectionCommon.push(line);
  }
  const ids = [...own.keys()].filter((key) => /^[A-Z]\d+$/.test(key));
  const direct = new Map<string, Set<string>>();
  for (const id of ids) {
    const body = own.get(id) ?? '';
    direct.set(
      id,
      new Set([
        ...quotedLabels(body),
        ...quotedLabels(own.get(`${id}#common`) ?? ''),
        ...quotedLabels(common.join('\n')),
      ]),
    );
  }
  const result = new Map<string, Set<string>>();
  for (const id of ids) {
    const body = own.get(id) ?? '';
    const mentioned = [...body.matchAll(/\b([A-Z]\d+)\b/g)].map((m) => m[1]);
    const referenced = [...mentioned, ...(unnamedReferences[id] ?? [])].filter(
      (ref) => ref !== id && direct.has(ref),
    );
    const labels = [...(direct.get(id) ?? [])];
    for (const ref of referenced) labels.push(...(direct.get(ref) ?? []));
    result.set(id, withIconVariants(labels));
  }
  return result;
}

export function readScreenLabels(): Map<string, Set<string>> {
  return parseScreenLabels(readFileSync(factsPath, 'utf8'));
}
