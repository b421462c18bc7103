/**
 * かなの表記と読みの辞書の形。ビルド（readings.ts）と検索の画面（theme/SearchDialog）の両方が使う。
 * 入口の JS に入る shared.ts には置かない（検索の画面を開くまで読まない）。
 */
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
