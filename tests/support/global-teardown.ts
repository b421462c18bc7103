/** テストの実行の終わりに、共有したビルド（shared-build.ts）を片付ける。 */
import {removeSharedBuilds} from './shared-build';

export default function globalTeardown(): void {
  removeSharedBuilds();
}
