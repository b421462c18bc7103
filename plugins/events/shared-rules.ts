/**
 * 開催事例のデータ（src/data/events/*.json、1 回の開催に 1 ファイル）の決まりのすべて: 欄の形（zod）、欄どうしの
 * 決まり（最終日は初日のあと、など）、ファイルどうしの決まり（見出しの id と回が重ならない、報告の記事がある、など）。
 * ビルド（load.ts）とエディター（plugins/editor/client/event-rules.ts、保存の前）が、同じこの関数で確かめる。
 * ブラウザーでも動く（zod とサイトの定数だけを使う。エディターでは開催事例のフォームを開いたときに読み込む）。
 */
import * as z from 'zod';
import {fixedPageIds, reportFolder, reportPath, sectionIds} from './shared-ids';
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

/** 1 つの欄の形（欄どうしの決まりの前に確かめる）。 */
const fieldsSchema = z.strictObject(
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
);

/** 1 回の開催（ファイルの中身）。 */
export type EventData = z.infer<typeof fieldsSchema>;

type EventField = keyof typeof eventFieldLabels;

/** 欄どうしの決まり（1 つのファイルの中）。broken が true なら、field の欄に message を出して断る。 */
type CrossFieldRule = {
  readonly id: string;
  readonly field: EventField;
  readonly message: string;
  readonly broken: (event: EventData) => boolean;
};

export const crossFieldRules = [
  {
    id: 'end-needs-start',
    field: 'end',
    message: '最終日を書くときは、初日も書いてください',
    broken: (event) => event.end !== undefined && event.start === undefined,
  },
  {
    id: 'end-after-start',
    field: 'end',
    message: '最終日が初日より前です',
    broken: (event) => Boolean(event.start && event.end && event.start > event.end),
  },
  {
    id: 'start-in-month',
    field: 'start',
    message: '初日が開催の年月と合いません',
    broken: (event) => Boolean(event.start && event.month && !event.start.startsWith(event.month)),
  },
] as const satisfies readonly CrossFieldRule[];

/** 1 つのファイルの決まり（欄の形と、欄どうしの決まり）。 */
export const eventSchema = fieldsSchema.superRefine((event, context) => {
  for (const rule of crossFieldRules) {
    if (rule.broken(event))
      context.addIssue({code: 'custom', message: rule.message, path: [rule.field]});
  }
});

/** ほかの回のうち、ファイルどうしの決まりに使うところ。 */
export type OtherEvent = Pick<EventData, 'number' | 'anchor' | 'report'> & {
  /** サイトのフォルダーからのパス（src/data/events/….json）。 */
  readonly file: string;
};

/**
 * ファイルどうしの決まりに使う、サイトのほかのファイル。ビルドはファイルを読み（load.ts）、エディターは組んだときの
 * ものを埋め込む（plugins/editor/collections.ts）。
 */
export type EventSiteFacts = {
  /** 比べるほかの回（ビルドは回の順でこの回より前のもの、エディターは直している回のほかのすべて）。 */
  readonly others: readonly OtherEvent[];
  /** blog にある記事のフォルダー名（blog/<フォルダー名>/index.md か index.mdx があるもの）。 */
  readonly posts: readonly string[];
};

/** 開催事例のページ（docs/event-examples.mdx）。ページにもとからある見出しの id の持ち主。 */
export const eventsPageFile = 'docs/event-examples.mdx';

/** ファイルどうしの決まり。problems が、field の欄に出す文（無ければ空）。 */
type CrossFileRule = {
  readonly id: string;
  readonly field: EventField;
  readonly problems: (event: EventData, facts: EventSiteFacts) => string[];
};

export const crossFileRules = [
  {
    id: 'section-id-taken',
    field: 'anchor',
    problems: (event, {others}) => {
      const owners = new Map<string, string>(fixedPageIds.map((id) => [id, eventsPageFile]));
      for (const other of others) {
        for (const id of Object.values(sectionIds(other))) owners.set(id, other.file);
      }
      return Object.values(sectionIds(event)).flatMap((id) => {
        const owner = owners.get(id);
        owners.set(id, 'この回のほかの見出し');
        return owner ? [`見出しの id「${id}」が ${owner} と重なります`] : [];
      });
    },
  },
  {
    id: 'number-taken',
    field: 'number',
    problems: (event, {others}) => {
      const same = others.find((other) => other.number === event.number);
      return same ? [`第${event.number}回は ${same.file} にもあります`] : [];
    },
  },
  {
    id: 'report-missing',
    field: 'report',
    problems: (event, {posts}) =>
      event.report !== undefined &&
      (!reportPath(event.report) || !posts.includes(reportFolder(event.report)))
        ? [`記事「${event.report}」が blog にありません`]
        : [],
  },
  {
    id: 'report-taken',
    field: 'report',
    problems: (event, {others}) => {
      const {report} = event;
      if (report === undefined) return [];
      const same = others.find(
        (other) =>
          other.report !== undefined && reportFolder(other.report) === reportFolder(report),
      );
      return same ? [`記事「${report}」は ${same.file} の報告です`] : [];
    },
  },
] as const satisfies readonly CrossFileRule[];

/** 欄どうし・ファイルどうしの決まりのすべて（id と、断るときに文を出す欄）。テストはここから確かめる例を作る。 */
export const eventRules: readonly {readonly id: string; readonly field: EventField}[] = [
  ...crossFieldRules,
  ...crossFileRules,
].map(({id, field}) => ({id, field}));

/** 1 つの問題: 欄の場所（partners.0.name など。先頭が欄の名前）と、日本語の文。 */
export type EventProblem = {readonly path: readonly PropertyKey[]; readonly message: string};

export type EventCheck =
  | {readonly ok: true; readonly event: EventData}
  | {readonly ok: false; readonly problems: readonly EventProblem[]};

/** 1 回の開催（JSON を読んだ値）を、すべての決まりで確かめる。形が違えば、ファイルどうしの決まりは確かめない。 */
export function checkEvent(value: unknown, facts: EventSiteFacts): EventCheck {
  const parsed = eventSchema.safeParse(value);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map(({path, message}) => ({path, message})),
    };
  }
  const event = parsed.data;
  const problems = crossFileRules.flatMap((rule) =>
    rule.problems(event, facts).map((message) => ({path: [rule.field], message})),
  );
  return problems.length > 0 ? {ok: false, problems} : {ok: true, event};
}

/** 欄の場所（partners.0.name など）を、日本語の欄の名前つきにする。 */
export function fieldName(path: readonly PropertyKey[]): string {
  const [field] = path;
  const label =
    typeof field === 'string' && field in eventFieldLabels
      ? eventFieldLabels[field as EventField]
      : String(field ?? '');
  return `「${label}」（${path.map(String).join('.')}）`;
}
