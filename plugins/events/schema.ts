/**
 * 開催事例のデータ（src/data/events/*.json、1 回の開催に 1 ファイル）の形。ビルドが zod で確かめ、エディターの
 * 欄（plugins/editor/collections.ts）も同じ決まり（パターン）で保存の前に断る。ブラウザーでも読む（型と定数だけ）。
 */
import * as z from 'zod';
import {eventFieldLabels} from './shared-fields';

export {eventFieldLabels};

/** 見出しの id（URL の # のあと）。半角の英小文字・数字をハイフンでつなぐ。 */
export const anchorPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** 開催の年月（例: 2024-10）。 */
export const monthPattern = /^\d{4}-(?:0[1-9]|1[0-2])$/;
/** 開催の日（例: 2026-12-20）。 */
export const datePattern = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

/** 暦にある日か（2026-02-30 などを断る）。 */
function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** 型の違う値と、書いていない必須の欄の文。 */
const typeError =
  (expected: string) =>
  (issue: {readonly input?: unknown}): string =>
    issue.input === undefined ? '必須の欄です' : `${expected}で書いてください`;

const text = z
  .string({error: typeError('文字')})
  .trim()
  .min(1, {error: '空にできません'});
const texts = z.array(text, {error: typeError('項目の並び')});
/** 任意の欄は、エディターで消したあとの空の文字列も「書いていない」とみなす。 */
const optional = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const date = z
  .string({error: typeError('文字')})
  .regex(datePattern, {error: '2026-12-20 の形で書いてください'})
  .refine(isCalendarDate, {error: '暦にない日です'});

export const eventSchema = z
  .strictObject(
    {
      number: z.int({error: typeError('整数')}).min(1, {error: '1 以上にしてください'}),
      anchor: z
        .string({error: typeError('文字')})
        .regex(anchorPattern, {error: '半角の英小文字・数字・ハイフンで書いてください'}),
      name: text,
      month: optional(
        z
          .string({error: typeError('文字')})
          .regex(monthPattern, {error: '2024-10 の形で書いてください'}),
      ),
      start: optional(date),
      end: optional(date),
      region: text,
      area: optional(text),
      lines: texts.optional(),
      base: optional(text),
      content: texts.min(1, {error: '1 段落以上書いてください'}),
      partners: z
        .array(z.strictObject({name: text, role: text}), {error: typeError('項目の並び')})
        .optional(),
      voices: texts.optional(),
      report: optional(text),
    },
    {error: (issue) => (issue.code === 'unrecognized_keys' ? '知らない欄があります' : undefined)},
  )
  .refine((event) => event.end === undefined || event.start !== undefined, {
    error: '最終日を書くときは、初日も書いてください',
    path: ['end'],
  })
  .refine((event) => !event.start || !event.end || event.start <= event.end, {
    error: '最終日が初日より前です',
    path: ['end'],
  })
  .refine((event) => !event.start || !event.month || event.start.startsWith(event.month), {
    error: '初日が開催の年月と合いません',
    path: ['start'],
  });

/** 1 回の開催（ファイルの中身）。 */
export type EventData = z.infer<typeof eventSchema>;

/** 欄の場所（partners.0.name など）を、日本語の欄の名前つきにする。 */
export function fieldName(path: readonly PropertyKey[]): string {
  const [field] = path;
  const label =
    typeof field === 'string' && field in eventFieldLabels
      ? eventFieldLabels[field as keyof typeof eventFieldLabels]
      : String(field ?? '');
  return `「${label}」（${path.map(String).join('.')}）`;
}
