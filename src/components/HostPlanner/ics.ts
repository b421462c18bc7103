/** 開催準備の予定を iCalendar（RFC 5545）にする。時期ごとに終日の予定を 1 件ずつ。 */
import {DEFAULT_SITE_URL} from '../../constants/site';
import {formatJapaneseDateWithWeekday} from '../../utils/japaneseDate';
import {addDays, datedSchedule, toIsoDate, type PlainDate} from './dates';

const crlf = '\r\n';
/** 1 行の上限（改行を除くオクテット数）。 */
export const maxLineOctets = 75;

/** TEXT 値のエスケープ（RFC 5545 3.3.11）: \ ; , と改行。 */
export const escapeText = (text: string): string =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

const octets = (text: string): number => new TextEncoder().encode(text).length;

/**
 * 75 オクテットを超える行を折り返す（RFC 5545 3.1）。続きの行は空白 1 つで始まり、その空白も
 * 75 に数える。文字（コードポイント）の途中では切らないので、UTF-8 の並びが割れない。
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const charSize = octets(char);
    if (size + charSize > maxLineOctets) {
      lines.push(current);
      current = ' ';
      size = 1;
    }
    current += char;
    size += charSize;
  }
  lines.push(current);
  return lines.join(crlf);
}

const icsDate = (date: PlainDate): string => toIsoDate(date).replace(/-/g, '');

/** DTSTAMP 用の UTC の日時（20261123T160500Z）。 */
export const icsTimestamp = (now: Date): string =>
  now
    .toISOString()
    .replace(/\.\d{3}/, '')
    .replace(/[-:]/g, '');

const uidHost = new URL(DEFAULT_SITE_URL).host;

/** 予定の書き出しに使う文字列。 */
export const icsText = {
  summary: (label: string) => `電鬼の開催準備（${label}）`,
  eventDay: (event: PlainDate) => `開催日: ${formatJapaneseDateWithWeekday(event)}`,
} as const;

/** 開催日 event の予定表。now は DTSTAMP（作った時刻）にだけ使う。 */
export function buildIcs(event: PlainDate, now: Date): string {
  const stamp = icsTimestamp(now);
  const events = datedSchedule(event).flatMap((milestone) => [
    'BEGIN:VEVENT',
    `UID:host-planner-${icsDate(event)}-${milestone.id}@${uidHost}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${icsDate(milestone.date)}`,
    `DTEND;VALUE=DATE:${icsDate(addDays(milestone.date, 1))}`,
    `SUMMARY:${escapeText(icsText.summary(milestone.label))}`,
    `DESCRIPTION:${escapeText(
      [...milestone.tasks.map((task) => `・${task}`), '', icsText.eventDay(event)].join('\n'),
    )}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ]);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${uidHost}//Denki Host Planner//JA`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...events,
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(crlf) + crlf;
}

/** 保存するファイルの名前（ASCII だけ）。 */
export const icsFileName = (event: PlainDate): string => `denki-schedule-${toIsoDate(event)}.ics`;
