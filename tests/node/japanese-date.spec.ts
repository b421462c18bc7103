import {expect, test} from '@playwright/test';
import {formatJapaneseDate} from '../../src/utils/japaneseDate';

/** テーマが使っていた書式（Intl、UTC）。置き換えた関数はこれと同じ文字列を返さなければならない。 */
const intl = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('ja', {...options, timeZone: 'UTC'});

/** 2024〜2027 年の毎日（うるう日と月末を含む）。 */
function everyDay(): string[] {
  const days: string[] = [];
  for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
    days.push(new Date(t).toISOString());
  }
  return days;
}

test('記事の日付は Intl の「年月日」と同じ文字列になる（4 年分の毎日）', () => {
  const format = intl({year: 'numeric', month: 'long', day: 'numeric'});
  for (const day of everyDay()) {
    expect(formatJapaneseDate(day)).toBe(format.format(new Date(day)));
  }
});

test('アーカイブの日付は Intl の「月日」と同じ文字列になる', () => {
  const format = intl({month: 'long', day: 'numeric'});
  for (const day of everyDay()) {
    expect(formatJapaneseDate(day, 'month-day')).toBe(format.format(new Date(day)));
  }
});

test('front matter の日付（時刻なし）は UTC の暦日で読む', () => {
  expect(formatJapaneseDate('2025-03-16')).toBe('2025年3月16日');
  expect(formatJapaneseDate('2025-12-31T00:00:00.000Z', 'month-day')).toBe('12月31日');
});
