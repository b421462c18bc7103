/**
 * 開催事例の保存の前の確かめ（entry-rules.ts が、開催事例のフォームを開いたときに読み込む）。ビルドと同じ決まり
 * （plugins/events/shared-rules.ts の checkEvent）で確かめる。ファイルどうしの決まりに使うもの（ほかの回、blog の
 * 記事）は、エディターを組んだときにコレクションの設定に埋め込んだもの（plugins/editor/collections.ts）。
 */
import {checkEvent, type EventSiteFacts} from '../../events/shared-rules';
import {eventFactsKey} from '../shared';

/** 回の中身（Decap の欄の値）から、欄の名前ごとの断る理由（最初の 1 つ）。entry-rules.ts の EntryRules。 */
export function eventFieldErrors(
  data: unknown,
  entryPath: string | undefined,
  collection: {readonly get: (key: string) => unknown},
): ReadonlyMap<string, string> {
  const embedded = collection.get(eventFactsKey) as {toJS?: () => unknown} | undefined;
  const facts = (embedded?.toJS?.() ?? {others: [], posts: []}) as EventSiteFacts;
  // 直している回（保存したファイル）は、ほかの回と比べない。
  const others = facts.others.filter((other) => other.file !== entryPath);
  const result = checkEvent(data, {...facts, others});
  const errors = new Map<string, string>();
  if (result.ok) return errors;
  for (const problem of result.problems) {
    const [field] = problem.path;
    if (typeof field === 'string' && !errors.has(field)) errors.set(field, problem.message);
  }
  return errors;
}
