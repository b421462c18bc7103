// Ejected: the stock component writes JSON.stringify into <script> unescaped (a label with </script> ends it) and the sidebar's raw permalinks (/docs/); ours uses JsonLd and canonical paths.
import type {ReactNode} from 'react';
import {useBreadcrumbsStructuredData} from '@docusaurus/plugin-content-docs/client';
import type {Props} from '@theme/DocBreadcrumbs/StructuredData';
import JsonLd from '@site/src/components/JsonLd';
import {useCanonicalPath} from '@site/src/utils/canonicalPath';

export default function DocBreadcrumbsStructuredData({breadcrumbs}: Props): ReactNode {
  const canonicalPath = useCanonicalPath();
  const canonical = breadcrumbs.map((item) =>
    item.href ? {...item, href: canonicalPath(item.href)} : item,
  );
  return <JsonLd data={useBreadcrumbsStructuredData({breadcrumbs: canonical})} />;
}
