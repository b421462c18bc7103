/**
 * 公開予約の知らせ（issue 66 の 4）: 日付（日本時間）が今日より後の記事は、main に入っても、その日の 0:05 の
 * ビルドまで読者に出ない（plugins/blog/schedule.ts）。エディターは、その記事に「12月5日に公開されます」と出す:
 * 記事の一覧の行（Decap の EntryCard と、ワークフローのカード。組むときに schedule-patches.ts がはさむ）と、
 * 記事の画面の日付の欄の下（widgets/DateControl.tsx）。今日は日本時間（widgets/japanese-date.ts）。日付は
 * YYYY-MM-DD の文字列のまま比べ、月と日も文字列から数にするだけ（時差の計算も暦の書式も使わない）。
 */
import React, {type ReactNode} from 'react';
import type {Map as ImmutableMap} from 'immutable';
import {blogCollectionName} from '../shared';
import {todayInJapan} from './widgets/japanese-date';
import './schedule.css';

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 記事の日付（YYYY-MM-DD）が今日（日本時間）より後なら「12月5日に公開されます」（年が違えば年から）。 */
export function scheduleNote(date: unknown, today: string = todayInJapan()): string | undefined {
  if (typeof date !== 'string') return undefined;
  const match = dayPattern.exec(date);
  if (!match || date <= today) return undefined;
  const [, year, month, day] = match;
  const yearText = year === today.slice(0, 4) ? '' : `${year}年`;
  return `${yearText}${Number(month)}月${Number(day)}日に公開されます`;
}

/** 一覧の行の題のあとに添える、公開予約の知らせ（記事のコレクションで、日付が今日より後のときだけ）。 */
export function withScheduleNote(
  summary: ReactNode,
  collection: ImmutableMap<string, unknown> | undefined,
  entry: ImmutableMap<string, unknown>,
): ReactNode {
  if (collection?.get('name') !== blogCollectionName) return summary;
  const note = scheduleNote(entry.getIn(['data', 'date']));
  if (!note) return summary;
  return (
    <span className="denki-scheduled-summary">
      <span>{summary}</span>
      <span className="denki-scheduled">{note}</span>
    </span>
  );
}
