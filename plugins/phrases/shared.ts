/** 文節区切りの、ビルド（plugins/phrases）とブラウザ（theme/Phrases）が共有する名前と型。 */

/** className はその文字列を包む要素に付き、CSS（styles.css）で文節の中では折り返さない。 */
export const phraseBreaks = {
  className: 'phrases',
  /**
   * 文節の区切り。<wbr> だけだと、Chromium がアクセシビリティツリーの名前に区切りごとに空白を入れる
   * （「お知らせを 読む」）。aria-hidden の <wbr> なら折り返しの位置は同じで、名前は元の文字列のまま
   * （Chromium・WebKit・Gecko で確かめた。tests/accessible-names.ts、tests/engines/accessible-names.ts）。
   */
  breakHtml: '<wbr aria-hidden="true">',
  /** 段落の最後の文節を包む要素の class。CSS で 1 行にまとめ、最終行が 1〜2 文字にならない。 */
  endClassName: 'phrase-end',
  /** 中に閉じかっこや読点のある文節を包む要素の class。CSS で 1 行にまとめる。 */
  keepClassName: 'phrase-keep',
  /** MDX の部品の caption 属性の文節を、rehype.ts が足す属性の名前。 */
  captionPhrasesProp: 'captionPhrases',
  pluginName: 'denki-phrases',
  /** スケジュールの表の文節の生成ファイル（@generated/denki-phrases/default/ の下。index.ts が書く）。 */
  scheduleDataFile: 'schedule-phrases.json',
  /**
   * ドキュメントと記事の題の文節を、MDX のモジュールが書き出す front matter に足すときのキー（remark.ts）。
   * 題の文節はそのページ（と記事の一覧）のチャンクで届き、全ページが読むグローバルデータには入れない。
   */
  frontMatterKey: 'title_phrases',
  /**
   * ドキュメントの名前の文節を、サイドバーの項目の customProps（front matter の sidebar_custom_props）に
   * 入れるとき（docs.ts）と、タグのページの題の文節をルートの props に入れるとき（tags.ts）のキー。
   * 文節はドキュメントの区画やそのページのチャンクで届き、グローバルデータには入れない。
   */
  customPropsKey: 'phrases',
} as const;

/** 文字列 → 文節の配列。 */
export type PhraseMap = Readonly<Record<string, readonly string[]>>;

/** MDX のモジュールが書き出す front matter のうち、このプラグインが足したもの。 */
export type TitlePhrasesFrontMatter = {
  readonly [phraseBreaks.frontMatterKey]?: readonly string[];
};

/** サイドバーの項目の customProps やルートの props のうち、このプラグインが足したもの（名前や題 → 文節）。 */
export type PhrasesProps = {
  readonly [phraseBreaks.customPropsKey]?: PhraseMap;
};

/** サイドバーの項目の customProps から、text の文節を取り出す（無ければ undefined）。 */
export function labelPhrases(
  customProps: Readonly<Record<string, unknown>> | undefined,
  text: string,
): readonly string[] | undefined {
  return (customProps as PhrasesProps | undefined)?.[phraseBreaks.customPropsKey]?.[text];
}

/**
 * 文節の中の閉じかっこや読点の後ろ（「「新規作成」/を」）では、keep-all でもエンジンが折り返す。そういう
 * 文節は 1 行にまとめる（keepClassName）。1 行より長くなりうる文節（12 文字より長い）はまとめない。
 */
export function keepsTogether(phrase: string): boolean {
  return /[」』）】〕］〉》、。，！？](?=.)/u.test(phrase) && Array.from(phrase).length <= 12;
}
