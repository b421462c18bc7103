import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import HomepageFeatures from '@site/src/components/HomepageFeatures';
import HeroArt from '@site/src/components/HeroArt';
import {routes, site} from '@site/src/constants/site';
import styles from './index.module.css';

function HomepageHeader(): ReactNode {
  return (
    <header className={styles.hero}>
      <div className={`container ${styles.heroInner}`}>
        <div className={styles.heroText}>
          <Heading as="h1" className={styles.title}>
            {site.title}
          </Heading>
          <p className={styles.tagline}>{site.tagline}</p>
          <p className={styles.lead}>
            電車やバスを乗り継いで、街全体を舞台に逃げて追いかける大規模鬼ごっこです。
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

export default function Home(): ReactNode {
  return (
    <Layout description={site.description}>
      <HomepageHeader />
      <main>
        <HomepageFeatures />
      </main>
    </Layout>
  );
}
