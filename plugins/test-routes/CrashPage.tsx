import type {ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Layout from '@theme/Layout';
import {crashPage} from './constants';

/** サーバー側の描画（ビルド）では失敗せず、ブラウザでだけ投げる。 */
function Bomb(): ReactNode {
  const isBrowser = useIsBrowser();
  if (isBrowser && window.__denkiCrash !== false) throw new Error(crashPage.message);
  return <p>{isBrowser ? crashPage.recovered : '読み込み中'}</p>;
}

export default function CrashPage(): ReactNode {
  return (
    <Layout title={crashPage.title} noFooter>
      <main>
        <h1>{crashPage.title}</h1>
        <Bomb />
      </main>
    </Layout>
  );
}
