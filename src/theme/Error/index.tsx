// Swizzled (replaces the core fallback): its crash page is hard-coded in English ("This page crashed", "Try again").
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import {translate} from '@docusaurus/Translate';
import {RouteContextProvider} from '@docusaurus/core/lib/client/routeContext';
import type {Props} from '@theme/Error';
import Layout from '@theme/Layout';
import ErrorPageContent from '@theme/ErrorPageContent';

/** 最上位のエラー画面。レイアウトごと壊れたときは、レイアウトなしで同じ内容を出す。 */
export default function Error({error, tryAgain}: Props): ReactNode {
  const title = translate({
    id: 'theme.error.pageTitle',
    message: 'エラー',
    description: 'The document title of the crash fallback page',
  });
  return (
    <RouteContextProvider value={{plugin: {name: 'denki-error-boundary', id: 'default'}}}>
      <ErrorBoundary fallback={() => <ErrorPageContent error={error} tryAgain={tryAgain} />}>
        <Head>
          <title>{title}</title>
        </Head>
        <Layout>
          <ErrorPageContent error={error} tryAgain={tryAgain} />
        </Layout>
      </ErrorBoundary>
    </RouteContextProvider>
  );
}
