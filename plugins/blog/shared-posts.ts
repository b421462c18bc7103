/**
 * 記事（blog/）の front matter に書いてよいキー。エディターが書くもの（plugins/editor/collections.ts の欄のうち、
 * ファイルに書くもの）と、いまの記事が使うものだけ。ビルド（plugins/blog/posts.ts）はほかのキーのある記事を
 * ファイルとキーを挙げて止め、エディター（plugins/editor/client/format.ts）は保存の前に除き、プレビューがそれを知らせる。
 * 一覧に無いキーには、記事の読み方を変えるものがある（mdx: {format: mdx} は .md の記事を MDX にし、本文の {…} を
 * ビルドの中で JavaScript として動かす）。キーを足すときは、記事を読むだけのキーかを確かめてから足す。
 * 並びは記事に書く順（エディターもこの順で書く）。
 */
export const postFrontMatterKeys = ['title', 'authors', 'tags', 'date', 'description'] as const;

export type PostFrontMatterKey = (typeof postFrontMatterKeys)[number];

const allowed: ReadonlySet<string> = new Set(postFrontMatterKeys);

/** front matter のキーのうち、記事に使えないもの（書いた順）。 */
export function unknownPostKeys(frontMatter: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(frontMatter).filter((key) => !allowed.has(key));
}

/** 使えるキーを挙げる文（ビルドの誤りとエディターの知らせに使う）。 */
export const postKeysText = postFrontMatterKeys.join('、');
