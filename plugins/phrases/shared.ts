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
  /**
   * 文節の中の閉じかっこや読点と次の文字（keptPieces）を包む要素の class。CSS（white-space: nowrap）で
   * その間で折り返さない。
   */
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

/**
 * 全ページが main.js で読むグローバルデータの文節の表の形: 文節を区切り文字でつないだ文字列の並び。文字列そのもの
 * （表のキー）は文節をつなげれば戻るので持たない（brotli で約 2 割軽い）。
 */
export type PackedPhrases = readonly string[];

const packedSeparator = '\u200b';

export function packPhrases(map: PhraseMap): PackedPhrases {
  return Object.entries(map).flatMap(([text, phrases]) => {
    if (phrases.join('') !== text || phrases.some((phrase) => phrase.includes(packedSeparator))) {
      throw new Error(`[${phraseBreaks.pluginName}] 「${text}」の文節を表に入れられません`);
    }
    return text === '' ? [] : [phrases.join(packedSeparator)];
  });
}

export function unpackPhrases(packed: PackedPhrases): PhraseMap {
  return Object.fromEntries(
    packed.map((joined) => {
      const phrases = joined.split(packedSeparator);
      return [phrases.join(''), phrases];
    }),
  );
}

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

/** 閉じかっこと読点の続き（「」」）と、その次の文字。 */
const closingAndNext = /([」』）】〕］〉》、。，！？]+[^」』）】〕］〉》、。，！？])/u;

export type PhrasePiece = {readonly text: string; readonly keep: boolean};

/**
 * 文節の中の閉じかっこや読点の後ろ（「「新規作成」/を」）では、keep-all でもエンジンが折り返す。閉じかっこ
 * （の続き）と次の文字だけを 1 つの piece（keep）にし、ページでは keepClassName の span で包む。文節全体では
 * なく 2〜3 文字だけをまとめるので、狭い画面の大きな見出しでも行からはみ出さない。inline-block の箱にしないのは、
 * Chromium が箱の前後でアクセシビリティツリーの名前に空白を入れるため。
 */
export function keptPieces(phrase: string): PhrasePiece[] {
  return phrase
    .split(closingAndNext)
    .map((text, index) => ({text, keep: index % 2 === 1}))
    .filter((piece) => piece.text !== '');
}

/**
 * 検索の結果（plugins/search）で、文節全体を 1 行にまとめる文節: 中に閉じかっこや読点があり、12 文字まで
 * （結果の文字は小さく、12 文字なら 320 px の画面でも 1 行に収まる）。
 */
export function keepsTogether(phrase: string): boolean {
  return /[」』）】〕］〉》、。，！？](?=.)/u.test(phrase) && Array.from(phrase).length <= 12;
}
