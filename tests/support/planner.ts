/** プランナーのテストで共有する: .ics を保守されているパーサー（ical.js）で読み、行の形を調べる。 */
import ICAL from 'ical.js';

export type ParsedEvent = {
  readonly uid: string;
  readonly summary: string;
  readonly description: string;
  /** DTSTART（2026-02-28 の形）と、それが終日（VALUE=DATE）か。 */
  readonly start: string;
  readonly end: string;
  readonly allDay: boolean;
  readonly stamp: string;
};

export type ParsedCalendar = {
  readonly version: string;
  readonly prodid: string;
  readonly calscale: string;
  readonly events: readonly ParsedEvent[];
};

export function parseCalendar(text: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      allDay: event.startDate.isDate && event.endDate.isDate,
      stamp: String(vevent.getFirstPropertyValue('dtstamp')),
    };
  });
  return {
    version: String(calendar.getFirstPropertyValue('version')),
    prodid: String(calendar.getFirstPropertyValue('prodid')),
    calscale: String(calendar.getFirstPropertyValue('calscale')),
    events,
  };
}

/** RFC 5545 の行の形: すべて CRLF で終わり、どの行も 75 オクテット以内で、UTF-8 として正しい。 */
export function lineProblems(text: string): string[] {
  const problems: string[] = [];
  if (!text.endsWith('\r\n')) problems.push('最後の行が CRLF で終わっていない');
  if (/\r(?!\n)|(?<!\r)\n/.test(text)) problems.push('CRLF 以外の改行がある');
  for (const line of text.split('\r\n').slice(0, -1)) {
    const octets = Buffer.byteLength(line, 'utf8');
    if (octets > 75) problems.push(`${octets} オクテットの行: ${line}`);
    if (line.includes('\uFFFD')) problems.push(`UTF-8 が途中で切れた行: ${line}`);
  }
  return problems;
}

/** 折り返しを戻した論理行（続きの行は空白 1 つで始まる）。 */
export const unfoldedLines = (text: string): string[] =>
  text.replace(/\r\n /g, '').split('\r\n').slice(0, -1);

/** 2026年5月31日（日）を開催日にしたときの各時期（表の順）。 */
export const may31Plan = [
  {label: '3か月前', iso: '2026-02-28', shown: '2026年2月28日（土）'},
  {label: '2か月前', iso: '2026-03-31', shown: '2026年3月31日（火）'},
  {label: '1か月前', iso: '2026-04-30', shown: '2026年4月30日（木）'},
  {label: '1週間前', iso: '2026-05-24', shown: '2026年5月24日（日）'},
  {label: '当日', iso: '2026-05-31', shown: '2026年5月31日（日）'},
] as const;
