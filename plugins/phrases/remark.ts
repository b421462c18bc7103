/**
 * remark プラグイン: ドキュメントと記事の front matter の title を文節に分け、MDX のモジュールが書き出す
 * front matter に足す（キーは shared.ts の frontMatterKey）。テーマは useDoc() / useBlogPost() の
 * frontMatter から読む。題の文節はそのページのチャンクで届くので、ページが増えても他のページは重くならない。
 *
 * Docusaurus の mdx-loader は、remark に渡した front matter（vfile.data.frontMatter）を MDX の処理のあとで
 * `export const frontMatter` に書き出す。この順が変わって文節が届かなくなれば、theme/Phrases が
 * 静的な HTML を書き出すとき（SSR）にビルドを止める。
 */
import type {Root} from 'mdast';
import type {VFile} from 'vfile';
import {phraseBreaks} from './shared';
import {splitPhrases} from './split';

type FrontMatter = Record<string, unknown>;

function frontMatterOf(file: VFile): FrontMatter | undefined {
  const frontMatter = (file.data as {frontMatter?: unknown}).frontMatter;
  return typeof frontMatter === 'object' && frontMatter !== null
    ? (frontMatter as FrontMatter)
    : undefined;
}

/**
 * docs.ts が sidebar_custom_props に足した名前の文節は、サイドバーの項目（版のデータ）から読む。ページのモジュールが
 * 書き出す front matter には要らないので除く（ドキュメントのチャンクが軽くなる）。
 */
function withoutLabelPhrases(frontMatter: FrontMatter): void {
  const custom = frontMatter.sidebar_custom_props;
  if (typeof custom !== 'object' || custom === null) return;
  const rest = Object.fromEntries(
    Object.entries(custom).filter(([key]) => key !== phraseBreaks.customPropsKey),
  );
  if (Object.keys(rest).length > 0) frontMatter.sidebar_custom_props = rest;
  else delete frontMatter.sidebar_custom_props;
}

export default function remarkTitlePhrases() {
  return (_tree: Root, file: VFile): void => {
    const frontMatter = frontMatterOf(file);
    if (!frontMatter) return;
    withoutLabelPhrases(frontMatter);
    if (typeof frontMatter.title !== 'string') return;
    frontMatter[phraseBreaks.frontMatterKey] = splitPhrases(frontMatter.title);
  };
}
