/**
 * 「使い方」のページ（issue 66）: 事務局の人が GitHub の README を読まずに済むよう、エディターのサイトに置く短い手引き
 * （/admin/help）。中身は help/help.md（日本語。npm run lint:prose の textlint が校正する）で、エディターを組む
 * ときに静的な HTML にする。スクリプトは持たず（JavaScript が動かなくても、つながっていなくても読める）、CSS は
 * ページの中に置く（エディターのサイトの CSP は style-src 'unsafe-inline' を許し、script-src は 'self' だけ）。
 * 見出しの {#id} は、その見出しの id になる（エディターのヘッダーや知らせから、節へリンクできる）。
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {toJsxRuntime} from 'hast-util-to-jsx-runtime';
import type {Heading, Root as MdastRoot} from 'mdast';
import {renderToStaticMarkup} from 'react-dom/server';
import {Fragment, jsx, jsxs} from 'react/jsx-runtime';
import joinCjkLines from 'remark-join-cjk-lines';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import {unified} from 'unified';
import {colors} from '../../src/constants/site';
import {helpPath} from './shared-help';

export const helpSource = path.join(__dirname, 'help/help.md');

/** 見出しの末尾の {#id} を、見出しの id にする。 */
function remarkHeadingIds() {
  return (tree: MdastRoot): void => {
    for (const node of tree.children) {
      if (node.type !== 'heading') continue;
      const heading: Heading = node;
      const last = heading.children.at(-1);
      if (last?.type !== 'text') continue;
      const match = /\s*\{#([a-z][a-z0-9-]*)\}$/.exec(last.value);
      if (!match) continue;
      last.value = last.value.slice(0, match.index);
      heading.data = {...heading.data, hProperties: {id: match[1]}};
    }
  };
}

export type HelpPage = {
  readonly title: string;
  /** 節（h2）の id と見出し。 */
  readonly sections: readonly {readonly id: string; readonly heading: string}[];
  readonly html: string;
};

/** help.md を、ページの本文（最初の h1 を除いた HTML）と、題・節の一覧にする。 */
export function renderHelp(markdown: string): HelpPage {
  // 日本語の行の間の改行は、サイトの記事と同じく空白にしない（remark-join-cjk-lines）。
  const processor = unified()
    .use(remarkParse)
    .use(joinCjkLines)
    .use(remarkHeadingIds)
    .use(remarkRehype);
  const tree = processor.runSync(processor.parse(markdown));
  const title = markdown.match(/^# (.+)$/m)?.[1]?.trim();
  if (!title) throw new Error(`${helpSource}: 最初の行に「# 題」がありません`);
  const sections = [...markdown.matchAll(/^## (.+?)\s*\{#([a-z][a-z0-9-]*)\}\s*$/gm)].map(
    ([, heading = '', id = '']) => ({id, heading}),
  );
  const headings = markdown.match(/^## /gm)?.length ?? 0;
  if (sections.length !== headings) {
    throw new Error(`${helpSource}: 節の見出し（## ）には、どれも末尾に {#id} を付けてください`);
  }
  tree.children = tree.children.filter(
    (node) => !(node.type === 'element' && node.tagName === 'h1'),
  );
  const html = renderToStaticMarkup(toJsxRuntime(tree, {Fragment, jsx, jsxs}));
  return {title, sections, html};
}

const style = `
:root { color-scheme: light; }
body { margin: 0; background: #eff0f4; color: #313d3e; font-family: -apple-system, BlinkMacSystemFont, 'Hiragino Sans', 'Noto Sans JP', 'Segoe UI', sans-serif; font-size: 16px; line-height: 1.8; overflow-wrap: anywhere; }
.help-header { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; padding: 10px 16px; background: #fff; box-shadow: 0 2px 6px rgb(68 74 87 / 15%); }
.help-header img { width: 32px; height: 32px; }
.help-header p { margin: 0; font-weight: 600; color: #3d2266; }
.help-header a { margin-left: auto; display: inline-flex; align-items: center; min-height: 44px; padding: 0 14px; border-radius: 5px; background: ${colors.deep}; color: #fff; font-weight: 600; text-decoration: none; }
.help-header a:is(:hover, :focus-visible) { background: #3d2266; }
main { box-sizing: border-box; max-width: 46rem; margin: 16px auto 48px; padding: 8px 20px 24px; background: #fff; border-radius: 8px; }
h1 { margin: 16px 0 8px; color: #3d2266; font-size: 1.6rem; line-height: 1.4; }
h2 { margin: 40px 0 8px; padding-top: 8px; border-top: 2px solid #f4ecfa; color: #3d2266; font-size: 1.3rem; line-height: 1.4; }
a { color: ${colors.deep}; }
a:focus-visible { outline: 3px solid #3d2266; outline-offset: 2px; }
nav ol { padding-left: 1.5em; }
nav li { margin: 4px 0; }
nav a { display: inline-block; min-height: 24px; }
ol, ul { padding-left: 1.4em; }
li { margin: 6px 0; }
code { padding: 1px 4px; border-radius: 4px; background: #f4ecfa; color: #3d2266; font-size: 0.95em; }
strong { color: #3d2266; }
`;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** /admin/help のページ（エディターのサイトの 1 枚の HTML）。 */
export function helpHtml(page: HelpPage, head: string, editorUrl: string): string {
  const contents = page.sections
    .map(({id, heading}) => `<li><a href="#${id}">${escapeHtml(heading)}</a></li>`)
    .join('\n');
  // 目次は、はじめの段落（最初の節の見出しの前）のあとに置く。
  const firstSection = page.html.indexOf('<h2');
  const [intro, body] =
    firstSection < 0
      ? [page.html, '']
      : [page.html.slice(0, firstSection), page.html.slice(firstSection)];
  return `${head}
<style>${style}</style>
</head>
<body>
<header class="help-header">
<img src="/img/logo.svg" alt="" width="32" height="32">
<p>電鬼 エディター</p>
<a href="${editorUrl}">エディターに戻る</a>
</header>
<main>
<h1>${escapeHtml(page.title)}</h1>
${intro}
<nav aria-labelledby="help-contents">
<h2 id="help-contents">このページの中身</h2>
<ol>
${contents}
</ol>
</nav>
${body}
</main>
</body>
</html>
`;
}

/** help.md を読み、/admin/help のページを返す。 */
export function buildHelp(head: string, editorUrl: string): string {
  return helpHtml(renderHelp(readFileSync(helpSource, 'utf8')), head, editorUrl);
}

export {helpPath};
