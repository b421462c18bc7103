/** Mermaid の図を Debian の Chromium で SVG に描く。同じ図は内容のハッシュでキャッシュから返す。 */
import {createHash} from 'node:crypto';
import type {MermaidConfig} from 'mermaid';
import type * as MermaidIsomorphic from 'mermaid-isomorphic';
import {chromiumLaunchOptions} from '../../lib/chromium';
import {colors} from '../../src/constants/site';
import {contentKey, fileCache} from '../cache';
import {validHtmlSvg} from './html';

/**
 * 描き方（設定）を変えたら上げる。古いキャッシュを使わないため。キャッシュには Mermaid の描いた
 * ままの SVG を置き、後処理（finish）は読み出すたびにかけるので、後処理を変えても上げなくてよい。
 */
const renderVersion = 2;

/**
 * 文字の幅を測るフォント。src/css/custom.css の --ifm-font-family-base と同じ並び
 * （ビルドする機械では Noto Sans CJK JP、読者の端末ではヒラギノなどで表示される）。
 */
const fontFamily =
  "'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Noto Sans JP', 'Noto Sans CJK JP', 'Yu Gothic', YuGothic, Meiryo, sans-serif";

export const mermaidConfig: MermaidConfig = {
  theme: 'base',
  fontFamily,
  themeVariables: {
    primaryColor: '#f3ebf9',
    primaryBorderColor: colors.deep,
    primaryTextColor: '#1c1e21',
    lineColor: colors.deep,
    fontFamily,
  },
};

const cache = fileCache('mermaid-static', 'svg');

/** Mermaid が SVG に付ける図の種類（英語）を、読み上げ用の日本語にする。 */
const roleNames: Readonly<Record<string, string>> = {
  'flowchart-v2': 'フローチャート',
  flowchart: 'フローチャート',
  stateDiagram: '状態遷移図',
  sequence: 'シーケンス図',
};

export function localizeRole(svg: string): string {
  return svg.replace(
    /aria-roledescription="([^"]*)"/,
    (_match, role: string) => `aria-roledescription="${roleNames[role] ?? '図'}"`,
  );
}

/** Mermaid の描いた SVG を、ページに入れる形にする。 */
const finish = (svg: string): string => validHtmlSvg(localizeRole(svg));

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

const cacheKey = (source: string): string => contentKey({renderVersion, mermaidConfig, source});

/** 描けなかった図。index は渡した図の順番。 */
export class DiagramError extends Error {
  constructor(
    readonly index: number,
    message: string,
  ) {
    super(message);
  }
}

let renderer: Promise<MermaidIsomorphic.MermaidRenderer> | undefined;

// jiti に変換させない本物の import() を、CommonJS のまま読む（load.cjs の先頭を参照）。
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadMermaidIsomorphic = require('./load.cjs') as () => Promise<typeof MermaidIsomorphic>;

function getRenderer(): Promise<MermaidIsomorphic.MermaidRenderer> {
  renderer ??= loadMermaidIsomorphic().then(({createMermaidRenderer}) =>
    createMermaidRenderer({launchOptions: chromiumLaunchOptions}),
  );
  return renderer;
}

/**
 * 図をまとめて 1 回で描く（ブラウザのページを 1 つだけ開く）。キャッシュにある図は描かない。
 * 図ごとに別の id の接頭辞を付ける（同じ id の図が 1 ページに並ぶと CSS がぶつかる）。
 */
export async function renderDiagrams(sources: readonly string[]): Promise<string[]> {
  const keys = sources.map(cacheKey);
  const svgs = keys.map((key) => cache.read(key)?.toString('utf8') ?? null);
  const missing = svgs.flatMap((svg, index) => (svg === null ? [index] : []));
  if (missing.length === 0) return (svgs as string[]).map(finish);
  const render = await getRenderer();
  const prefix = `mermaid-${sha(missing.map((index) => keys[index]).join()).slice(0, 8)}`;
  const results = await render(
    missing.map((index) => sources[index] as string),
    {prefix, mermaidConfig},
  );
  results.forEach((result, position) => {
    const index = missing[position] as number;
    if (result.status === 'rejected') {
      const reason = result.reason as {message?: string} | undefined;
      throw new DiagramError(index, reason?.message ?? String(reason));
    }
    cache.write(keys[index] as string, result.value.svg);
    svgs[index] = result.value.svg;
  });
  return (svgs as string[]).map(finish);
}
