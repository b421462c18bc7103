/**
 * 保存の前に、欄ごとの確かめ（必須、形、欄の部品の isValid）に続けて、コレクションの決まりで記事の全体を確かめる
 * （欄どうし・ファイルどうしの決まり。開催事例は、ビルドと同じ plugins/events/shared-rules.ts）。Decap の Widget の
 * validate が、いちばん外の欄ごとに fieldError を呼ぶ（decap-validation-patches.ts）。決まりの JS は、そのコレクションの
 * 欄を初めて描くとき（prepare）に読み込む: 記事の新しい欄までに読む JS を増やさない（issue 61）。
 */
import {eventsCollectionName} from '../shared';

type Immutable = {readonly get: (key: string) => unknown; readonly toJS?: () => unknown};

/** 記事の中身から、欄の名前ごとの断る理由（最初の 1 つ）を返す。 */
export type EntryRules = (
  data: unknown,
  entryPath: string | undefined,
  collection: Immutable,
) => ReadonlyMap<string, string>;

/** 決まりのあるコレクションと、その決まりの読み込み。 */
const loaders: Readonly<Record<string, () => Promise<EntryRules>>> = {
  [eventsCollectionName]: () => import('./event-rules').then((module) => module.eventFieldErrors),
};

const loaded = new Map<string, EntryRules>();
const loading = new Map<string, Promise<void>>();

const nameOf = (collection: Immutable | undefined): string | undefined => {
  const name = collection?.get('name');
  return typeof name === 'string' && Object.hasOwn(loaders, name) ? name : undefined;
};

/** コレクションの決まりを読み込み始める（何度呼んでも 1 度。読み込めなければ、次に呼んだときにやり直す）。 */
export function prepare(collection: Immutable | undefined): void {
  const name = nameOf(collection);
  const load = name ? loaders[name] : undefined;
  if (!name || !load || loaded.has(name) || loading.has(name)) return;
  loading.set(
    name,
    load().then(
      (rules) => {
        loaded.set(name, rules);
        loading.delete(name);
      },
      () => {
        loading.delete(name);
      },
    ),
  );
}

/** 最後に確かめた記事（欄ごとに呼ばれるので、同じ記事は 1 度だけ確かめる）。 */
let last: {readonly entry: Immutable; readonly errors: ReadonlyMap<string, string>} | undefined;

/**
 * いちばん外の欄 field の、コレクションの決まりによる断る理由（無ければ undefined）。決まりの JS をまだ読み込んで
 * いなければ、そう知らせて保存させない（確かめずに保存しない）。
 */
export function fieldError(
  collection: Immutable | undefined,
  field: Immutable,
  entry: Immutable | undefined,
): string | undefined {
  const name = nameOf(collection);
  if (!name || !collection || !entry) return undefined;
  const rules = loaded.get(name);
  if (!rules) {
    prepare(collection);
    return '決まりを確かめる準備ができていません。つながりを確かめて、少し待ってから、もう一度「保存」を押してください。';
  }
  if (last?.entry !== entry) {
    const data = (entry.get('data') as Immutable | undefined)?.toJS?.() ?? {};
    const entryPath = entry.get('path');
    last = {
      entry,
      errors: rules(
        data,
        typeof entryPath === 'string' && entryPath !== '' ? entryPath : undefined,
        collection,
      ),
    };
  }
  return last.errors.get(String(field.get('name')));
}
