/**
 * ドキュメントの名前（サイドバーと前後のページへのリンクに描く名前）の文節を、そのドキュメントの front matter の
 * sidebar_custom_props に足す（Docusaurus の markdown.parseFrontMatter）。docs プラグインはこれをサイドバーの
 * 項目の customProps にするので、文節はドキュメントの区画のチャンク（版のデータ）で届き、全ページが最初に読む
 * main.js（グローバルデータ）はドキュメントの数で増えない。テーマの DocSidebarItem/Link と DocItem/Layout が読む。
 */
import path from 'node:path';
import type {ParseFrontMatter} from '@docusaurus/types';
import {phraseBreaks, type PhrasesProps} from './shared';
import {phraseMap} from './split';

type FrontMatter = Record<string, unknown>;

const isObject = (value: unknown): value is FrontMatter =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/**
 * サイドバーと前後のリンクが描く名前（docs プラグインの props.ts と sidebars/utils.ts の順）。題そのものは、
 * サイドバーの名前が無いときだけ。ページの見出しの題の文節は、そのページのチャンクの title_phrases（remark.ts）で届く。
 */
function displayedLabels(frontMatter: FrontMatter): string[] {
  const sidebarLabel = text(frontMatter.sidebar_label) ?? text(frontMatter.title);
  const paginationLabel = text(frontMatter.pagination_label) ?? sidebarLabel;
  return [...new Set([sidebarLabel, paginationLabel].filter((label) => label !== undefined))];
}

/** front matter に、名前の文節を入れた sidebar_custom_props を足す（書いてある customProps は残す）。 */
export function withLabelPhrases(frontMatter: FrontMatter): FrontMatter {
  const labels = displayedLabels(frontMatter);
  if (labels.length === 0) return frontMatter;
  const custom = frontMatter.sidebar_custom_props;
  const props: PhrasesProps = {[phraseBreaks.customPropsKey]: phraseMap(labels)};
  return {...frontMatter, sidebar_custom_props: {...(isObject(custom) ? custom : {}), ...props}};
}

/** docsDir（絶対パス）の中の Markdown だけ、front matter に名前の文節を足す。 */
export function docLabelPhrases(docsDir: string): ParseFrontMatter {
  return async ({defaultParseFrontMatter, ...params}) => {
    const result = await defaultParseFrontMatter(params);
    const relative = path.relative(docsDir, params.filePath);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return result;
    return {...result, frontMatter: withLabelPhrases(result.frontMatter)};
  };
}
