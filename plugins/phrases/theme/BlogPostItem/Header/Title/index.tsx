// Ejected: the post title is a string rendered at runtime; it is shown split into its build-time phrases.
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import type {Props} from '@theme/BlogPostItem/Header/Title';
import Phrases from '@theme/Phrases';
import styles from './styles.module.css';

export default function BlogPostItemHeaderTitle({className}: Props): ReactNode {
  const {metadata, isBlogPostPage} = useBlogPost();
  const {permalink, title} = metadata;
  const TitleHeading = isBlogPostPage ? 'h1' : 'h2';
  const phrases = <Phrases text={title} />;
  return (
    <TitleHeading className={clsx(styles.title, className)}>
      {isBlogPostPage ? phrases : <Link to={permalink}>{phrases}</Link>}
    </TitleHeading>
  );
}
