/**
 * 開催事例の見出しの id と報告の記事のパス（ビルド・エディターの決まり・プレビューが使う。ブラウザーでも動く）。
 * 決まり（shared-rules.ts）と shared.ts の両方が読むので、どちらにも依らない。
 */
import {routes} from '../../src/constants/site';

/** ページにもとからある見出しの id（イベントの見出しの id と重なってはいけない）。 */
export const fixedPageIds = ['participant-voices', 'plan-your-own'] as const;

/** その回の見出しの id（どれもページの中で重ならないこと）。 */
export const sectionIds = (event: {readonly number: number; readonly anchor: string}) =>
  ({
    section: event.anchor,
    content: `event-${event.number}-content`,
    partners: `event-${event.number}-partners`,
    voices: `voices-event-${event.number}`,
  }) as const;

/**
 * 報告の記事のフォルダー名（YYYY-MM-DD-名前）。エディターの記事の選択は、記事の slug（フォルダー名/index）を書く。
 */
export const reportFolder = (report: string): string => report.replace(/\/index$/, '');

/** 報告の記事（フォルダー名か、フォルダー名/index）から、記事の URL のパス。 */
export function reportPath(report: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})-([^/]+)$/.exec(reportFolder(report));
  return match ? `${routes.blog}/${match[1]}/${match[2]}/${match[3]}/${match[4]}` : undefined;
}
