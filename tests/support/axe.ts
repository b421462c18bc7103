/**
 * axe-core の検査の組み立て。どの spec も同じタグ（WCAG 2.0/2.1/2.2 の A・AA とベストプラクティス）で調べる。
 */
import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * 開いているページの axe。サイトに iframe は無いので、axe.run をそのページで 1 度走らせる（legacy mode）。
 * 既定の方式は結果をまとめるために空のページをもう 1 枚開き、重いページでは 3〜4 倍の時間がかかる。
 * 違反のほかの結果（合格・該当なし）はノードを集めない。
 */
export function axeFor(page: Page): AxeBuilder {
  return new AxeBuilder({page})
    .withTags(axeTags)
    .options({resultTypes: ['violations']})
    .setLegacyMode(true);
}
