import type {Plugin} from '@docusaurus/types';

/** テスト専用のルートを足す。DENKI_TEST_ROUTES=1 のビルドだけで読み込まれ、本番には含まれない。 */
export default function testRoutesPlugin(): Plugin {
  return {
    name: 'denki-test-routes',
  };
}
