// Ejected: inside the docs layout the stock content sets no page title (the tab read only 「電鬼」) and no description, and its heading is a <Translate> element that cannot be split into phrases.
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {PageMetadata} from '@docusaurus/theme-common';
import Translate, {translate} from '@docusaurus/Translate';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';

export default function NotFoundContent({className}: Props): ReactNode {
  const title = translate({id: 'theme.NotFound.title', message: 'ページが見つかりません'});
  const description = translate({
    id: 'theme.NotFound.description',
    message: '電鬼の公式ドキュメントとブログに、お探しのページは見つかりませんでした。',
  });
  return (
    <>
      <PageMetadata title={title} description={description} />
      <main className={clsx('container margin-vert--xl', className)}>
        <div className="row">
          <div className="col col--6 col--offset-3">
            <Heading as="h1" className="hero__title">
              {title}
            </Heading>
            <p>
              <Translate id="theme.NotFound.p1">お探しのページは見つかりませんでした。</Translate>
            </p>
            <p>
              <Translate id="theme.NotFound.p2">
                リンクをたどって来た場合は、リンク元のサイトの管理者にリンクが切れていることをお知らせください。
              </Translate>
            </p>
          </div>
        </div>
      </main>
    </>
  );
}
