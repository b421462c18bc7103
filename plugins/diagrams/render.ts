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
const renderVersion = 3;

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
  // 図の文字数と辺の数の上限（Mermaid の既定は 50,000 文字と 500 本）を外す。図はビルドのときに描くので、
  // 読者の入力から守る上限は要らない。上限を超えた図は、英語の「Maximum text size in diagram exceeded」の
  // 箱に差し替わったままビルドが通ってしまう（issue 27: 内容の大きさで壊れる崖を残さない）。
  maxTextSize: Number.MAX_SAFE_INTEGER,
  maxEdges: Number.MAX_SAFE_INTEGER,
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

/** 図の id の接頭辞。図の内容だけで決まるので、どのページと一緒に描かれても同じ SVG になる。 */
const diagramId = (key: string): string => `mermaid-${key.slice(0, 10)}`;

type Request = {
  readonly key: string;
  readonly source: string;
  readonly resolve: (svg: string) => void;
  readonly reject: (reason: unknown) => void;
};

/**
 * 描く順番を待つ図。mermaid-isomorphic は 1 回ごとにページを開いて Mermaid を読み込む（約 1 秒）ので、
 * 描いている間に届いた図（並行して変換される別のファイルの図も）を、次の 1 回にまとめて描く。
 */
let waiting: Request[] = [];
let drawing = false;

async function drawBatch(batch: readonly Request[]): Promise<void> {
  const prefix = `mermaid-batch-${sha(batch.map(({key}) => key).join()).slice(0, 8)}`;
  let results: Awaited<ReturnType<MermaidIsomorphic.MermaidRenderer>>;
  try {
    const render = await getRenderer();
    results = await render(
      batch.map(({source}) => source),
      {prefix, mermaidConfig},
    );
  } catch (error) {
    for (const request of batch) request.reject(error);
    return;
  }
  results.forEach((result, index) => {
    const request = batch[index] as Request;
    if (result.status === 'rejected') {
      request.reject(result.reason);
      return;
    }
    const svg = result.value.svg.replace(
      new RegExp(`${prefix}-${index}(?!\\d)`, 'g'),
      diagramId(request.key),
    );
    cache.write(request.key, svg);
    request.resolve(svg);
  });
}

async function drawWaiting(): Promise<void> {
  if (drawing) return;
  drawing = true;
  try {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      await drawBatch(batch);
    }
  } finally {
    drawing = false;
  }
}

function draw(key: string, source: string): Promise<string> {
  const cached = cache.read(key)?.toString('utf8');
  if (cached !== undefined) return Promise.resolve(cached);
  return new Promise((resolve, reject) => {
    waiting.push({key, source, resolve, reject});
    void drawWaiting();
  });
}

/** 1 ページの図を描く（キャッシュにある図は描かない）。描けない図があれば、最初のものを DiagramError で知らせる。 */
export async function renderDiagrams(sources: readonly string[]): Promise<string[]> {
  const results = await Promise.allSettled(sources.map((source) => draw(cacheKey(source), source)));
  return results.map((result, index) => {
    if (result.status === 'fulfilled') return finish(result.value);
    const reason = result.reason as {message?: string} | undefined;
    throw new DiagramError(index, reason?.message ?? String(reason));
  });
}
