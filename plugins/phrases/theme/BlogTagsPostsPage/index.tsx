// Wrapped: the tag page's h1 is a string the theme composes from the tag; its phrases come with the tag route's props (they grow with the number of tags, so they are not in global data).
import type {ReactNode} from 'react';
import BlogTagsPostsPage from '@theme-init/BlogTagsPostsPage';
import type {Props} from '@theme/BlogTagsPostsPage';
import {PagePhrases} from '@theme/Phrases';
import {phraseBreaks, type PhrasesProps} from '../../shared';

export default function BlogTagsPostsPageWrapper(props: Props & PhrasesProps): ReactNode {
  return (
    <PagePhrases phrases={props[phraseBreaks.customPropsKey] ?? {}} complete={false}>
      <BlogTagsPostsPage {...props} />
    </PagePhrases>
  );
}
