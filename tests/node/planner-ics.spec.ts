/** 開催準備プランナーの iCalendar（RFC 5545）: ical.js で読めて、行の形も規則どおり。 */
import ICAL from 'ical.js';
import {expect, test} from '@playwright/test';
import {buildIcs, escapeText, foldLine, icsFileName} from '../../src/components/HostPlanner/ics';
import {schedule} from '../../src/components/HostPlanner/schedule';
import {lineProblems, may31Plan, parseCalendar, unfoldedLines} from '../support/planner';

const event = {year: 2026, month: 5, day: 31};
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const now = new Date('2026-04-01T09:30:15.250+09:00');

test('時期ごとに終日の予定が 1 件ずつ、翌日で終わり、やることが説明に入る', () => {
  const calendar = parseCalendar(buildIcs(event, now));
  expect(calendar.version).toBe('2.0');
  expect(calendar.calscale).toBe('GREGORIAN');
  expect(calendar.prodid).toMatch(/^-\/\/.+\/\/.+\/\/JA$/);
  expect(calendar.events).toHaveLength(may31Plan.length);
  const nextDay = (iso: string): string => {
    const date = new Date(`${iso}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + 1);
    return date.toISOString().slice(0, 10);
  };
  expect(
    calendar.events.map(({allDay, start, end, summary, description, stamp}) => ({
      allDay,
      start,
      end,
      summary,
      description: description.split('\n'),
      stamp,
    })),
  ).toEqual(
    may31Plan.map((expected, index) => ({
      allDay: true,
      start: expected.iso,
      end: nextDay(expected.iso),
      summary: `電鬼の開催準備（${expected.label}）`,
      description: [
        ...(schedule[index]?.tasks ?? []).map((task) => `・${task}`),
        '',
        '開催日: 2026年5月31日（日）',
      ],
      stamp: '2026-04-01T00:30:15Z',
    })),
  );
});

test('UID は開催日と時期で決まり、作り直しても変わらず、重ならない', () => {
  const first = parseCalendar(buildIcs(event, now)).events.map((e) => e.uid);
  const later = parseCalendar(buildIcs(event, new Date('2026-05-01T00:00:00Z'))).events;
  expect(later.map((e) => e.uid)).toEqual(first);
  expect(new Set(first).size).toBe(first.length);
  const otherDay = parseCalendar(buildIcs({...event, day: 30}, now)).events.map((e) => e.uid);
  expect(otherDay.filter((uid) => first.includes(uid))).toEqual([]);
});

test('行は CRLF で終わり、75 オクテットを超えず、長い説明は折り返されている', () => {
  const text = buildIcs(event, now);
  expect(lineProblems(text)).toEqual([]);
  expect(text).toContain('\r\n ');
  expect(unfoldedLines(text)).toContain('DTSTART;VALUE=DATE:20260228');
  expect(unfoldedLines(text)).toContain('DTEND;VALUE=DATE:20260301');
  expect(unfoldedLines(text).filter((line) => line.startsWith('DTSTAMP:'))[0]).toBe(
    'DTSTAMP:20260401T003015Z',
  );
});

test('折り返しは 1〜4 バイトのどの文字の途中でも切らず、戻すと元の行になる', () => {
  for (let ascii = 0; ascii < 8; ascii += 1) {
    const line = `DESCRIPTION:${'a'.repeat(ascii)}${'鬼é😀'.repeat(40)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    for (const part of physical) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      expect(part, '割れたサロゲートペア').not.toMatch(loneSurrogate);
    }
    expect(physical.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  }
});

test('TEXT のエスケープ（\\ ; , 改行）は ical.js で読むと元の文字列に戻る', () => {
  const original = 'バックスラッシュ\\ セミコロン; カンマ, 改行\n次の行\r\nその次';
  expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  const text = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//test//JA',
    'BEGIN:VEVENT',
    'UID:escape-test',
    'DTSTAMP:20260401T000000Z',
    'DTSTART;VALUE=DATE:20260401',
    foldLine(`DESCRIPTION:${escapeText(original)}`),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
  expect(vevent?.getFirstPropertyValue('description')).toBe(original.replace(/\r\n/g, '\n'));
});

test('ファイル名は ASCII だけで、開催日が入る', () => {
  expect(icsFileName(event)).toBe('denki-schedule-2026-05-31.ics');
  expect(icsFileName({year: 2026, month: 1, day: 5})).toMatch(/^[a-z0-9.-]+$/);
});
