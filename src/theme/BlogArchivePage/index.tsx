// Swizzled (ejected): year headings were h3 directly under the h1, the hero header sat outside <main>, and the props are the slim years of plugins/blog/archive.ts.
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import type {ArchiveProps, ArchiveYear} from '@site/plugins/blog/shared';
import {formatJapaneseDate} from '@site/src/utils/japaneseDate';

function Year({year, posts}: ArchiveYear): ReactNode {
  return (
    <div className="col col--4 margin-vert--lg">
      <Heading as="h2" id={year}>
        {year}
      </Heading>
      <ul>
        {posts.map((post) => (
          <li key={post.permalink}>
            <Link to={post.permalink}>
              {formatJapaneseDate(post.date, 'month-day')} - {post.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function BlogArchivePage({years}: ArchiveProps): ReactNode {
  const title = translate({id: 'theme.blog.archive.title', message: 'アーカイブ'});
  const description = translate({
    id: 'theme.blog.archive.description',
    message: 'これまでの記事を年ごとに並べています。',
  });
  return (
    <>
      <PageMetadata title={title} description={description} />
      <Layout>
        <main>
          <div className="hero hero--primary">
            <div className="container">
              <Heading as="h1" className="hero__title">
                {title}
              </Heading>
              <p className="hero__subtitle">{description}</p>
            </div>
          </div>
          <section className="container margin-vert--lg">
            <div className="row">
              {years.map((year) => (
                <Year key={year.year} {...year} />
              ))}
            </div>
          </section>
        </main>
      </Layout>
    </>
  );
}
