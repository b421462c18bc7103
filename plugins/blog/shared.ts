/** アーカイブ（/blog/archive）が受け取るもの: 年ごとの、記事の題と日付と URL だけ（plugins/blog/archive.ts が作る）。 */
export type ArchivePost = {
  readonly title: string;
  /** 公開日（YYYY-MM-DD、UTC）。 */
  readonly date: string;
  readonly permalink: string;
  /**
   * 題の文節の区切りの位置（題の先頭からの UTF-16 の番号）。ビルド時に BudouX で分け（plugins/phrases）、
   * アーカイブが文節の間でだけ折り返す。文節の配列より小さい（記事の数だけ増えるデータなので）。
   */
  readonly breaks: readonly number[];
};

/** 年（新しい年が先）と、その年の記事（新しい記事が先）。 */
export type ArchiveYear = {readonly year: string; readonly posts: readonly ArchivePost[]};

/** アーカイブのページの props。 */
export type ArchiveProps = {readonly years: readonly ArchiveYear[]};
