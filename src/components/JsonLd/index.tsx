import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {serializeJsonLd} from './serialize';

/**
 * 検索エンジン向けの構造化データ（schema.org の JSON-LD）を <head> に入れる。中身は serializeJsonLd で書くので、
 * 題や説明に </script> があっても、スクリプトを閉じずにデータのままでいる。
 */
export default function JsonLd({data}: {readonly data: object}): ReactNode {
  return (
    <Head>
      <script type="application/ld+json">{serializeJsonLd(data)}</script>
    </Head>
  );
}
