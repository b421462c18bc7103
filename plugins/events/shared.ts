/** 開催事例の、ビルドとエディターのプレビューが使う定数と計算（ブラウザーでも動く）。 */
import type {EventData} from './schema';

export {fixedPageIds, reportFolder, reportPath, sectionIds} from './shared-ids';

/** 開催事例のデータのフォルダー（1 回の開催に 1 ファイル）。 */
export const eventsDir = 'src/data/events';

/** 開催事例のページ（docs/event-examples.mdx）の、開催した回と参加者の声を入れる場所の印。 */
export const eventsMarker = 'EventExamples';
/** 同じページの、次の開催を入れる場所の印（ページの上）。 */
export const nextEventsMarker = 'NextEvents';

/** トップページの次の開催の見出し（開催事例のページでは、回の見出しの前に付ける）。 */
export const nextEventsHeading = '次の開催';

/** ページに描く 1 回の開催。 */
export type EventView = EventData & {
  /** 開催の報告の記事のパス（report があるとき）。 */
  readonly reportPath?: string;
  /** 最終日が今日か今日より後（「次の開催」）。 */
  readonly upcoming: boolean;
};

/** トップページに渡す、次の開催の名前・時期・エリア・節の id（グローバルデータ）。 */
export type NextEvent = {
  readonly anchor: string;
  readonly name: string;
  readonly period?: string;
  readonly area?: string;
};
export type EventsGlobalData = {readonly next: readonly NextEvent[]};

/** 開催の最終日（日が無ければ年月の末。どちらも無ければ undefined）。YYYY-MM-DD の文字列どうしで比べる。 */
export function lastDay(event: Pick<EventData, 'month' | 'start' | 'end'>): string | undefined {
  return event.end ?? event.start ?? (event.month ? `${event.month}-31` : undefined);
}

export const isUpcoming = (event: EventData, today: string): boolean => {
  const last = lastDay(event);
  return last !== undefined && last >= today;
};

/** 日付の文字列（YYYY-MM-DD）を、年月日の数に分ける。 */
const partsOf = (value: string) => value.split('-').map(Number) as [number, number, number?];

/** 開催時期の表示（2024年10月、2026年12月20日、2026年12月20日〜21日、2026年12月31日〜2027年1月2日）。 */
export function periodText(event: Pick<EventData, 'month' | 'start' | 'end'>): string | undefined {
  if (event.start) {
    const [year, month, day] = partsOf(event.start);
    const first = `${year}年${month}月${day}日`;
    if (!event.end || event.end === event.start) return first;
    const [endYear, endMonth, endDay] = partsOf(event.end);
    if (endYear !== year) return `${first}〜${endYear}年${endMonth}月${endDay}日`;
    if (endMonth !== month) return `${first}〜${endMonth}月${endDay}日`;
    return `${first}〜${endDay}日`;
  }
  if (event.month) {
    const [year, month] = partsOf(event.month);
    return `${year}年${month}月`;
  }
  return undefined;
}

/** ページでの並び: 次の開催（近い順）を上に、そのあと開催した回（今日のページと同じく回の順）。 */
export function pageOrder(events: readonly EventView[]): EventView[] {
  const upcoming = events
    .filter((event) => event.upcoming)
    .sort((a, b) => (lastDay(a) ?? '').localeCompare(lastDay(b) ?? ''));
  const past = events.filter((event) => !event.upcoming).sort((a, b) => a.number - b.number);
  return [...upcoming, ...past];
}
