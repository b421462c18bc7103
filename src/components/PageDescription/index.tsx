import type {ComponentType, ReactNode} from 'react';
import {PageMetadata} from '@docusaurus/theme-common';

/**
 * テーマのページに説明文（meta description と og:description）を足す。PageMetadata をページの後に置くので、
 * テーマの既定（themeConfig.metadata のサイト全体の説明文）に勝つ。
 */
export function withDescription<Props extends object>(
  Page: ComponentType<Props>,
  useDescription: (props: Props) => string,
): (props: Props) => ReactNode {
  return function PageWithDescription(props) {
    const description = useDescription(props);
    return (
      <>
        <Page {...props} />
        <PageMetadata description={description} />
      </>
    );
  };
}
