/** 開催準備プランナーの日付計算（月末・うるう年・週の曜日・入力の読み取り）。 */
import {expect, test} from '@playwright/test';
import {
  addDays,
  datedSchedule,
  dateMessages,
  parseDateInput,
  subtractMonths,
  toIsoDate,
  type PlainDate,
} from '../../src/components/HostPlanner/dates';
import {formatJapaneseDateWithWeekday, japaneseWeekday} from '../../src/utils/japaneseDate';
import {may31Plan} from '../support/planner';

const day = (iso: string): PlainDate => {
  const [year, month, date] = iso.split('-').map(Number) as [number, number, number];
  return {year, month, day: date};
};

test('5月31日の3か月前は2月の月末（平年は28日、うるう年は29日）', () => {
  expect(toIsoDate(subtractMonths(day('2026-05-31'), 3))).toBe('2026-02-28');
  expect(toIsoDate(subtractMonths(day('2028-05-31'), 3))).toBe('2028-02-29');
  // 400 で割り切れる年はうるう年、100 で割り切れるだけの年は平年
  expect(toIsoDate(subtractMonths(day('2000-05-31'), 3))).toBe('2000-02-29');
  expect(toIsoDate(subtractMonths(day('2100-05-31'), 3))).toBe('2100-02-28');
});

test('月を引くと、同じ日がない月では月末にそろい、年をまたいでも数え違えない', () => {
  const cases: [string, number, string][] = [
    ['2026-03-31', 1, '2026-02-28'],
    ['2026-07-31', 1, '2026-06-30'],
    ['2026-12-31', 2, '2026-10-31'],
    ['2026-01-15', 3, '2025-10-15'],
    ['2026-02-28', 2, '2025-12-28'],
    ['2026-03-30', 1, '2026-02-28'],
  ];
  for (const [from, months, expected] of cases) {
    expect(toIsoDate(subtractMonths(day(from), months)), `${from} − ${months}か月`).toBe(expected);
  }
});

test('1週間前は7日前（月・年の境目とうるう日を越える）', () => {
  expect(toIsoDate(addDays(day('2026-01-03'), -7))).toBe('2025-12-27');
  expect(toIsoDate(addDays(day('2028-03-07'), -7))).toBe('2028-02-29');
  expect(toIsoDate(addDays(day('2026-03-07'), -7))).toBe('2026-02-28');
});

test('2000年1月1日から2100年12月31日まで1日ずつ進むと36,889日で、曜日は7日ごとに巡る', () => {
  const weekdays = ['土', '日', '月', '火', '水', '木', '金']; // 2000年1月1日は土曜日
  let current = day('2000-01-01');
  let steps = 0;
  const wrong: string[] = [];
  while (toIsoDate(current) !== '2100-12-31' && steps < 40_000) {
    if (japaneseWeekday(current) !== weekdays[steps % 7]) wrong.push(toIsoDate(current));
    current = addDays(current, 1);
    steps += 1;
  }
  expect(steps).toBe(36_889);
  expect(wrong).toEqual([]);
});

test('曜日つきの日付は Intl の曜日と一致する（2024〜2027 年の毎日）', () => {
  const weekday = new Intl.DateTimeFormat('ja', {weekday: 'short', timeZone: 'UTC'});
  const shown: string[] = [];
  const expected: string[] = [];
  for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
    const date = new Date(t);
    const plain = {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
    };
    shown.push(formatJapaneseDateWithWeekday(plain));
    expected.push(`${plain.year}年${plain.month}月${plain.day}日（${weekday.format(date)}）`);
  }
  expect(shown).toEqual(expected);
});

test('開催日2026年5月31日の予定は表の5つの時期の順に並ぶ', () => {
  expect(
    datedSchedule(day('2026-05-31')).map((m) => ({
      label: m.label,
      iso: toIsoDate(m.date),
      shown: formatJapaneseDateWithWeekday(m.date),
    })),
  ).toEqual(may31Plan);
});

test('計算は端末のタイムゾーンに左右されない', () => {
  const original = process.env.TZ;
  const results = new Set<string>();
  try {
    for (const zone of ['Asia/Tokyo', 'Pacific/Kiritimati', 'America/Adak', 'UTC']) {
      process.env.TZ = zone;
      results.add(
        datedSchedule(day('2026-05-31'))
          .map((m) => formatJapaneseDateWithWeekday(m.date))
          .join(' '),
      );
    }
  } finally {
    process.env.TZ = original;
  }
  expect([...results]).toEqual([may31Plan.map((m) => m.shown).join(' ')]);
});

test('入力の読み取り: 正しい日付と範囲の両端は受け付ける', () => {
  for (const value of ['2026-05-31', '2024-02-29', '2000-01-01', '2100-12-31', ' 2026-05-31 ']) {
    expect(parseDateInput(value), value).toEqual({ok: true, date: day(value.trim())});
  }
});

test('入力の読み取り: 空・途中まで・形の違う・存在しない・範囲外の日付は日本語で理由を返す', () => {
  const cases: [string, boolean, string][] = [
    ['', false, dateMessages.empty],
    ['', true, dateMessages.incomplete],
    ['2025/05/31', false, dateMessages.malformed],
    ['明日', false, dateMessages.malformed],
    ['2025-5-31', false, dateMessages.malformed],
    ['2025-02-30', false, '2025年2月30日という日付はありません。'],
    ['2026-02-29', false, '2026年2月29日という日付はありません。'],
    ['2025-13-01', false, '2025年13月1日という日付はありません。'],
    ['2025-04-00', false, '2025年4月0日という日付はありません。'],
    ['1999-12-31', false, dateMessages.outOfRange],
    ['2101-01-01', false, dateMessages.outOfRange],
    ['275760-09-13', false, dateMessages.outOfRange],
  ];
  for (const [value, incomplete, message] of cases) {
    expect(parseDateInput(value, incomplete), JSON.stringify(value)).toEqual({ok: false, message});
  }
  expect(dateMessages.outOfRange).toContain('2000年1月1日から2100年12月31日まで');
});
