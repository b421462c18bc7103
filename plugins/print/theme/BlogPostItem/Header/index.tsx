// Wrapped: config cannot add a print-only header (page title and URL) above a blog post.
import type {ReactNode} from 'react';
import Header from '@theme-init/BlogPostItem/Header';
import type HeaderType from '@theme/BlogPostItem/Header';
import type {WrapperProps} from '@docusaurus/types';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import PrintHeader from '../../PrintHeader';

type Props = WrapperProps<typeof HeaderType>;

export default function HeaderWrapper(props: Props): ReactNode {
  const {metadata, isBlogPostPage} = useBlogPost();
  return (
    <>
      {isBlogPostPage && <PrintHeader title={metadata.title} permalink={metadata.permalink} />}
      <Header {...props} />
    </>
  );
}
