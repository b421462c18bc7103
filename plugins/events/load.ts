/**
 * 開催事例のデータを読み、zod の形（schema.ts）とファイルどうしの決まりで確かめる（Node.js で動く）。
 * 違っていればファイル名と欄の名前を日本語で挙げてビルドを止める。
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {buildToday} from '../../lib/build-today.mts';
import {eventSchema, fieldName, type EventData} from './schema';
import {eventsDir, isUpcoming, type EventView} from './shared';
import {reportFolder, reportPath} from './shared-ids';
import {checkEvent, type EventSiteFacts, type OtherEvent} from './shared-rules';

export class EventDataError extends Error {
  constructor(file: string, problems: readonly string[]) {
    super(
      `開催事例のデータ ${file} が正しくありません。\n${problems.map((p) => `- ${p}`).join('\n')}`,
    );
    this.name = 'EventDataError';
  }
}

export {buildToday} from '../../lib/build-today.mts';

/** 開催事例のデータのファイル（サイトのフォルダーからのパス）。 */
export function eventFiles(siteDir: string): string[] {
  const dir = path.join(siteDir, eventsDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => `${eventsDir}/${name}`);
}

/** JSON として読む（読めなければ止める）。 */
function readJson(siteDir: string, file: string): unknown {
  try {
    return JSON.parse(readFileSync(path.join(siteDir, file), 'utf8'));
  } catch (error) {
    throw new EventDataError(file, [`JSON として読めません（${(error as Error).message}）`]);
  }
}

/** 報告の記事にできる記事のフォルダー名（blog/<フォルダー名>/index.md か index.mdx があるもの）。 */
export function postFolders(siteDir: string): string[] {
  const blogDir = path.join(siteDir, 'blog');
  if (!existsSync(blogDir)) return [];
  return readdirSync(blogDir, {withFileTypes: true})
    .filter(
      (entry) =>
        entry.isDirectory() &&
        ['index.md', 'index.mdx'].some((name) => existsSync(path.join(blogDir, entry.name, name))),
    )
    .map((entry) => entry.name)
    .sort();
}

/**
 * すべての回のファイルを、決まり（shared-rules.ts。エディターも同じ関数で確かめる）で確かめる。まず各ファイルの形、
 * それから回の順に、ファイルどうしの決まりを前の回と比べる（重なれば、回の後のほうを挙げる）。
 */
function checkFiles(siteDir: string, files: readonly string[]): (readonly [string, EventData])[] {
  const values = files.map((file) => [file, readJson(siteDir, file)] as const);
  const facts = {posts: postFolders(siteDir)};
  // 形を確かめる（ほかの回と比べずに）。
  const parsed = values.map(([file, value]) => {
    const result = eventSchema.safeParse(value);
    if (!result.success) {
      throw new EventDataError(
        file,
        result.error.issues.map((issue) => `${fieldName(issue.path)}: ${issue.message}`),
      );
    }
    return [file, value, result.data] as const;
  });
  const byNumber = [...parsed].sort(([, , a], [, , b]) => a.number - b.number);
  const others: OtherEvent[] = [];
  for (const [file, value, event] of byNumber) {
    const result = checkEvent(value, {...facts, others});
    if (!result.ok) {
      throw new EventDataError(
        file,
        result.problems.map((problem) => `${fieldName(problem.path)}: ${problem.message}`),
      );
    }
    others.push(otherEvent(file, event));
  }
  return parsed.map(([file, , event]) => [file, event] as const);
}

/** ファイルどうしの決まりに使う、1 回のところ。 */
export const otherEvent = (file: string, event: EventData): OtherEvent => ({
  file,
  number: event.number,
  anchor: event.anchor,
  ...(event.report === undefined ? {} : {report: event.report}),
});

/** エディターに埋め込む、ファイルどうしの決まりに使うもの（すべての回と記事のフォルダー）。 */
export function eventSiteFacts(siteDir: string): EventSiteFacts {
  return {
    others: loadEventFiles(siteDir).map(([file, event]) => otherEvent(file, event)),
    posts: postFolders(siteDir),
  };
}

/** すべての回のファイルと中身（確かめたもの）。 */
export const loadEventFiles = (siteDir: string) => checkFiles(siteDir, eventFiles(siteDir));

/** すべての回を読んで確かめ、ページに描く形にする（並びはファイル名の順。ページの並びは pageOrder）。 */
export function loadEvents(siteDir: string, today = buildToday()): EventView[] {
  return loadEventFiles(siteDir).map(([, event]) => ({
    ...event,
    // 報告の記事が公開予約（日付が今日より後。plugins/blog/schedule.ts）なら、その日まではリンクを出さない。
    ...(event.report && reportFolder(event.report).slice(0, 10) <= today
      ? {reportPath: reportPath(event.report)}
      : {}),
    upcoming: isUpcoming(event, today),
  }));
}
