import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';

/** 検索エンジン向けの構造化データ（schema.org の JSON-LD）を <head> に入れる。 */
export default function JsonLd({data}: {readonly data: object}): ReactNode {
  return (
    <Head>
      <script type="application/ld+json">{JSON.stringify(data)}</script>
    </Head>
  );
}
