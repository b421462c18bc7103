// Ejected: the post title is a string rendered at runtime; it is shown split into the phrases the remark plugin put in its front matter.
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import type {Props} from '@theme/BlogPostItem/Header/Title';
import Phrases from '@theme/Phrases';
import {phraseBreaks, type TitlePhrasesFrontMatter} from '../../../../shared';
import styles from './styles.module.css';

export default function BlogPostItemHeaderTitle({className}: Props): ReactNode {
  const {metadata, frontMatter, isBlogPostPage} = useBlogPost();
  const {permalink, title} = metadata;
  const TitleHeading = isBlogPostPage ? 'h1' : 'h2';
  const titlePhrases = (frontMatter as TitlePhrasesFrontMatter)[phraseBreaks.frontMatterKey];
  const phrases = <Phrases text={title} phrases={titlePhrases} />;
  return (
    <TitleHeading className={clsx(styles.title, className)}>
      {isBlogPostPage ? phrases : <Link to={permalink}>{phrases}</Link>}
    </TitleHeading>
  );
}
