// Swizzled (ejected): year headings were h3 directly under the h1, and the hero header sat outside <main>.
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import type {ArchiveBlogPost, Props} from '@theme/BlogArchivePage';
import {formatJapaneseDate} from '@site/src/utils/japaneseDate';

type YearPosts = {readonly year: string; readonly posts: readonly ArchiveBlogPost[]};

/** 記事を年ごとにまとめる（新しい記事が先）。 */
export function postsByYear(posts: readonly ArchiveBlogPost[]): YearPosts[] {
  const years = new Map<string, ArchiveBlogPost[]>();
  for (const post of posts) {
    const year = post.metadata.date.split('-')[0];
    years.set(year, [...(years.get(year) ?? []), post]);
  }
  return Array.from(years, ([year, items]) => ({year, posts: items}));
}

function Year({year, posts}: YearPosts): ReactNode {
  return (
    <div className="col col--4 margin-vert--lg">
      <Heading as="h2" id={year}>
        {year}
      </Heading>
      <ul>
        {posts.map((post) => (
          <li key={post.metadata.permalink}>
            <Link to={post.metadata.permalink}>
              {formatJapaneseDate(post.metadata.date, 'month-day')} - {post.metadata.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function BlogArchivePage({archive}: Props): ReactNode {
  const title = translate({id: 'theme.blog.archive.title', message: 'アーカイブ'});
  const description = translate({
    id: 'theme.blog.archive.description',
    message: 'これまでの記事を年ごとに並べています。',
  });
  const years = postsByYear(archive.blogPosts);
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
