import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {jsonLdText} from './json-ld-text';

/**
 * 開催事例の 1 回の構造化データ（schema.org の Event）を <head> に入れる。json はビルドが開催事例のデータから作る
 * （plugins/events/json-ld.ts。ページの Markdown に remark が入れる）。
 */
export default function EventJsonLd({json}: {readonly json: string}): ReactNode {
  return (
    <Head>
      <script type="application/ld+json">{jsonLdText(JSON.parse(json))}</script>
    </Head>
  );
}
