import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

import {testRoutes} from './constants';

/** テスト専用のルートを足す。DENKI_TEST_ROUTES=1 のビルドだけで読み込まれ、本番には含まれない。 */
export default function testRoutesPlugin(): Plugin {
  return {
    name: 'denki-test-routes',
    async contentLoaded({actions}) {
      actions.addRoute({
        path: testRoutes.crash,
        component: path.join(__dirname, 'CrashPage.tsx'),
        exact: true,
      });
    },
  };
}
