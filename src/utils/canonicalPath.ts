import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {applyTrailingSlash} from '@docusaurus/utils-common';

/**
 * サイト内のパスを、配信が答えるとおりの形（サイトの末尾スラッシュの規則を当てたもの）にする関数。
 * ページの canonical と同じ規則。ドキュメントの入口の permalink は /docs/ だが、ページは /docs。
 */
export function useCanonicalPath(): (permalink: string) => string {
  const {
    siteConfig: {baseUrl, trailingSlash},
  } = useDocusaurusContext();
  return (permalink) => applyTrailingSlash(permalink, {baseUrl, trailingSlash});
}
