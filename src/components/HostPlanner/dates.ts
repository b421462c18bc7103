/**
 * プランナーの日付計算。年・月・日の数だけで計算し、Date の時刻やタイムゾーンを通さない
 * （日本時間の 0 時が UTC の前日になる、といったずれが起きない）。
 */
import type {CalendarDay} from '../../utils/japaneseDate';
import {schedule, type Milestone, type Offset} from './schedule';

export type PlainDate = CalendarDay;

/** 受け付ける開催日の範囲。<input> の min/max にも使う。 */
export const dateRange = {
  min: {year: 2000, month: 1, day: 1},
  max: {year: 2100, month: 12, day: 31},
} as const satisfies Record<string, PlainDate>;

export const isLeapYear = (year: number): boolean =>
  (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** n か月前。その月に同じ日がなければ月末にそろえる（5月31日の3か月前は2月28日か29日）。 */
export function subtractMonths(date: PlainDate, months: number): PlainDate {
  const index = date.year * 12 + (date.month - 1) - months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return {year, month, day: Math.min(date.day, daysInMonth(year, month))};
}

/** n 日後（負なら前）。日の通し番号で数えるので、月・年の境目とうるう日も正しく越える。 */
export function addDays(date: PlainDate, days: number): PlainDate {
  const utc = new Date(0);
  utc.setUTCFullYear(date.year, date.month - 1, date.day + days);
  return {year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate()};
}

export const compareDates = (a: PlainDate, b: PlainDate): number =>
  a.year - b.year || a.month - b.month || a.day - b.day;

export function dateBefore(event: PlainDate, before: Offset): PlainDate {
  return before.unit === 'month'
    ? subtractMonths(event, before.count)
    : addDays(event, -before.count);
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** 2026-05-31 の形（<input type="date"> の値、<time datetime>）。 */
export const toIsoDate = ({year, month, day}: PlainDate): string =>
  `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

/** 端末の暦での今日。 */
export const today = (now: Date = new Date()): PlainDate => ({
  year: now.getFullYear(),
  month: now.getMonth() + 1,
  day: now.getDate(),
});

export type ParsedDate =
  {readonly ok: true; readonly date: PlainDate} | {readonly ok: false; readonly message: string};

const rangeText = '2000年1月1日から2100年12月31日まで';

export const dateMessages = {
  empty: '開催日を入力してください。',
  incomplete: '日付が最後まで入力されていません。年・月・日をすべて入れてください。',
  malformed: '日付として読み取れません。2026年5月31日なら 2026-05-31 のように入力してください。',
  outOfRange: `開催日は${rangeText}の日付で入力してください。`,
  missingDay: (y: number, m: number, d: number) => `${y}年${m}月${d}日という日付はありません。`,
} as const;

/**
 * <input type="date"> の値を読む。incomplete はブラウザーが値を空にして validity.badInput を
 * 立てたとき（日付の一部だけを入力した状態）。
 */
export function parseDateInput(value: string, incomplete = false): ParsedDate {
  const text = value.trim();
  if (text === '') {
    return {ok: false, message: incomplete ? dateMessages.incomplete : dateMessages.empty};
  }
  const match = /^(\d{4,})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return {ok: false, message: dateMessages.malformed};
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (year < dateRange.min.year || year > dateRange.max.year) {
    return {ok: false, message: dateMessages.outOfRange};
  }
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return {ok: false, message: dateMessages.missingDay(year, month, day)};
  }
  return {ok: true, date: {year, month, day}};
}

export type DatedMilestone = Milestone & {readonly date: PlainDate};

/** 開催日から、各時期の日付を割り出す。 */
export const datedSchedule = (event: PlainDate): DatedMilestone[] =>
  schedule.map((milestone) => ({...milestone, date: dateBefore(event, milestone.before)}));
