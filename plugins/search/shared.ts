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
  /** どの語も含むページがなく、一部の語の結果を見せるとき。 */
  partial: (missing: readonly string[], matched: readonly string[]): string =>
    `${quoteWords(missing)}を含むページは見つかりませんでした。${quoteWords(matched)}の結果です。`,
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

/**
 * かなの表記をそろえた形（索引の側の読みの辞書と、検索語の両方がこの形で引く）。カタカナをひらがなに、
 * 小さい字（ぁ、っ、ゃ…）を大きい字に、長音（ー）を除く。濁点と半濁点は残す（「バス」と「ハス」は別の語）。
 * 「ちーむ」も「チーム」も「ちむ」、「あくていべーと」も「アクティベート」も「あくていべと」になる。
 */
export function foldKana(text: string): string {
  return toHiragana(text.normalize('NFKC'))
    .replace(/[ぁぃぅぇぉっゃゅょゎ]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 1))
    .replace(/ー/g, '');
}

/** カタカナをひらがなに（ヴ、ヵ、ヶ と長音はそのまま）。 */
export function toHiragana(text: string): string {
  return text.replace(/[ァ-ヴ]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

/** ひらがなをカタカナに。 */
export function toKatakana(text: string): string {
  return text.replace(/[ぁ-ゔ]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
}

/** ひらがなを含むか（読みの辞書を読み込むのは、このときだけ）。 */
export const hasHiragana = (text: string): boolean => /[ぁ-ゖ]/.test(text);

/**
 * 読みの辞書（ビルドのときに plugins/search/readings.ts が作り、ひらがなを含む検索のときだけ
 * ブラウザーが読む）。かなをそろえた読み（foldKana）→ サイトの本文にある表記（多い順）。
 */
export type ReadingDictionary = Readonly<Record<string, readonly string[]>>;

/** 読みの辞書のファイル（索引と同じフォルダー。Service Worker の保存にも入る）。 */
export const READINGS_FILE = 'pagefind/denki-readings.json';

/**
 * サイトの言葉の言い換え。site はサイトの本文にある語（plugins/search/tests/synonyms.spec.ts が、
 * 今も本文にあることを確かめる）、asked は読者が代わりに打ちそうな語。どちらかで探すと、site の語の
 * ページも探す。動詞は語幹（送りがなの 1 字目まで。「捕まった」「捕まる」は「捕ま」）でも引く。
 */
export const synonyms: readonly {
  readonly site: readonly string[];
  readonly asked: readonly string[];
}[] = [
  {site: ['参加費', '費用', '交通費'], asked: ['値段', '料金', 'お金', '価格', '代金']},
  {site: ['作成', '作り方'], asked: ['作る', '作り', 'つくる', '新規作成']},
  {site: ['購入'], asked: ['買う', '買い', '購買', 'チャージ']},
  {site: ['支払い'], asked: ['払う', '決済']},
  {site: ['つかまえ', 'つかまっ'], asked: ['つかまる', '捕まる', '捕まえる', '捕獲', '確保']},
  {site: ['スマートフォン'], asked: ['スマホ', '携帯', 'ケータイ']},
  {site: ['ログイン'], asked: ['サインイン']},
  {site: ['アカウント'], asked: ['ユーザー登録']},
  {site: ['集合'], asked: ['集まる', '待ち合わせ']},
  {site: ['削除'], asked: ['消す', '消去']},
  {site: ['賞品'], asked: ['景品', 'ごほうび']},
];
