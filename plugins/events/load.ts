/**
 * 開催事例のデータを読み、zod の形（schema.ts）とファイルどうしの決まりで確かめる（Node.js で動く）。
 * 違っていればファイル名と欄の名前を日本語で挙げてビルドを止める。
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {datePattern, eventSchema, fieldName, type EventData} from './schema';
import {
  eventsDir,
  fixedPageIds,
  isUpcoming,
  reportFolder,
  reportPath,
  sectionIds,
  todayVariable,
  type EventView,
} from './shared';

export class EventDataError extends Error {
  constructor(file: string, problems: readonly string[]) {
    super(
      `開催事例のデータ ${file} が正しくありません。\n${problems.map((p) => `- ${p}`).join('\n')}`,
    );
    this.name = 'EventDataError';
  }
}

/** ビルドの「今日」（日本時間の YYYY-MM-DD）。環境変数 DENKI_TODAY があればその日。 */
export function buildToday(now = new Date()): string {
  const injected = process.env[todayVariable];
  if (injected !== undefined) {
    if (!datePattern.test(injected)) {
      throw new Error(`${todayVariable}（${injected}）は 2026-12-20 の形で書いてください。`);
    }
    return injected;
  }
  return new Intl.DateTimeFormat('en-CA', {timeZone: 'Asia/Tokyo'}).format(now);
}

/** 開催事例のデータのファイル（サイトのフォルダーからのパス）。 */
export function eventFiles(siteDir: string): string[] {
  const dir = path.join(siteDir, eventsDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => `${eventsDir}/${name}`);
}

function parseFile(siteDir: string, file: string): EventData {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path.join(siteDir, file), 'utf8'));
  } catch (error) {
    throw new EventDataError(file, [`JSON として読めません（${(error as Error).message}）`]);
  }
  const result = eventSchema.safeParse(json);
  if (!result.success) {
    throw new EventDataError(
      file,
      result.error.issues.map((issue) => `${fieldName(issue.path)}: ${issue.message}`),
    );
  }
  return result.data;
}

/** 報告の記事（blog/<フォルダー名>/index.md か index.mdx）があるか。 */
const reportExists = (siteDir: string, report: string): boolean =>
  ['index.md', 'index.mdx'].some((name) =>
    existsSync(path.join(siteDir, 'blog', reportFolder(report), name)),
  );

/** ファイルどうしの決まり: 見出しの id と回が重ならない、報告の記事がある。重なれば、回の後のほうを挙げる。 */
function checkAcross(siteDir: string, entries: readonly (readonly [string, EventData])[]): void {
  const byNumber = [...entries].sort(([, a], [, b]) => a.number - b.number);
  const idOwners = new Map<string, string>(
    fixedPageIds.map((id) => [id, 'docs/event-examples.mdx']),
  );
  const numberOwners = new Map<number, string>();
  const reportOwners = new Map<string, string>();
  for (const [file, event] of byNumber) {
    const problems: string[] = [];
    for (const id of Object.values(sectionIds(event))) {
      const owner = idOwners.get(id);
      if (owner)
        problems.push(`${fieldName(['anchor'])}: 見出しの id「${id}」が ${owner} と重なります`);
      else idOwners.set(id, file);
    }
    const sameNumber = numberOwners.get(event.number);
    if (sameNumber)
      problems.push(`${fieldName(['number'])}: 第${event.number}回は ${sameNumber} にもあります`);
    else numberOwners.set(event.number, file);
    if (event.report !== undefined) {
      if (!reportPath(event.report) || !reportExists(siteDir, event.report)) {
        problems.push(`${fieldName(['report'])}: 記事「${event.report}」が blog にありません`);
      }
      const sameReport = reportOwners.get(reportFolder(event.report));
      if (sameReport)
        problems.push(
          `${fieldName(['report'])}: 記事「${event.report}」は ${sameReport} の報告です`,
        );
      else reportOwners.set(reportFolder(event.report), file);
    }
    if (problems.length > 0) throw new EventDataError(file, problems);
  }
}

/** すべての回を読んで確かめ、ページに描く形にする（並びはファイル名の順。ページの並びは pageOrder）。 */
export function loadEvents(siteDir: string, today = buildToday()): EventView[] {
  const entries = eventFiles(siteDir).map((file) => [file, parseFile(siteDir, file)] as const);
  checkAcross(siteDir, entries);
  return entries.map(([, event]) => ({
    ...event,
    // 報告の記事が公開予約（日付が今日より後。plugins/blog/schedule.ts）なら、その日まではリンクを出さない。
    ...(event.report && reportFolder(event.report).slice(0, 10) <= today
      ? {reportPath: reportPath(event.report)}
      : {}),
    upcoming: isUpcoming(event, today),
  }));
}
