/**
 * src/components/AppScreen/labels.ts を事実シート（app-screens.md）から書き出す。
 * 使い方: npx tsx scripts/app-screen-labels.ts && npx prettier --write src/components/AppScreen/labels.ts
 * 画面が別の画面を指すとき（P1 はホーム A2）は、その画面の文言を展開して重複を書かない。
 */
import {readFileSync, writeFileSync} from 'node:fs';
import {factsPath, parseScreenFacts} from '../tests/support/app-screens';

const {everyScreen, screens} = parseScreenFacts(readFileSync(factsPath, 'utf8'));
const list = (labels: readonly string[]) => labels.map((label) => JSON.stringify(label)).join(', ');

const sections = new Map<string, string>();
const lines: string[] = [`const everyScreen = [${list(everyScreen)}] as const;`];
for (const screen of screens) {
  const spread = ['everyScreen'];
  if (screen.section.length > 0) {
    const key = screen.section.join('\n');
    if (!sections.has(key)) {
      const name = `shared${sections.size + 1}`;
      sections.set(key, name);
      lines.push(`const ${name} = [${list(screen.section)}] as const;`);
    }
    spread.push(sections.get(key) ?? '');
  }
  spread.push(...screen.refs);
  lines.push(
    `const ${screen.id} = [${[...spread.map((name) => `...${name}`), list(screen.own)].join(', ')}] as const;`,
  );
}

writeFileSync(
  'src/components/AppScreen/labels.ts',
  `/**
 * 電鬼２の画面 ID（app-screens.md の見出し）ごとに、その画面が表示する文言。図の文言はここにあるものだけを使う。
 * scripts/app-screen-labels.ts が app-screens.md から書き出し、tests/node/app-screen-labels.spec.ts が
 * 事実シートとの一致を確かめる。別の画面を指す画面（P1 はホーム A2）は、その画面の文言を含む。
 */
${lines.join('\n')}

export const screenLabels = {${screens.map((s) => s.id).join(', ')}} as const satisfies Record<
  string,
  readonly string[]
>;

export type ScreenId = keyof typeof screenLabels;

/** ある画面が表示する文言のどれか。 */
export type ScreenLabel<S extends ScreenId = ScreenId> = (typeof screenLabels)[S][number];
`,
);
