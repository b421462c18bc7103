/**
 * theme/DocSidebarItem/Category は @docusaurus/theme-classic 3.10.2 の写し（カテゴリー名を文節で区切るため）。
 * 写した元が変わっていたら、古い写しのまま動かないよう、ビルドを止める（index.ts の loadContent）。
 */
import {changedFiles, type CheckedFiles} from '../../lib/upstream';
import {phraseBreaks} from './shared';

const category = '@docusaurus/theme-classic/lib/theme/DocSidebarItem/Category';

export const ejectedFrom: CheckedFiles = {
  [`${category}/index.js`]: ['bebff3ac5f7761e5', 'theme/DocSidebarItem/Category/index.tsx の元'],
  [`${category}/styles.module.css`]: [
    '134432b7d80ca2a6',
    'theme/DocSidebarItem/Category/styles.module.css の元',
  ],
};

export function checkEjected(files: CheckedFiles = ejectedFrom): void {
  const changed = changedFiles(files);
  if (changed.length === 0) return;
  throw new Error(
    [
      `[${phraseBreaks.pluginName}] @docusaurus/theme-classic の DocSidebarItem/Category が、plugins/phrases/theme/DocSidebarItem/Category を写した版から変わりました。`,
      '写し直してください: npm run swizzle -- @docusaurus/theme-classic DocSidebarItem/Category --eject --typescript --danger で src/theme/DocSidebarItem/Category に書き出し、plugins/phrases/theme/DocSidebarItem/Category に移します。',
      'そのうえで、先頭の 1 行の理由と、CategoryLinkLabel が名前を <Phrases text={label} /> で描く変更をもう一度入れ、plugins/phrases/upstream.ts のハッシュを次の値に更新してください。',
      ...changed,
    ].join('\n'),
  );
}
