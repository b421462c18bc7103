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

/** 時刻もタイムゾーンも持たない暦の 1 日（month は 1〜12）。 */
export type CalendarDay = {
  readonly year: number;
  readonly month: number;
  readonly day: number;
};

const weekdays = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** 暦の 1 日の曜日（「日」〜「土」）。グレゴリオ暦で数え、環境のタイムゾーンに左右されない。 */
export function japaneseWeekday({year, month, day}: CalendarDay): string {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return weekdays[date.getUTCDay()] as string;
}

/** 「2026年5月31日（日）」の形。 */
export function formatJapaneseDateWithWeekday(day: CalendarDay): string {
  return `${day.year}年${day.month}月${day.day}日（${japaneseWeekday(day)}）`;
}
