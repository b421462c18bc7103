// Wrapped: inside the docs layout the not-found content sets no page title, so the tab read only 「電鬼」; and no description, so it repeated the home page's.
import type {ReactNode} from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import Content from '@theme-original/NotFound/Content';
import type ContentType from '@theme/NotFound/Content';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const title = translate({id: 'theme.NotFound.title', message: 'ページが見つかりません'});
  const description = translate({
    id: 'theme.NotFound.description',
    message: '電鬼の公式ドキュメントとブログに、お探しのページは見つかりませんでした。',
  });
  return (
    <>
      <PageMetadata title={title} description={description} />
      <Content {...props} />
    </>
  );
}
