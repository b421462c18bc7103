// Swizzled (ejected): year headings were h3 directly under the h1, the hero header sat outside <main>, the props are the slim years of plugins/blog/archive.ts, and titles break between their build-time phrases.
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';
import Heading from '@theme/Heading';
import {PhraseNodes} from '@theme/Phrases';
import Layout from '@theme/Layout';
import type {ArchivePost, ArchiveProps, ArchiveYear} from '@site/plugins/blog/shared';
import {formatJapaneseDate} from '@site/src/utils/japaneseDate';

/** 題を、ビルド時に分けた文節の区切りの位置（ArchivePost.breaks）で文節に戻す。 */
function titlePhrases({title, breaks}: ArchivePost): string[] {
  return [0, ...breaks].map((start, index) => title.slice(start, breaks[index]));
}

function Year({year, posts}: ArchiveYear): ReactNode {
  return (
    <div className="col col--4 margin-vert--lg">
      <Heading as="h2" id={year}>
        {year}
      </Heading>
      <ul>
        {posts.map((post) => (
          <li key={post.permalink}>
            <Link to={post.permalink} className="phrases">
              {formatJapaneseDate(post.date, 'month-day')} -{' '}
              <PhraseNodes phrases={titlePhrases(post)} />
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
