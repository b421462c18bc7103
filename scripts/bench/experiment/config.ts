/** サイトの設定に perf-plugin（提案する削減）を足しただけの設定。bench の --config で使う。 */
import type {Config} from '@docusaurus/types';
import siteConfig from '../../../docusaurus.config';
import perfPlugin from './perf-plugin';

const config: Config = {
  ...siteConfig,
  plugins: [...(siteConfig.plugins ?? []), perfPlugin],
};

export default config;
