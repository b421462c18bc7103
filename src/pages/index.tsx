import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import HomepageFeatures from '@site/src/components/HomepageFeatures';
import HeroArt from '@site/src/components/HeroArt';
import NextEvents from '@site/src/components/Events/NextEvents';
import JsonLd from '@site/src/components/JsonLd';
import Phrases from '@theme/Phrases';
import {homeLead} from '@site/src/constants/features';
import {links, routes, site} from '@site/src/constants/site';
import styles from './index.module.css';

function HomepageHeader(): ReactNode {
  return (
    <header className={styles.hero}>
      <div className={`container ${styles.heroInner}`}>
        <div className={styles.heroText}>
          <Heading as="h1" className={styles.title}>
            {site.title}
          </Heading>
          <p className={styles.tagline}>
            <Phrases text={site.tagline} />
          </p>
          <p className={styles.lead}>
            <Phrases text={homeLead} />
          </p>
          <div className={styles.buttons}>
            <Link className="button button--primary button--lg" to={routes.intro}>
              どんなイベント？
            </Link>
            <Link className={`button button--lg ${styles.secondary}`} to={routes.appIntro}>
              アプリの使い方
            </Link>
          </div>
        </div>
        <div className={styles.heroArt}>
          <HeroArt />
        </div>
      </div>
    </header>
  );
}

/** 検索エンジン向けの運営者情報（schema.org Organization）。 */
function OrganizationJsonLd(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const logo = useBaseUrl('/img/icons/icon-512.png', {absolute: true});
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.office,
    url: siteConfig.url,
    logo,
    parentOrganization: {'@type': 'Organization', name: site.company, url: links.company.href},
    sameAs: [links.x.href, links.discord.href],
  };
  return <JsonLd data={data} />;
}

export default function Home(): ReactNode {
  return (
    <Layout description={site.description}>
      <OrganizationJsonLd />
      <main>
        <HomepageHeader />
        <NextEvents />
        <HomepageFeatures />
      </main>
    </Layout>
  );
}
