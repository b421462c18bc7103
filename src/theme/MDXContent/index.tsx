// Wrapped: the article body is hydrated after the page's frame, in short tasks (issue 55).
import type {ReactNode} from 'react';
import MDXContent from '@theme-original/MDXContent';
import type MDXContentType from '@theme/MDXContent';
import type {WrapperProps} from '@docusaurus/types';
import HydrateLater from '@site/src/components/HydrateLater';

type Props = WrapperProps<typeof MDXContentType>;

export default function MDXContentWrapper(props: Props): ReactNode {
  return (
    <HydrateLater>
      <MDXContent {...props} />
    </HydrateLater>
  );
}
