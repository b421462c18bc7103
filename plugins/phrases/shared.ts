/** 文節区切りの、ビルド（plugins/phrases）とブラウザ（theme/Phrases）が共有する名前と型。 */

/** className はその文字列を包む要素に付き、CSS（styles.css）で文節の中では折り返さない。 */
export const phraseBreaks = {
  className: 'phrases',
  pluginName: 'denki-phrases',
} as const;

/** 文字列 → 文節の配列。ビルド時に作り、グローバルデータとしてページに渡す。 */
export type PhraseMap = Readonly<Record<string, readonly string[]>>;
