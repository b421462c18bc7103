/** 検索語の長さの上限。これより長い入力は切り詰める（500 文字の貼り付けでも固まらない）。 */
export const MAX_QUERY_LENGTH = 100;

/**
 * 検索語を本文の表記にそろえる。NFKC で全角英数字を半角に（本文はほぼ半角）、半角カナを全角にする。
 */
export function normalizeQuery(input: string): string {
  return input.normalize('NFKC').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
}

/** 抜粋の中で強調する語: 入力そのもの、正規化した語句、空白で区切った各語。 */
export function highlightTerms(input: string): string[] {
  const normalized = normalizeQuery(input);
  const raw = input.trim().slice(0, MAX_QUERY_LENGTH);
  return [...new Set([raw, normalized, ...normalized.split(' ')])].filter(Boolean);
}
