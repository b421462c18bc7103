/**
 * ブログのフィード（RSS 2.0 と Atom）に、ブログのプラグインの設定では書けない 2 つを足す。
 * - 自分の URL（rel="self"）。feed ライブラリの feedLinks は、プラグインの feedOptions から渡せない。
 * - RSS の記事の著者。RSS の <author> はメールアドレスが必須なので、名前は dc:creator で書く。
 */
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';

/** 記事の URL（フィードの <link>）から著者の名前へ。 */
export type AuthorsOf = (postUrl: string) => readonly string[];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(text: string): string {
  return escapeXml(text).replace(/"/g, '&quot;');
}

/** pattern に一致する最初の箇所の直後に inserted を入れる。無ければ形が変わったので止める。 */
function insertAfter(xml: string, pattern: RegExp, inserted: string, what: string): string {
  const match = pattern.exec(xml);
  if (!match) throw new Error(`フィードに ${what} が見つかりません`);
  const end = match.index + match[0].length;
  return `${xml.slice(0, end)}${inserted}${xml.slice(end)}`;
}

/** <rss> の開始タグに名前空間の宣言が無ければ足す。 */
function declareNamespace(xml: string, prefix: string, uri: string): string {
  return xml.replace(/<rss\b[^>]*>/, (tag) =>
    tag.includes(`xmlns:${prefix}=`) ? tag : tag.replace(/>$/, ` xmlns:${prefix}="${uri}">`),
  );
}

export function completeRss(xml: string, selfUrl: string, authorsOf: AuthorsOf): string {
  let out = declareNamespace(xml, 'atom', 'http://www.w3.org/2005/Atom');
  out = declareNamespace(out, 'dc', 'http://purl.org/dc/elements/1.1/');
  out = insertAfter(
    out,
    /<channel>/,
    `\n        <atom:link href="${attr(selfUrl)}" rel="self" type="application/rss+xml"/>`,
    '<channel>',
  );
  return out.replace(/<item>([\s\S]*?)<\/item>/g, (_, body: string) => {
    const link = /<link>([^<]*)<\/link>/.exec(body)?.[1] ?? '';
    const creators = authorsOf(link)
      .map((name) => `    <dc:creator>${escapeXml(name)}</dc:creator>\n        `)
      .join('');
    return `<item>${body}${creators}</item>`;
  });
}

export function completeAtom(xml: string, selfUrl: string): string {
  return insertAfter(
    xml,
    /<feed\b[^>]*>/,
    `\n    <link rel="self" href="${attr(selfUrl)}" type="application/atom+xml"/>`,
    '<feed>',
  );
}

export type FeedFiles = {
  /** ビルドの出力先。 */
  readonly outDir: string;
  /** フィードのあるフォルダ（outDir からの相対パス。ブログの routeBasePath）。 */
  readonly dir: string;
  /** 公開 URL のフィードのフォルダ（https://…/blog）。 */
  readonly publicDir: string;
  readonly types: readonly ('rss' | 'atom' | 'json')[];
  readonly authorsOf: AuthorsOf;
};

const fileNames = {rss: 'rss.xml', atom: 'atom.xml'} as const;

/** ブログのプラグインが書いたフィードのファイルを書き直す（JSON フィードはそのまま）。 */
export async function completeFeedFiles({outDir, dir, publicDir, types, authorsOf}: FeedFiles) {
  for (const type of types) {
    if (type === 'json') continue;
    const file = path.join(outDir, dir, fileNames[type]);
    const selfUrl = `${publicDir}/${fileNames[type]}`;
    const xml = await readFile(file, 'utf8');
    const completed =
      type === 'rss' ? completeRss(xml, selfUrl, authorsOf) : completeAtom(xml, selfUrl);
    await writeFile(file, completed);
  }
}
