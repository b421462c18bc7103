/**
 * ブログの日付（front matter の YYYY-MM-DD、UTC）を「2025年3月16日」の形にする。
 * Intl.DateTimeFormat('ja', {month: 'long', timeZone: 'UTC'}) と同じ文字列だが、ICU の日付データを
 * 読み込まない（初回の生成だけで 1 倍速の CPU で約 12 ms、ブログのハイドレーションを止めていた）。
 */
export type JapaneseDateParts = 'year-month-day' | 'month-day';

export function formatJapaneseDate(
  isoDate: string,
  parts: JapaneseDateParts = 'year-month-day',
): string {
  const date = new Date(isoDate);
  const monthDay = `${date.getUTCMonth() + 1}月${date.getUTCDate()}日`;
  return parts === 'month-day' ? monthDay : `${date.getUTCFullYear()}年${monthDay}`;
}
