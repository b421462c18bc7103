// Wrapped: config cannot add a print-only header (page title and URL) above the document.
import type {ReactNode} from 'react';
import Content from '@theme-init/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import PrintHeader from '../../PrintHeader';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <PrintHeader title={metadata.title} permalink={metadata.permalink} />
      <Content {...props} />
    </>
  );
}
