// Wrapped: the theme writes the sidebar's raw permalinks (/docs/) into the BreadcrumbList; the pages are served without the trailing slash.
import type {ReactNode} from 'react';
import StructuredData from '@theme-original/DocBreadcrumbs/StructuredData';
import type StructuredDataType from '@theme/DocBreadcrumbs/StructuredData';
import type {WrapperProps} from '@docusaurus/types';
import {useCanonicalPath} from '@site/src/utils/canonicalPath';

type Props = WrapperProps<typeof StructuredDataType>;

export default function StructuredDataWrapper({breadcrumbs}: Props): ReactNode {
  const canonicalPath = useCanonicalPath();
  const canonical = breadcrumbs.map((item) =>
    item.href ? {...item, href: canonicalPath(item.href)} : item,
  );
  return <StructuredData breadcrumbs={canonical} />;
}
