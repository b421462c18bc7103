/** 文節区切りの、ビルド（plugins/phrases）とブラウザ（theme/Phrases）が共有する名前と型。 */

/** className はその文字列を包む要素に付き、CSS（styles.css）で文節の中では折り返さない。 */
export const phraseBreaks = {
  className: 'phrases',
  pluginName: 'denki-phrases',
  /**
   * ドキュメントと記事の題の文節を、MDX のモジュールが書き出す front matter に足すときのキー（remark.ts）。
   * 題の文節はそのページ（と記事の一覧）のチャンクで届き、全ページが読むグローバルデータには入れない。
   */
  frontMatterKey: 'title_phrases',
} as const;

/** 文字列 → 文節の配列。 */
export type PhraseMap = Readonly<Record<string, readonly string[]>>;

/** MDX のモジュールが書き出す front matter のうち、このプラグインが足したもの。 */
export type TitlePhrasesFrontMatter = {
  readonly [phraseBreaks.frontMatterKey]?: readonly string[];
};
