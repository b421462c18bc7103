/**
 * お知らせバーのデータ（src/data/announcement.json。事務局がエディターで書き換える）を、fs で読んで zod の形で
 * 確かめる（issue 65: データはデータとして読む）。import で読まないので、JSON を消して .json.ts を置いても、
 * どのモジュールを読むかは変わらない（そのようなファイルは、先に lib/content-files.mts がビルドを止める）。
 * ビルド（docusaurus.config.ts がお知らせバーの設定にする）とテストが使う。読者のブラウザーには設定で渡す。
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import {announcementLinkMessage, announcementLinkPattern} from '../src/constants/announcement-link';
import {announcementId, type AnnouncementContent} from '../src/constants/site';

/** お知らせのファイル（サイトのフォルダーからのパス）。 */
export const announcementFile = 'src/data/announcement.json';

/** 欄の日本語の名前（エディターの欄の名前と同じ。plugins/editor/collections.ts）。 */
const fieldLabels: Record<keyof AnnouncementContent, string> = {
  text: 'お知らせの文',
  linkLabel: 'リンクの文字',
  link: 'リンク先',
};

/** 書いたままの文字（id は書いたままの中身から作るので、前後の空白も変えない）。 */
const string = () =>
  z.string({
    error: (issue) => (issue.input === undefined ? '必須の欄です' : '文字で書いてください'),
  });
const text = string().refine((value) => value.trim() !== '', {error: '空にできません'});

export const announcementSchema = z.strictObject(
  {
    text,
    linkLabel: text,
    link: string().regex(new RegExp(announcementLinkPattern), {
      error: (issue) => `${JSON.stringify(issue.input)} は使えません。${announcementLinkMessage}`,
    }),
  },
  {error: (issue) => (issue.code === 'unrecognized_keys' ? '知らない欄があります' : undefined)},
);

export type Announcement = AnnouncementContent & {readonly id: string};

export class AnnouncementError extends Error {
  constructor(problems: readonly string[]) {
    super(
      `お知らせバーのデータ ${announcementFile} が正しくありません。\n${problems.map((p) => `- ${p}`).join('\n')}`,
    );
    this.name = 'AnnouncementError';
  }
}

function fieldName(at: readonly PropertyKey[]): string {
  const [field] = at;
  const label =
    typeof field === 'string' && field in fieldLabels
      ? fieldLabels[field as keyof AnnouncementContent]
      : undefined;
  return label ? `「${label}」（${String(field)}）` : at.map(String).join('.') || '全体';
}

/** siteDir のお知らせを読んで確かめ、id（中身から作る）を付けて返す。違っていれば、ファイルと欄を挙げて投げる。 */
export function loadAnnouncement(siteDir: string): Announcement {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path.join(siteDir, announcementFile), 'utf8'));
  } catch (error) {
    throw new AnnouncementError([`JSON として読めません（${(error as Error).message}）`]);
  }
  const result = announcementSchema.safeParse(json);
  if (!result.success) {
    throw new AnnouncementError(
      result.error.issues.map((issue) => `${fieldName(issue.path)}: ${issue.message}`),
    );
  }
  return {...result.data, id: announcementId(result.data)};
}
