/**
 * 記事（CommonMark の .md）に書いた HTML を、許す要素と属性の一覧（GitHub と同じ hast-util-sanitize の既定の一覧を
 * もとに、少し狭くしたもの）で確かめる。ビルド（index.ts）とエディターのプレビュー（plugins/editor/client/preview）が
 * 同じこのファイルを使うので、レビューする人は読者に届くものと同じものを見る。
 * - 確かめるのは、書いた人の HTML（mdast の html の節点から rehype-raw が作った要素）だけ。Markdown の書き方から
 *   できた要素（見出しの id、写真の枠、文節の印、脚注など）には触れない。どちらかは、remark の段階で html の節点の
 *   位置を覚えておき（remarkRawHtmlSpans）、要素の始まりがその中にあるかで見分ける。
 * - 除くもの: <script>、<style>、<iframe>、<object>、<embed>、<form>、<meta>、<base> など一覧に無い要素、on… の属性、
 *   style 属性、javascript: や data: の URL。<script> などの中身も除く（strip）。ほかの一覧に無い要素は中身だけ残す。
 * - Markdown のリンク（[文](javascript:…)）も、同じ URL の決まりで href を外す。
 * - 書いた人の id と name には、GitHub と同じ接頭辞 user-content- を付ける（<img name="querySelectorAll"> などが
 *   document や window の名前を上書きし、ページのスクリプトを止めないように）。記事の中のそこへのリンク
 *   （href="#x"。書いた HTML のリンクも Markdown のリンクも）は、接頭辞の付いた id へ向け直す。見出しなど、
 *   サイトが作った id とそこへのリンクには触れない。
 */
import type {Element, ElementContent, Nodes, Root, RootContent} from 'hast';
import {defaultSchema, sanitize, type Schema} from 'hast-util-sanitize';

/** 書いた人の id と name に付ける接頭辞（GitHub と同じ）。 */
export const clobberPrefix = 'user-content-';

/**
 * GitHub の一覧（defaultSchema）との違い:
 * - リンクの URL の種類は http、https、mailto、tel だけ（GitHub の irc、xmpp などは使わない。電話番号のリンクは使う）。
 * - 中身ごと除く要素を足す（<style> の CSS や <iframe> の中の文字が、本文に文字として出ないように）。
 * id、name、aria の参照には、GitHub と同じく接頭辞を付ける（clobber）。
 */
export const rawHtmlSchema: Schema = {
  ...defaultSchema,
  protocols: {...defaultSchema.protocols, href: ['http', 'https', 'mailto', 'tel']},
  clobber: ['ariaDescribedBy', 'ariaLabelledBy', 'id', 'name'],
  clobberPrefix,
  strip: [
    'script',
    'style',
    'iframe',
    'noscript',
    'noembed',
    'noframes',
    'template',
    'textarea',
    'title',
    'xmp',
  ],
};

/** html の節点の、本文の中の位置（始まりと終わりの offset）。 */
type Span = readonly [start: number, end: number];
const spansKey = 'denkiRawHtmlSpans';

type FileData = {data: Record<string, unknown>};
type MdastNode = {
  type: string;
  position?: {start: {offset?: number}; end: {offset?: number}};
  children?: MdastNode[];
};

/** remark のプラグイン: 書いた人の HTML（html の節点）の位置を、rehype の段階のために覚えておく。 */
export function remarkRawHtmlSpans() {
  return (tree: MdastNode, file: FileData): void => {
    const spans: Span[] = [];
    const visit = (node: MdastNode): void => {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (node.type === 'html' && start !== undefined && end !== undefined)
        spans.push([start, end]);
      for (const child of node.children ?? []) visit(child);
    };
    visit(tree);
    file.data[spansKey] = spans;
  };
}

/** 除いたものを人に伝える形（例: 「<script>」「<div> の onclick 属性」）。同じものは 1 つにまとめる。 */
export type Dropped = readonly string[];

export type SanitizeOptions = {
  /** 何かを除いたときに呼ぶ（ビルドは警告を出し、プレビューは本文の下に知らせる）。 */
  onDropped?: (dropped: Dropped, tree: Root, file: FileData & {path?: string}) => void;
};

/** URL が、決まった種類（protocols）か、種類の無い URL（サイトの中のパス、#、?）か。hast-util-sanitize と同じ見方。 */
export function isAllowedUrl(url: string, protocols: readonly string[]): boolean {
  const colon = url.indexOf(':');
  const before = (mark: string): boolean => {
    const at = url.indexOf(mark);
    return at !== -1 && at < colon;
  };
  if (colon === -1 || before('/') || before('?') || before('#')) return true;
  return protocols.includes(url.slice(0, colon).toLowerCase());
}

const hrefProtocols = rawHtmlSchema.protocols?.href ?? [];

/** リンクに使ってよい URL（書いた HTML と Markdown のリンクに、ビルドとプレビューが同じ決まりを使う）。 */
export const isAllowedLink = (url: string): boolean => isAllowedUrl(url, hrefProtocols);

/** hast の属性の名前 → HTML の属性の名前（知らせる文のため。onClick → onclick、className → class）。 */
function attributeName(property: string): string {
  if (property === 'className') return 'class';
  if (property === 'htmlFor') return 'for';
  if (property === 'httpEquiv') return 'http-equiv';
  if (/^data[A-Z]/.test(property))
    return `data-${property.slice(4).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`.replace(
      'data--',
      'data-',
    );
  return property.toLowerCase();
}

const shorten = (value: string): string => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

function propertyText(value: unknown): string {
  return Array.isArray(value) ? value.join(' ') : String(value);
}

/** 要素と属性を「<tag>」「<tag> の attr 属性（値）」の数え上げにする（置き換えた Markdown の部分は数えない）。 */
function describe(nodes: readonly Nodes[], into: Map<string, string[]>): void {
  const add = (key: string, text: string): void => {
    into.set(key, [...(into.get(key) ?? []), text]);
  };
  for (const node of nodes) {
    if (node.type !== 'element' && node.type !== 'root') continue;
    if (node.type === 'element') {
      add(`<${node.tagName}>`, `<${node.tagName}>`);
      for (const [property, value] of Object.entries(node.properties)) {
        if (value === undefined || value === null || value === false) continue;
        const name = attributeName(property);
        const shown = /^(href|src|action|formaction|xlink:href|cite|longdesc|poster)$/.test(name)
          ? `（${shorten(propertyText(value))}）`
          : '';
        add(`<${node.tagName}> ${name}`, `<${node.tagName}> の ${name} 属性${shown}`);
      }
    }
    describe(node.children, into);
  }
}

/** texts から、remaining にあるものを 1 つずつ消した残り（同じ文が 2 つあれば、残ったのは 1 つだけ消す）。 */
function withoutEach(texts: readonly string[], remaining: readonly string[]): string[] {
  const left = [...texts];
  for (const text of remaining) {
    const at = left.indexOf(text);
    if (at !== -1) left.splice(at, 1);
  }
  return left;
}

/**
 * 前にあって、後で無くなったもの。数ではなく文（URL を挙げる属性は URL も）で比べるので、危ないリンクと
 * 害の無いリンクが同じ段落にあっても、除いたほうの URL を挙げる。
 */
function droppedBetween(before: readonly Nodes[], after: readonly Nodes[]): string[] {
  const was = new Map<string, string[]>();
  const now = new Map<string, string[]>();
  describe(before, was);
  describe(after, now);
  const dropped: string[] = [];
  for (const [key, texts] of was) {
    // 除いた要素の属性は、要素を挙げれば足りる。
    const tag = key.split(' ')[0] ?? key;
    if (key !== tag && !now.has(tag)) continue;
    dropped.push(...withoutEach(texts, now.get(key) ?? []));
  }
  return dropped;
}

/** 書いた人の要素の中にある、Markdown からできた部分を置いておく印（私用領域の文字で囲んだ番号）。 */
const keepMark = (index: number): string => `\uE000${index}\uE001`;
const keepPattern = /\uE000(\d+)\uE001/g;

type Parent = Root | Element;

/** 見える中身が無い（空白の文字だけ）。 */
const blank = (element: Element): boolean =>
  element.children.every((child) => child.type === 'text' && child.value.trim() === '');

export function rehypeSanitizeRawHtml(options: SanitizeOptions = {}) {
  return (tree: Root, file: FileData & {path?: string}): void => {
    const spans = file.data[spansKey] as Span[] | undefined;
    if (!spans) {
      throw new Error(
        'rehypeSanitizeRawHtml の前に remark の段階で remarkRawHtmlSpans を使ってください（HTML の位置がわかりません）。',
      );
    }
    const written = (node: RootContent): boolean => {
      if (node.type !== 'element') return false;
      const offset = node.position?.start.offset;
      return offset !== undefined && spans.some(([start, end]) => start <= offset && offset < end);
    };
    const dropped: string[] = [];
    /** 書いた人の id と name（接頭辞を付ける前の値）。 */
    const authorAnchors = new Set<string>();

    /** 書いた人の要素 element を確かめた結果（0 個以上の節点）にする。Markdown の部分はそのまま戻す。 */
    const sanitizeWritten = (element: Element): RootContent[] => {
      const kept: RootContent[] = [];
      const hold = (node: Parent): Parent => {
        if (node.type === 'root') return node;
        return {
          ...node,
          children: node.children.map((child): ElementContent => {
            // 位置の無い要素は、HTML の読み方が補った要素（表の <tbody> など）。書いた人の要素の一部。
            if (child.type === 'element' && (!child.position || written(child)))
              return hold(child) as Element;
            if (child.type === 'text' || child.type === 'comment') return child;
            kept.push(child);
            return {type: 'text', value: keepMark(kept.length - 1)};
          }),
        };
      };
      const held = hold(element) as Element;
      const clean = sanitize({type: 'root', children: [held]}, rawHtmlSchema);
      const result = clean.type === 'root' ? clean.children : [];
      dropped.push(...droppedBetween([held], result));
      collectAnchors(result, authorAnchors);
      // 中身を除かれて空になった段落（<object> だけの段落など）は、空の行を残さない。
      return restore(result, kept).filter(
        (node) =>
          !(node.type === 'element' && node.tagName === 'p' && blank(node) && !blank(element)),
      );
    };

    /** 印の文字を、置いておいた Markdown の部分に戻す（その中の書いた人の要素も確かめる）。 */
    const restore = (nodes: RootContent[], kept: readonly RootContent[]): RootContent[] =>
      nodes.flatMap((node): RootContent[] => {
        if (node.type === 'element') {
          node.children = restore(node.children, kept) as ElementContent[];
          return [node];
        }
        if (node.type !== 'text' || !node.value.includes('\uE000')) return [node];
        const pieces: RootContent[] = [];
        let last = 0;
        for (const match of node.value.matchAll(keepPattern)) {
          if (match.index > last)
            pieces.push({type: 'text', value: node.value.slice(last, match.index)});
          const original = kept[Number(match[1])];
          if (original) pieces.push(...visitNode(original));
          last = match.index + match[0].length;
        }
        if (last < node.value.length) pieces.push({type: 'text', value: node.value.slice(last)});
        return pieces;
      });

    /** Markdown からできた節点: そのまま残し、中の書いた人の要素と、Markdown のリンクの URL を確かめる。 */
    const visitNode = (node: RootContent): RootContent[] => {
      if (node.type === 'element' && written(node)) return sanitizeWritten(node);
      if (node.type === 'element') {
        const href = node.properties.href;
        if (node.tagName === 'a' && typeof href === 'string' && !isAllowedLink(href)) {
          delete node.properties.href;
          dropped.push(`<a> の href 属性（${shorten(href)}）`);
        }
        node.children = node.children.flatMap(visitNode) as ElementContent[];
      }
      return [node];
    };

    tree.children = tree.children.flatMap(visitNode);
    retargetLinks(tree, authorAnchors);
    if (dropped.length > 0) options.onDropped?.([...new Set(dropped)], tree, file);
  };
}

/** 木の中のすべての要素。 */
function* elements(node: Parent): Generator<Element> {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    yield child;
    yield* elements(child);
  }
}

/** 書いた人の要素（確かめたあと）の id と name の、接頭辞を付ける前の値を anchors に足す。 */
function collectAnchors(nodes: readonly RootContent[], anchors: Set<string>): void {
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    for (const element of [node, ...elements(node)]) {
      for (const value of [element.properties.id, element.properties.name]) {
        if (typeof value === 'string' && value.startsWith(clobberPrefix))
          anchors.add(value.slice(clobberPrefix.length));
      }
    }
  }
}

function decodedFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/**
 * 記事の中のリンク href="#x" のうち、x が書いた人の id か name（接頭辞を付けたもの）を指すものを、
 * #user-content-x に向け直す。サイトが作った id（見出しなど）に同じ x があれば、そちらを指したままにする。
 */
function retargetLinks(tree: Root, authorAnchors: ReadonlySet<string>): void {
  if (authorAnchors.size === 0) return;
  const all = [...elements(tree)];
  const siteIds = new Set(all.map((element) => element.properties.id).filter(Boolean));
  for (const element of all) {
    const href = element.properties.href;
    if (element.tagName !== 'a' || typeof href !== 'string' || !href.startsWith('#')) continue;
    const fragment = decodedFragment(href.slice(1));
    if (authorAnchors.has(fragment) && !siteIds.has(fragment))
      element.properties.href = `#${clobberPrefix}${href.slice(1)}`;
  }
}
