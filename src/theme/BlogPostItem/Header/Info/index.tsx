// Swizzled (ejected): the date is formatted inside, and Intl.DateTimeFormat loads ICU date data while hydrating.
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import {usePluralForm} from '@docusaurus/theme-common';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import type {Props} from '@theme/BlogPostItem/Header/Info';
import {formatJapaneseDate} from '@site/src/utils/japaneseDate';
import styles from './styles.module.css';

function ReadingTime({minutes}: {readonly minutes: number}): ReactNode {
  const {selectMessage} = usePluralForm();
  const readingTime = Math.ceil(minutes);
  return selectMessage(
    readingTime,
    translate(
      {
        id: 'theme.blog.post.readingTime.plurals',
        message: '約{readingTime}分',
      },
      {readingTime},
    ),
  );
}

export default function BlogPostItemHeaderInfo({className}: Props): ReactNode {
  const {metadata} = useBlogPost();
  const {date, readingTime} = metadata;
  return (
    <div className={clsx(styles.container, 'margin-vert--md', className)}>
      <time dateTime={date}>{formatJapaneseDate(date)}</time>
      {readingTime !== undefined && (
        <>
          {' · '}
          <ReadingTime minutes={readingTime} />
        </>
      )}
    </div>
  );
}
