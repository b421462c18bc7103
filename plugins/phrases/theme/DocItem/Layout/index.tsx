// Wrapped: the doc's title (a string the theme renders as the h1) gets the phrases the remark plugin put in its front matter.
import type {ReactNode} from 'react';
import Layout from '@theme-init/DocItem/Layout';
import type LayoutType from '@theme/DocItem/Layout';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import {PagePhrases} from '@theme/Phrases';
import {phraseBreaks, type TitlePhrasesFrontMatter} from '../../../shared';

type Props = WrapperProps<typeof LayoutType>;

export default function LayoutWrapper(props: Props): ReactNode {
  const {metadata, frontMatter} = useDoc();
  const titlePhrases = (frontMatter as TitlePhrasesFrontMatter)[phraseBreaks.frontMatterKey];
  return (
    <PagePhrases phrases={titlePhrases ? {[metadata.title]: titlePhrases} : {}}>
      <Layout {...props} />
    </PagePhrases>
  );
}
