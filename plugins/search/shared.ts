const quoteWords = (words: readonly string[]): string => words.map((w) => `『${w}』`).join('');

/** 検索 UI の文言。テストもここを参照する。 */
export const searchStrings = {
  button: '検索',
  dialogTitle: 'サイト内検索',
  inputLabel: '検索キーワード',
  placeholder: 'キーワードを入力',
  close: '閉じる',
  hint: 'キーワードを入力すると、ドキュメントとブログから探します（例：増やし鬼、アクティベート）。',
  loading: '検索の準備をしています…',
  searching: '検索しています…',
  error: '検索を読み込めませんでした。通信状態を確かめて、もう一度お試しください。',
  retry: 'もう一度試す',
  keyboardHelp: '↑↓ で選択、Enter で開く、Esc で閉じる',
  resultsLabel: '検索結果',
  found: (count: number): string => `${count} 件のページが見つかりました。`,
  noResults: (query: string): string => `「${query}」に一致するページは見つかりませんでした。`,
  noResultsHint: '言葉を短くするか、別の言い方で探してみてください。',
  /** どのページにもない語（ほかの語の結果を見せるとき）。 */
  notFound: (words: readonly string[]): string =>
    `${quoteWords(words)}を含むページは見つかりませんでした。`,
  resultsFor: (words: readonly string[]): string => `${quoteWords(words)}の結果です。`,
  /** どの語もどこかのページにあるが、すべてを含むページはないとき。 */
  apart: (words: readonly string[]): string =>
    `${quoteWords(words)}をすべて含むページはありません。どれかを含むページの結果です。`,
} as const;

/**
 * 語を分けるロケール。索引（words.ts）も検索語（Pagefind がページの lang="ja" で Intl.Segmenter に
 * 渡す）も、この区切りで分ける。
 */
export const SEGMENTER_LOCALE = 'ja';

/**
 * 索引の本文で、もとの空白を表す語（WORD JOINER、幅のない字）。索引の本文は語ごとに空白で
 * 区切るので、表示するときはその空白を詰め、この字を空白に戻す。
 */
export const SPACE_MARK = '\u2060';

/** 索引のフィルター名。ページの種類（ドキュメント、ブログ記事、それ以外のページ）を持つ。 */
export const SECTION_FILTER = 'section';

export type PageSection = 'docs' | 'blog' | 'page';
