/**
 * 本文の mdast を、サイトのビルドが描くものに近づける remark のプラグイン（markdown.tsx が使う）。
 * - 写真だけの段落 → 写真の枠（plugins/images/remark.ts と同じ見分け方）。文の中の写真は知らせる。
 * - :::note などの囲み（Docusaurus の admonitions）と、使わない書き方（unusedDirectives と同じく :abc は文字のまま）
 * - 最初の見出しが h1 なら除く（ブログの contentTitle）。見出しの {#id} と {/* … *\/} は出さない。
 */
import {isAllowedLink} from '../../../raw-html/shared-sanitize';
import {admonitionNames} from './Admonition';

/** mdast の節点（このファイルが見るところだけ）。 */
type Node = {
  type: string;
  value?: string;
  url?: string;
  alt?: string | null;
  depth?: number;
  name?: string;
  attributes?: Record<string, string | null | undefined> | null;
  children?: Node[];
  data?: {
    hName?: string;
    hProperties?: Record<string, unknown>;
    directiveLabel?: boolean;
  };
};

/** 写真として枠に入れる拡張子（plugins/images/check.ts の rasterExtensions。SVG は図なのでそのまま）。 */
const rasterExtensions = ['.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif', '.heic', '.heif'];

const hasScheme = (url: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(url);

function isRaster(url: string): boolean {
  const pathname = (url.split(/[?#]/)[0] ?? '').toLowerCase();
  return !hasScheme(url) && rasterExtensions.some((extension) => pathname.endsWith(extension));
}

/** リンクに使ってよい URL（サイトの中のパス、#、http(s)、mailto、tel。ビルドと同じ plugins/raw-html の決まり）。 */
export const isSafeLink = (url: string): boolean => isAllowedLink(url.trim());

/** :::note 題 （古い書き方）を :::note[題] にする（Docusaurus の admonitionTitleToDirectiveLabel と同じ）。 */
export function withDirectiveLabels(markdown: string): string {
  const names = admonitionNames.join('|');
  const pattern = new RegExp(
    `^(?<quote>(> ?)*)(?<indentation>( +|\\t+))?(?<directive>:{3,}(${names})) +(?<title>.*)$`,
    'gm',
  );
  return markdown.replace(pattern, (...args: unknown[]) => {
    const groups = args.at(-1) as Record<string, string | undefined>;
    return `${groups.quote ?? ''}${groups.indentation ?? ''}${groups.directive ?? ''}[${groups.title ?? ''}]`;
  });
}

const mdxComment = /\{\/\*[\s\S]*?\*\/\}/g;
const headingId = /\s*\{#([^}\s]+)\}\s*$/;

const textOf = (node: Node): string =>
  node.type === 'text' || node.type === 'inlineCode'
    ? (node.value ?? '')
    : (node.children ?? []).map(textOf).join('');

/** github-slugger に近い、見出しの id（{#id} の無い見出し）。 */
function slugOf(text: string, used: Map<string, number>): string {
  const base = text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
  const count = used.get(base) ?? 0;
  used.set(base, count + 1);
  return count === 0 ? base : `${base}-${count}`;
}

const isBlank = (node: Node): boolean =>
  (node.type === 'text' && (node.value ?? '').trim() === '') || node.type === 'break';

function photoNode(image: Node): Node {
  return {
    type: 'previewPhoto',
    data: {hName: 'preview-photo', hProperties: {src: image.url ?? '', alt: image.alt ?? ''}},
  };
}

function problemNode(message: string): Node {
  return {
    type: 'previewProblem',
    data: {hName: 'preview-problem'},
    children: [{type: 'text', value: message}],
  };
}

/** 囲みと、使わない書き方（:abc など）。Docusaurus の admonitions と unusedDirectives に合わせる。 */
function directive(node: Node): void {
  const name = node.name ?? '';
  if (node.type === 'containerDirective' && admonitionNames.includes(name)) {
    const [first, ...rest] = node.children ?? [];
    const label = first?.data?.directiveLabel ? first : undefined;
    const content = label ? rest : (node.children ?? []);
    const title = node.attributes?.title;
    const titleChildren = title ? [{type: 'text', value: title}] : label?.children;
    node.children = [
      ...(titleChildren
        ? [{type: 'admonitionTitle', data: {hName: 'admonition-title'}, children: titleChildren}]
        : []),
      ...content,
    ];
    node.data = {hName: 'admonition', hProperties: {type: name}};
    return;
  }
  const simple =
    node.type === 'textDirective' &&
    (node.children ?? []).length === 0 &&
    Object.keys(node.attributes ?? {}).length === 0;
  if (simple) {
    Object.assign(node, {type: 'text', value: `:${name}`, children: undefined});
    return;
  }
  node.data = {hName: node.type === 'textDirective' ? 'span' : 'div'};
}

/** 本文の木を、サイトのビルドが描くものに近づける（parent の子を順に見て、入れ子もたどる）。 */
function transform(parent: Node, slugs: Map<string, number>): void {
  const next: Node[] = [];
  for (const child of parent.children ?? []) {
    if (child.type === 'text') child.value = (child.value ?? '').replace(mdxComment, '');
    if (child.type.endsWith('Directive')) directive(child);
    if (child.children) transform(child, slugs);
    if (child.type === 'heading') {
      const last = child.children?.at(-1);
      const match = last?.type === 'text' ? headingId.exec(last.value ?? '') : null;
      if (last && match) last.value = (last.value ?? '').slice(0, match.index);
      const id = match?.[1] ?? slugOf(textOf(child), slugs);
      // h1 には、テーマ（theme/Heading）が id もリンクも付けない。
      if ((child.depth ?? 1) > 1)
        child.data = {...child.data, hProperties: {id, className: ['anchor']}};
    }
    if (child.type !== 'paragraph') {
      next.push(child);
      continue;
    }
    const inside = child.children ?? [];
    // {/* truncate */} などのコメントだけの段落は出さない。
    if (inside.every(isBlank)) continue;
    const photos = inside.filter((node) => node.type === 'image' && isRaster(node.url ?? ''));
    if (photos.length > 0 && inside.every((node) => photos.includes(node) || isBlank(node))) {
      next.push(...photos.map(photoNode));
      continue;
    }
    next.push(child);
    if (photos.length > 0) {
      next.push(
        problemNode(
          '写真は文の中に置けません（このままではサイトに載せられません）。写真の前後に空行を入れて、写真だけの段落にしてください。',
        ),
      );
    }
  }
  parent.children = next;
}

/**
 * 記事の最初の見出しが h1 なら除く（題は front matter の title。Docusaurus のブログの contentTitle と同じで、
 * 最初の見出しか区切り線より前の h1 だけ）。
 */
function removeContentTitle(tree: Node): void {
  const find = (parent: Node): boolean => {
    const children = parent.children ?? [];
    for (const [index, child] of children.entries()) {
      if (child.type === 'heading') {
        if (child.depth === 1) children.splice(index, 1);
        return true;
      }
      if (child.type === 'thematicBreak') return true;
      if (child.children && find(child)) return true;
    }
    return false;
  };
  find(tree);
}

export function remarkPreview() {
  return (tree: Node): void => {
    removeContentTitle(tree);
    transform(tree, new Map());
  };
}
