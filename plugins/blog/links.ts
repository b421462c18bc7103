/**
 * 記事が公開するのは、そのページと写真だけ（issue 65）: 記事のリンクと画像の行き先を、Docusaurus がファイルを
 * サイトに写す前（remark の段の最初。beforeDefaultRemarkPlugins）に確かめる。
 * Docusaurus の transformLinks（@docusaurus/mdx-loader）は、Markdown のリンクが指すファイル（.md、.mdx、.html の
 * ほか）を /assets/files/ に写して公開する: ./handout.js、./notes.htm、./figure.svg が読者のオリジンに載り、
 * [x](@site/../../etc/hostname) はリポジトリーの外のファイルまで写した。
 *
 * 記事に書けるもの:
 * - リンク: ほかのページ（/docs/… や /blog/… のパス、.md の記事やドキュメント、# の見出し）、https:// や mailto: の URL。
 *   URL の種類（javascript: など）は、書いた HTML と同じ決まりで plugins/raw-html が確かめる。
 * - 画像: 記事と同じフォルダーの写真（![説明](./photo-1.jpg)。plugins/images が幅ごとの写真にする）だけ。
 * 断るもの（ファイルと行とリンクを挙げて、ビルドを止める）:
 * - @site/ などの別名、.. でフォルダーの外へ出るパス
 * - ページでないファイル（拡張子が .md・.mdx・.html でないもの）を指す、相対のパス
 * - サイトのパス（/…）のうち、static/ のファイルを指すもの（Docusaurus はそれも /assets/files/ に写す）
 * - 写真でない画像（.svg など）、ほかのサイトの画像、フォルダーの中のフォルダーの画像、参照の形の画像（![説明][名前]）
 * リンクの定義（[名前]: ./x.js）と、書いた HTML の href・src なども同じ決まりで確かめる。
 * MDX（.mdx）の JSX と import は確かめない（MDX はコードで、記事には plugins/blog/mdx-posts.ts の一覧のものだけ）。
 */
import {statSync} from 'node:fs';
import path from 'node:path';
import type {Element, Root as HastRoot, RootContent as HastContent} from 'hast';
import type {Nodes, Root} from 'mdast';
import rehypeRaw from 'rehype-raw';
import {unified} from 'unified';
import type {VFile} from 'vfile';
import {rasterExtensions} from '../images/check';

export type PageLinksOptions = {
  /** サイトのフォルダー（絶対パス）。知らせにはここからのパスを書く。 */
  readonly siteDir: string;
  /** Docusaurus の staticDirectories（サイトのフォルダーからのパス）。/… のリンクがここのファイルを指せば断る。 */
  readonly staticDirectories: readonly string[];
};

/** ページとして読まれる拡張子（Docusaurus の transformLinks もこれらは写さない）。 */
const pageExtensions: readonly string[] = ['.md', '.mdx', '.html'];

const schemePattern = /^[a-z][a-z0-9+.-]*:/i;

/** URL のパスの部分（? と # の前）。 */
const pathPart = (url: string): string => url.split(/[?#]/)[0] ?? '';

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * パスの拡張子。書いたままと、%xx を戻したものの両方を見る。ページの拡張子は大文字と小文字を区別する
 * （Docusaurus は ./notes.MD をページとみなさず、ファイルとして写す）。写真の拡張子は plugins/images と同じく小文字にして比べる。
 */
function extensionsOf(pathname: string): string[] {
  return [pathname, decoded(pathname)].map((name) =>
    path.posix.extname(name.replaceAll('\\', '/')),
  );
}

/** パスの区切りごとの名前（/ と \ の両方で分け、%xx を戻したものも見る）。 */
const segmentsOf = (pathname: string): string[] =>
  [pathname, decoded(pathname)].flatMap((name) => name.split(/[\\/]/));

const isFile = (file: string): boolean => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** このサイトの中の、ファイルのようなパス（URL の種類、//、# で始まらないもの）か。 */
const isLocal = (url: string): boolean =>
  url !== '' && !url.startsWith('#') && !url.startsWith('//') && !schemePattern.test(url);

/** 別名と .. の問題（リンクにも画像にも共通）。 */
function pathEscape(pathname: string): string | undefined {
  if (decoded(pathname).startsWith('@')) {
    return '@site/ などの別名のパスは、記事のフォルダーの外のファイルを指すので使えません。ほかのページへは /docs/… や /blog/… のパスでリンクしてください。';
  }
  if (segmentsOf(pathname).includes('..')) {
    return '.. で記事のフォルダーの外へ出るパスは使えません。ほかのページへは /docs/… や /blog/… のパスでリンクしてください。';
  }
  return undefined;
}

const photoAdvice =
  '写真は ![写っているものの説明](./photo-1.jpg) の形で、記事と同じフォルダーに置いたものを載せてください。';

/**
 * リンク（と定義、書いた HTML の URL）の問題。無ければ undefined。
 * staticFile は /… のパスが static/ のファイルを指すかを答える（書いた HTML では Docusaurus がファイルを写さないので渡さない）。
 */
export function linkProblem(
  url: string,
  staticFile?: (pathname: string) => boolean,
): string | undefined {
  const trimmed = url.trim();
  if (!isLocal(trimmed)) return undefined;
  const pathname = pathPart(trimmed);
  const escape = pathEscape(pathname);
  if (escape) return escape;
  const extension = extensionsOf(pathname).find(
    (name) => name !== '' && !pageExtensions.includes(name),
  );
  if (!extension) return undefined;
  if (pathname.startsWith('/')) {
    return staticFile?.(pathname)
      ? `サイトのファイル（static/ の ${extension}）へのリンクは、ファイルの写しをサイトに載せるので使えません。ページへのリンクにしてください。`
      : undefined;
  }
  const photo = rasterExtensions.includes(extension.toLowerCase()) ? photoAdvice : '';
  return `ページでないファイル（${extension}）へのリンクは、そのファイルをサイトに載せるので使えません。記事が載せるのは、ページへのリンクと記事の写真だけです。${photo}`;
}

/** 画像（![説明](URL)）の問題。記事と同じフォルダーの写真だけを認める。 */
export function imageProblem(url: string): string | undefined {
  const trimmed = url.trim();
  if (!isLocal(trimmed)) {
    return `ほかのサイトの画像やデータの URL は載せられません。${photoAdvice}`;
  }
  const pathname = pathPart(trimmed);
  const escape = pathEscape(pathname);
  if (escape) return `${escape.split('。')[0]}。${photoAdvice}`;
  const extension = extensionsOf(pathname).find(
    (name) => !rasterExtensions.includes(name.toLowerCase()),
  );
  if (extension !== undefined) {
    return `${extension === '' ? '拡張子の無い' : `${extension} の`}画像は載せられません（写真として載せられるのは ${rasterExtensions.join('、')}）。${photoAdvice}`;
  }
  if (pathname.startsWith('/') || pathname.replace(/^\.\//, '').includes('/')) {
    return `記事のフォルダーの外や、中のフォルダーの画像は載せられません。${photoAdvice}`;
  }
  return undefined;
}

/** 書いた HTML の、URL を持つ属性（hast の名前 → HTML の名前）。 */
const urlProperties: Readonly<Record<string, string>> = {
  href: 'href',
  src: 'src',
  srcSet: 'srcset',
  cite: 'cite',
  longDesc: 'longdesc',
  poster: 'poster',
  action: 'action',
  formAction: 'formaction',
  data: 'data',
  background: 'background',
  xLinkHref: 'xlink:href',
  ping: 'ping',
};

/** srcset・ping の値は、URL の並び（srcset は「URL 幅」のカンマ区切り、ping は空白区切り）。 */
function urlsOf(property: string, value: unknown): string[] {
  const text = Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : '';
  if (property === 'srcSet')
    return text.split(',').flatMap((candidate) => candidate.trim().split(/\s+/)[0] ?? []);
  if (property === 'ping') return text.split(/\s+/).filter(Boolean);
  return text === '' ? [] : [text];
}

/** 書いた HTML（html の節点の中身）の要素。<template> の中身も見る。 */
function* htmlElements(nodes: readonly (HastContent | HastRoot)[]): Generator<Element> {
  for (const node of nodes) {
    if (node.type === 'element') {
      yield node;
      if (node.content) yield* htmlElements([node.content]);
    }
    if ('children' in node) yield* htmlElements(node.children);
  }
}

/** 書いた HTML を、Docusaurus と同じ rehype-raw（parse5）で読み、URL を持つ属性を挙げる（文字参照も戻る）。 */
function htmlUrls(value: string): {attribute: string; url: string}[] {
  const tree = unified()
    .use(rehypeRaw)
    .runSync({type: 'root', children: [{type: 'raw', value}]} as HastRoot);
  return [...htmlElements([tree])].flatMap((element) =>
    Object.entries(element.properties).flatMap(([property, value]) => {
      const name = urlProperties[property];
      return name
        ? urlsOf(property, value).map((url) => ({
            attribute: `<${element.tagName}> の ${name}`,
            url,
          }))
        : [];
    }),
  );
}

type Found = {
  readonly line?: number;
  readonly what: string;
  readonly url: string;
  readonly problem: string;
};

function visit(node: Nodes, found: Found[], staticFile: (pathname: string) => boolean): void {
  const line = node.position?.start.line;
  const add = (what: string, url: string, problem: string | undefined): void => {
    if (problem) found.push({line, what, url, problem});
  };
  switch (node.type) {
    case 'link':
      add('リンク', node.url, linkProblem(node.url, staticFile));
      break;
    case 'definition':
      add('リンクの定義', node.url, linkProblem(node.url, staticFile));
      break;
    case 'image':
      add('画像', node.url, imageProblem(node.url));
      break;
    case 'imageReference':
      add(
        '参照の形の画像',
        `![${node.alt ?? ''}][${node.label ?? node.identifier}]`,
        `参照の形の画像は写真として載りません。${photoAdvice}`,
      );
      break;
    case 'html':
      for (const {attribute, url} of htmlUrls(node.value))
        add(`書いた HTML（${attribute}）`, url, linkProblem(url));
      break;
    default:
      break;
  }
  if ('children' in node) for (const child of node.children) visit(child, found, staticFile);
}

/** 知らせの文（ファイルはサイトのフォルダーからのパス）。 */
export function pageLinksError(file: string, found: readonly Found[]): Error {
  return new Error(
    [
      `${file} に、ページと写真のほかのファイルを指すリンクや画像があるので、ビルドを止めます（記事とドキュメントが公開するのは、そのページと写真だけです）。`,
      ...found.map(
        ({line, what, url, problem}) =>
          `- ${file}${line === undefined ? '' : `:${line}`} の${what}「${url}」: ${problem}`,
      ),
    ].join('\n'),
  );
}

/** remark のプラグイン（ブログとドキュメントの beforeDefaultRemarkPlugins の最初）。 */
export default function remarkPageLinks(options: PageLinksOptions) {
  const staticDirs = options.staticDirectories.map((dir) => path.resolve(options.siteDir, dir));
  const staticFile = (pathname: string): boolean =>
    staticDirs.some((dir) => isFile(path.join(dir, decoded(pathname))));
  return (tree: Root, file: VFile): void => {
    const found: Found[] = [];
    visit(tree, found, staticFile);
    if (found.length === 0) return;
    const name = file.path ? path.relative(options.siteDir, file.path) : '（ファイル名なし）';
    throw pageLinksError(name.split(path.sep).join('/'), found);
  };
}
