// Wrapped: the recent posts' titles are strings the theme renders; they are shown split into build-time phrases.
import type {ReactNode} from 'react';
import BlogSidebar from '@theme-init/BlogSidebar';
import type {Props} from '@theme/BlogSidebar';
import Phrases from '@theme/Phrases';

export default function BlogSidebarWrapper({sidebar}: Props): ReactNode {
  if (!sidebar) return <BlogSidebar sidebar={sidebar} />;
  const items = sidebar.items.map((item) => ({
    ...item,
    title: (<Phrases text={item.title} optional />) as unknown as string,
  }));
  return <BlogSidebar sidebar={{...sidebar, items}} />;
}
