// Wrapped: the doc's title (a string the theme renders as the h1) and the previous/next links' names get the phrases the build put in the page's front matter and in the sidebar items.
import {useMemo, type ReactNode} from 'react';
import Layout from '@theme-init/DocItem/Layout';
import type LayoutType from '@theme/DocItem/Layout';
import type {WrapperProps} from '@docusaurus/types';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import {useDoc, useDocsSidebar} from '@docusaurus/plugin-content-docs/client';
import {PagePhrases} from '@theme/Phrases';
import {
  phraseBreaks,
  type PhrasesProps,
  type PhraseMap,
  type TitlePhrasesFrontMatter,
} from '../../../shared';

type Props = WrapperProps<typeof LayoutType>;

/** サイドバーのすべての項目の名前の文節（前後のページへのリンクの名前もここにある）。 */
function sidebarPhrases(items: readonly PropSidebarItem[]): PhraseMap {
  return Object.assign(
    {},
    ...items.map((item) => ({
      ...(item.customProps as PhrasesProps | undefined)?.[phraseBreaks.customPropsKey],
      ...(item.type === 'category' ? sidebarPhrases(item.items) : {}),
    })),
  ) as PhraseMap;
}

export default function LayoutWrapper(props: Props): ReactNode {
  const {metadata, frontMatter} = useDoc();
  const sidebar = useDocsSidebar();
  const titlePhrases = (frontMatter as TitlePhrasesFrontMatter)[phraseBreaks.frontMatterKey];
  const phrases = useMemo(
    () => ({
      ...sidebarPhrases(sidebar?.items ?? []),
      ...(titlePhrases && {[metadata.title]: titlePhrases}),
    }),
    [sidebar, metadata.title, titlePhrases],
  );
  // 前後のページへのリンクの名前は、このドキュメントの区画のサイドバーにそろっている。
  return (
    <PagePhrases phrases={phrases} complete>
      <Layout {...props} />
    </PagePhrases>
  );
}
