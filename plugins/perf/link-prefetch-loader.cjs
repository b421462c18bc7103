// @ts-check
/**
 * @docusaurus/core の Link は、画面に入ったリンクごとに window.docusaurus.prefetch を呼ぶ。その呼び出しを、
 * 上限のある client/bounded-prefetch.ts の prefetchWhenSeen（要素と行き先）に差し替える。
 * 元のコードが変わったらビルドを止めて知らせる（差し替えが古い前提で動かないように）。
 */
/** IntersectionObserver の中の呼び出し（IntersectionObserver のない環境の呼び出しはそのまま）。 */
const original = `if (entry.isIntersecting || entry.intersectionRatio > 0) {
                            ioRef.current.unobserve(el);
                            ioRef.current.disconnect();
                            if (targetLink != null) {
                                window.docusaurus.prefetch(targetLink);
                            }`;
const replacement = `if (entry.isIntersecting || entry.intersectionRatio > 0) {
                            ioRef.current.unobserve(el);
                            ioRef.current.disconnect();
                            if (targetLink != null) {
                                __denkiPrefetchWhenSeen(el, targetLink);
                            }`;

/**
 * options.module は client/bounded-prefetch.ts の場所（plugins/perf/index.ts が渡す）。
 * @this {{resourcePath: string, getOptions: () => {module: string}}} ローダーの文脈（rspack / webpack）
 * @param {string} source
 */
module.exports = function linkPrefetchLoader(source) {
  if (source.split(original).length !== 2) {
    throw new Error(
      `link-prefetch-loader: 画面に入ったリンクを先読みする箇所が ${this.resourcePath} に 1 つだけ見つかりません。` +
        '@docusaurus/core の更新で Link が変わったので、plugins/perf/client/bounded-prefetch.ts の前提を確かめてください。',
    );
  }
  const importLine = `import {prefetchWhenSeen as __denkiPrefetchWhenSeen} from ${JSON.stringify(this.getOptions().module)};\n`;
  return importLine + source.replace(original, replacement);
};
