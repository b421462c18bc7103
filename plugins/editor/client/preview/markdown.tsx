/**
 * 記事の本文（Markdown）を、サイトのビルドが作るのと同じ要素と class の React にする。
 * - CommonMark + GFM（remark-parse、remark-gfm）と、囲み（:::note など。remark-directive）
 * - サイトの remark と同じ: 写真だけの段落は写真の枠（plugins/images/remark.ts）、日本語の行の間の改行は
 *   空白にしない（remark-join-cjk-lines）、見出しなどの文節の区切り（phrases-hast.ts）
 * - 本文に書いた HTML は、ビルドと同じ許す一覧で確かめて描く（plugins/raw-html/shared-sanitize.ts。<script>、
 *   <iframe>、on… の属性、javascript: の URL などは読者のページと同じく除き、除いたことを本文の下に知らせる）。
 *   <!-- truncate --> などのコメントは描かない。{/* … *\/} と見出しの {#id} も出さない。
 * - リンクと画像は、http(s)・mailto・tel・サイトの中のパスだけ（javascript: などは外す）。
 */
import React, {type ReactNode} from 'react';
import type {Element, Root as HastRoot} from 'hast';
import {toJsxRuntime, type Components} from 'hast-util-to-jsx-runtime';
import {Fragment, jsx, jsxs} from 'react/jsx-runtime';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import joinCjkLines from 'remark-join-cjk-lines';
import remarkParse from 'remark-parse';
import rehypeRaw from 'rehype-raw';
import remarkRehype from 'remark-rehype';
import {unified} from 'unified';
import {
  rehypeSanitizeRawHtml,
  remarkRawHtmlSpans,
  type Dropped,
} from '../../../raw-html/shared-sanitize';
import {Admonition, AdmonitionTitle} from './Admonition';
import rehypePreviewPhrases from './phrases-hast';
import {PreviewPhoto} from './PreviewPhoto';
import {isSafeLink, remarkPreview, withDirectiveLabels} from './remark-preview';

/** 危ない URL のリンクを外し、リンクは新しいタブで開く（プレビューの枠の <base target="_blank">）。 */
function rehypeSafeLinks() {
  const visit = (node: HastRoot | Element): void => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      if (child.tagName === 'a') {
        const href = String(child.properties.href ?? '');
        if (!isSafeLink(href)) delete child.properties.href;
        else child.properties.rel = ['noopener', 'noreferrer'];
      }
      visit(child);
    }
  };
  return (tree: HastRoot): void => visit(tree);
}

/** 除いた HTML を、本文の下の知らせにする（読者のページには、除いたものも知らせも出ない）。 */
function droppedNote(dropped: Dropped): Element {
  return {
    type: 'element',
    tagName: 'preview-problem',
    properties: {},
    children: [
      {
        type: 'text',
        value: `本文の HTML のうち、次のものはサイトに載りません（読者のページと同じく、ここでも除いています）: ${dropped.join('、')}`,
      },
    ],
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkDirective)
  .use(remarkPreview)
  .use(joinCjkLines)
  .use(remarkRawHtmlSpans)
  .use(remarkRehype, {
    allowDangerousHtml: true,
    footnoteLabel: '脚注',
    footnoteBackLabel: '本文に戻る',
  })
  .use(rehypeRaw)
  .use(rehypeSanitizeRawHtml, {
    onDropped: (dropped, tree) => void tree.children.push(droppedNote(dropped)),
  })
  .use(rehypeSafeLinks)
  .use(rehypePreviewPhrases);

/** パス（./photo-1.jpg）→ 表示に使う URL。まだ読み込み中なら空文字列。 */
export type ResolveAsset = (path: string) => string;

function components(resolveAsset: ResolveAsset): Partial<Components> {
  const safeAsset = (path: string): string => {
    const url = resolveAsset(path);
    return url === '' || isSafeLink(url) || /^(blob:|data:image\/)/i.test(url) ? url : '';
  };
  const custom: Record<string, (props: Record<string, unknown>) => ReactNode> = {
    admonition: (props) => (
      <Admonition type={String(props.type ?? 'info')}>{props.children as ReactNode}</Admonition>
    ),
    // Admonition が子の中から見つけるので、部品そのものを渡す。
    'admonition-title': AdmonitionTitle as (props: Record<string, unknown>) => ReactNode,
    'preview-photo': (props) => {
      const src = String(props.src ?? '');
      return <PreviewPhoto src={src} alt={String(props.alt ?? '')} url={safeAsset(src)} />;
    },
    'preview-problem': (props) => (
      <p className="denki-preview-note" role="note">
        {props.children as ReactNode}
      </p>
    ),
  };
  return {
    ...(custom as unknown as Partial<Components>),
    // 文の中の画像と SVG（サイトでもそのまま <img>）。
    img: ({src, alt, ...rest}) => (
      <img
        {...rest}
        src={safeAsset(String(src ?? '')) || undefined}
        alt={alt ?? ''}
        className="denki-preview-img"
      />
    ),
    // plugins/plain-code の CodeBlock と同じ形。
    pre: ({children, className}) => (
      <div className="margin-bottom--lg">
        <pre className={className} tabIndex={0}>
          {children}
        </pre>
      </div>
    ),
    ul: ({className, ...rest}) => (
      <ul
        {...rest}
        className={
          className?.includes('contains-task-list')
            ? `${className} denki-contains-task-list`
            : className
        }
      />
    ),
  };
}

/** 本文の Markdown → React。 */
export function renderMarkdown(markdown: string, resolveAsset: ResolveAsset): ReactNode {
  const tree = processor.runSync(processor.parse(withDirectiveLabels(markdown)));
  return toJsxRuntime(tree as HastRoot, {
    Fragment,
    jsx,
    jsxs,
    elementAttributeNameCase: 'react',
    stylePropertyNameCase: 'dom',
    components: components(resolveAsset),
  });
}
