// Ejected: the stock BlogPosting takes keywords only from front matter (empty here); ours are the post's tags.
import type {ReactNode} from 'react';
import {useBlogPost, useBlogPostStructuredData} from '@docusaurus/plugin-content-blog/client';
import JsonLd from '@site/src/components/JsonLd';

export default function BlogPostStructuredData(): ReactNode {
  const data = useBlogPostStructuredData();
  const {metadata} = useBlogPost();
  return <JsonLd data={{...data, keywords: metadata.tags.map((tag) => tag.label)}} />;
}
