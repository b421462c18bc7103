/** 記事の日付: front matter には 2026-11-27、画面には 2026年11月27日（日本時間）。 */

export type DateParts = {readonly year: string; readonly month: string; readonly day: string};

/** 日本時間の今日（YYYY-MM-DD）。 */
export function todayInJapan(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export function partsOf(value: string | undefined): DateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return {year: '', month: '', day: ''};
  return {year: match[1] ?? '', month: String(Number(match[2])), day: String(Number(match[3]))};
}

/** 全角の数字も半角にして、数字以外を除く。 */
export const digitsOnly = (text: string): string =>
  text.replace(/[０-９]/g, (digit) => String(digit.charCodeAt(0) - 0xff10)).replace(/\D/g, '');

/** 年・月・日から YYYY-MM-DD。ない日付（2月30日など）や欠けた欄は、理由を日本語で返す。 */
export function isoDate({year, month, day}: DateParts): {value: string} | {problem: string} {
  if (!year || !month || !day) return {problem: '日付の年・月・日をすべて入れてください。'};
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  if (year.length !== 4) return {problem: '年は 4 桁で入れてください（例: 2026）。'};
  const date = new Date(Date.UTC(y, m - 1, d));
  if (m < 1 || m > 12 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return {problem: `${y}年${m}月${d}日という日はありません。`};
  }
  const pad = (n: number): string => String(n).padStart(2, '0');
  return {value: `${y}-${pad(m)}-${pad(d)}`};
}

/** 画面に出す日付（2026年11月27日）。 */
export function japaneseDate(value: string | undefined): string {
  const {year, month, day} = partsOf(value);
  return year ? `${year}年${month}月${day}日` : '';
}
