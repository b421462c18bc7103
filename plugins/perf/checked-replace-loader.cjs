// @ts-check
/**
 * 依存のソースの決まった箇所を置き換えるローダー。置き換える元の文字列が決まった回数（既定で 1 回）
 * 現れなければ、ビルドを止めて知らせる（依存の更新で前提が崩れたまま動かないように）。置き換えの中身と
 * 理由は呼び出し側（plugins/perf/hydration-patches.ts）に書く。
 */

/**
 * @typedef {{from: string, to: string, count?: number}} Replacement
 * @this {{resourcePath: string, getOptions: () => {replacements: Replacement[], reason: string}}} ローダーの文脈
 * @param {string} source
 */
module.exports = function checkedReplaceLoader(source) {
  const {replacements, reason} = this.getOptions();
  let result = source;
  for (const {from, to, count = 1} of replacements) {
    const found = result.split(from).length - 1;
    if (found !== count) {
      throw new Error(
        `checked-replace-loader: 置き換える箇所が ${this.resourcePath} に ${count} つあるはずが ${found} つです:\n${from}\n` +
          `依存の更新で変わったので、この置き換え（${reason}）が今も要るか確かめてください。`,
      );
    }
    result = result.split(from).join(to);
  }
  return result;
};
