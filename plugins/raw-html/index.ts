/**
 * ビルドの段: 記事に書いた HTML を、許す一覧で確かめる（shared-sanitize.ts。エディターのプレビューと同じ）。
 * 何かを除いたら、ファイルと除いたものを警告に書き、ビルドは止めない（事務局の公開を止めない）。
 * docusaurus.config.ts が、remark の段に remarkRawHtmlSpans を、rehype の段の最初（rehype-raw のすぐあと）に
 * rehypeRawHtml を入れる。MDX（.mdx）には html の節点が無いので、何もしない。
 */
import path from 'node:path';
import {rehypeSanitizeRawHtml, remarkRawHtmlSpans, type Dropped} from './shared-sanitize';

export {remarkRawHtmlSpans};

/** 警告の文（ファイルはサイトのフォルダーからのパス）。 */
export function droppedWarning(file: string, dropped: Dropped): string {
  return `[WARNING] ${file} に書いた HTML のうち、サイトに載せないものを除きました（ビルドは続けます）: ${dropped.join('、')}`;
}

/** rehype のプラグイン（Docusaurus の rehype-raw のあと、ほかの rehype のプラグインより前）。 */
export function rehypeRawHtml() {
  return rehypeSanitizeRawHtml({
    onDropped: (dropped, _tree, file) => {
      const where = file.path ? path.relative(process.cwd(), file.path) : '（ファイル名なし）';
      console.warn(droppedWarning(where, dropped));
    },
  });
}
