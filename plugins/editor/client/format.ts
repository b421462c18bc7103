/**
 * 記事（index.md）とサイトのデータ（JSON）の読み書き。Decap の既定の書き方は front matter の並びや
 * 配列の書き方を変えるので、いまの記事と同じ書き方（title, authors, tags, date, description の順、
 * 配列は [a, b]）で書く。開いて何も変えずに保存した記事は、1 バイトも変わらない。
 * 記事に使えない front matter のキー（plugins/blog/shared-posts.ts の一覧に無いもの。mdx など、記事を MDX に
 * 切り替えるものもある）は、保存するときに書かない（ビルドはそのキーのある記事を止める）。プレビューがそれを知らせる。
 */
import {parse, stringify} from 'yaml';
import {postFrontMatterKeys, unknownPostKeys} from '../../blog/shared-posts';

type FrontMatter = Record<string, unknown>;
export type PostData = FrontMatter & {body?: string};

/** front matter に書かないフィールド（記事のフォルダーの名前を作るためだけのもの）。 */
const editorOnlyFields = new Set(['url_name', 'body']);
/** [a, b] と 1 行で書く配列（著者とタグのキー）。 */
const inlineLists = new Set(['authors', 'tags']);

const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;

/** 新しい記事の、一覧に出す部分の区切り（CommonMark の .md は HTML のコメントで書く）。 */
export const truncateMarker = '<!-- truncate -->';
const hasTruncateMarker = (body: string): boolean =>
  /<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\}/.test(body);

/** 区切りが無ければ、最初の段落のあとに入れる（ブログの一覧に本文をすべて並べないように）。 */
export function withTruncateMarker(body: string): string {
  if (hasTruncateMarker(body) || body.trim() === '') return body;
  const text = body.replace(/^\n+/, '');
  const end = text.search(/\n\s*\n/);
  if (end === -1) return `${text.replace(/\n*$/, '')}\n\n${truncateMarker}\n`;
  return `${text.slice(0, end)}\n\n${truncateMarker}${text.slice(end)}`;
}

function scalar(value: unknown): string {
  return stringify(value, {lineWidth: 0}).replace(/\n$/, '');
}

function line(key: string, value: unknown): string {
  if (Array.isArray(value) && inlineLists.has(key)) {
    return `${key}: [${value.map((item) => scalar(item)).join(', ')}]`;
  }
  if (Array.isArray(value) || (typeof value === 'object' && value !== null)) {
    return stringify({[key]: value}, {lineWidth: 0}).replace(/\n$/, '');
  }
  return `${key}: ${scalar(value)}`;
}

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

export function postFromFile(content: string): PostData {
  const match = frontMatterPattern.exec(content);
  if (!match) return {body: content};
  const frontMatter = (parse(match[1] ?? '') ?? {}) as FrontMatter;
  // 閉じる --- のあとの 1 行の空行は書き方の一部。本文には入れない（toFile が戻す）。
  const body = content.slice(match[0].length).replace(/^\r?\n/, '');
  return {...frontMatter, body};
}

/** 記事のデータのうち、保存するときに書かない（記事に使えない）front matter のキー。 */
export function droppedPostKeys(data: PostData): string[] {
  return unknownPostKeys(data).filter((key) => !editorOnlyFields.has(key));
}

export function postToFile(data: PostData): string {
  // 書くのは記事に使えるキーだけ（その並びで）。
  const lines = postFrontMatterKeys
    .filter((key) => !isEmpty(data[key]))
    .map((key) => line(key, data[key]));
  const body = withTruncateMarker(data.body ?? '');
  return `---\n${lines.join('\n')}\n---\n\n${body.endsWith('\n') ? body : `${body}\n`}`;
}

export const dataFromFile = (content: string): unknown => JSON.parse(content);
export const dataToFile = (data: object): string => `${JSON.stringify(data, null, 2)}\n`;
