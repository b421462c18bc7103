// Ejected: the stock BlogPosting items take keywords only from front matter (empty here); ours are each post's tags.
import type {ReactNode} from 'react';
import {useBlogListPageStructuredData} from '@docusaurus/plugin-content-blog/client';
import type {Props} from '@theme/BlogListPage/StructuredData';
import JsonLd from '@site/src/components/JsonLd';

export default function BlogListPageStructuredData(props: Props): ReactNode {
  const data = useBlogListPageStructuredData(props);
  const postings: readonly object[] = Array.isArray(data.blogPost) ? data.blogPost : [];
  // blogPost は props.items と同じ順に並ぶ。
  const blogPost = postings.map((posting, index) => ({
    ...posting,
    keywords: props.items[index]?.content.metadata.tags.map((tag) => tag.label) ?? [],
  }));
  return <JsonLd data={{...data, blogPost}} />;
}
