// @ts-check
/**
 * theme-common の useShallowMemoObject はキーの並べ替えに localeCompare を使う。最初の呼び出しで
 * ICU の照合データが読み込まれ（1 倍速の CPU で約 12 ms、4 倍遅い端末で約 50 ms）、全ページの
 * ハイドレーションを止める。並べ替える値はオブジェクトのキー（英数字の識別子）で、順序が一定なら
 * よいので、UTF-16 の符号単位で比べる。元のコードが変わったらビルドを止めて知らせる。
 */
const original = 'deps.sort((a, b) => a[0].localeCompare(b[0]));';
const replacement = 'deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));';

/**
 * @this {{resourcePath: string}} ローダーの文脈（rspack / webpack）
 * @param {string} source
 */
module.exports = function ordinalKeySortLoader(source) {
  if (!source.includes(original)) {
    throw new Error(
      `ordinal-key-sort-loader: "${original}" が ${this.resourcePath} にありません。` +
        'theme-common の更新で変わったので、この置き換えが今も要るか確かめてください。',
    );
  }
  return source.replace(original, replacement);
};
