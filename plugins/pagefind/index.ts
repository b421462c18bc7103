import type {Plugin} from '@docusaurus/types';

/** ビルド後に Pagefind の検索インデックスを build/pagefind に作る。 */
export default function pagefindPlugin(): Plugin {
  return {
    name: 'denki-pagefind',
  };
}
