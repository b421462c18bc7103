/**
 * 保存を、電車の中（トンネルでつながりが切れる回線）でも 1 度で確かに終わらせる。Decap の中から呼ぶ
 * （plugins/editor/decap-patches.ts が、保存と保存した記事の読み直しの場所にこの関数をはさむ）。
 * - 保存した写真（ブラウザーで整えたファイル）はこのページに持っておき、保存のあとの読み直しでは送り返させない。
 * - 読み直しの要求が切れたら、少し待って数回やり直す。それでもだめなら、保存したばかりの記事は、このページが
 *   持っている中身（保存した文と写真）で開く。持っていない写真は、つながったときに読む。
 * - 保存の答えが届かなかった（送ったが、保存できたか分からない）ときは、記事のブランチを見て確かめる。
 *   保存できていれば、もう一度送らない（2 つ目のブランチも、同じ中身の 2 つ目のコミットも作らない）。
 */

/** Decap のバックエンド（decap-server の proxy と GitHub）の、ここで使う関数。 */
export type MediaFile = {
  readonly id: string;
  readonly name: string;
  readonly path: string;
  readonly file?: File;
  readonly size?: number;
  readonly url: string;
  readonly displayURL: string;
};
type EntryDiff = {
  readonly path: string;
  readonly id: string;
  readonly newFile?: boolean;
  readonly binary?: boolean;
};
type UnpublishedEntryData = {
  readonly slug: string;
  readonly collection: string;
  readonly status: string;
  readonly diffs: readonly EntryDiff[];
  readonly updatedAt: string | Date;
};
export type Implementation = {
  unpublishedEntry(args: {collection: string; slug: string}): Promise<UnpublishedEntryData>;
  unpublishedEntryDataFile(
    collection: string,
    slug: string,
    path: string,
    id: string,
  ): Promise<string>;
  unpublishedEntryMediaFile(
    collection: string,
    slug: string,
    path: string,
    id: string,
  ): Promise<MediaFile>;
};
/** Decap の AssetProxy（保存する写真）。 */
type Asset = {readonly path: string; readonly fileObj?: File};
type DataFile = {readonly path: string; readonly raw: string};

export type Save = {
  readonly collection: string;
  readonly slug: string;
  readonly dataFiles: readonly DataFile[];
  readonly assets: readonly Asset[];
  readonly newEntry: boolean;
  readonly status?: string;
};

/** やり直すまでの待ち（ミリ秒）。4 回目も切れたら、あきらめる（合わせて約 3.5 秒）。 */
export const retryDelaysMs = [300, 1000, 2000] as const;

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** つながりの問題（やり直せば通るかもしれない）か。記事が無い（404）などの答えは、やり直さない。 */
export function isTransient(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return true;
  const {notUnderEditorialWorkflow, status} = error as {
    notUnderEditorialWorkflow?: unknown;
    status?: unknown;
  };
  // 記事のブランチが無い（decap-cms-lib-util の EditorialWorkflowError。name は EDITORIAL_WORKFLOW_ERROR）。
  if (notUnderEditorialWorkflow === true) return false;
  return typeof status !== 'number' || status >= 500;
}

export async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (const delay of retryDelaysMs) {
    try {
      return await run();
    } catch (error) {
      if (!isTransient(error)) throw error;
      await wait(delay);
    }
  }
  return run();
}

/**
 * 記事のフォルダーにある公開済みの写真の一覧（記事を開くたびに Decap が既定のブランチに尋ねる）。つながらなければ
 * やり直し、それでもだめなら空にする（記事は開き、写真は 1 枚ずつ求めたときに読む）。
 */
export async function listMediaOrNothing<T>(run: () => Promise<T[]>): Promise<T[]> {
  try {
    return await withRetries(run);
  } catch (error) {
    if (isTransient(error)) return [];
    throw error;
  }
}

/** このページで保存した（または読んだ）写真: リポジトリーのパス → ファイル。 */
const held = new Map<string, File>();
/** このページで最後に保存した記事（読み直せなかったときに、これで開く）。 */
let lastSave: (Save & {readonly savedAt: Date}) | null = null;
/** 答えが届かず、保存できたか分からない保存。 */
let unsure: Save | null = null;

type Listener = () => void;
const listeners = new Set<Listener>();
/** 読めなかった写真: パス → もう一度読む関数。 */
const missing = new Map<string, () => Promise<MediaFile>>();
let retryTimer: number | undefined;

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const notify = (): void => {
  for (const listener of listeners) listener();
};

/** 読めていない写真（リポジトリーのパス。blog/2026-11-27-shibuya-report/photo-1.jpg）。 */
export function missingPhotoPaths(): string[] {
  return [...missing.keys()];
}

/** このページが持っている写真（保存したものと、読めたもの）。 */
export function heldPhoto(path: string): File | undefined {
  return held.get(path);
}

function mediaFileFrom(path: string, id: string, file: File): MediaFile {
  const url = URL.createObjectURL(file);
  return {
    id,
    name: path.slice(path.lastIndexOf('/') + 1),
    path,
    file,
    size: file.size,
    url,
    displayURL: url,
  };
}

async function retryMissing(): Promise<void> {
  for (const [path, load] of [...missing]) {
    try {
      const media = await load();
      if (media.file) held.set(path, media.file);
      missing.delete(path);
      notify();
    } catch {
      // まだつながらない。次の機会にまた読む。
    }
  }
  if (missing.size === 0) {
    window.clearInterval(retryTimer);
    retryTimer = undefined;
  }
}

/** 読めなかった写真を、つながったとき（online）と、数秒おきに読み直す。 */
function keepTrying(path: string, load: () => Promise<MediaFile>): void {
  missing.set(path, load);
  notify();
  retryTimer ??= window.setInterval(() => void retryMissing(), 5000);
}

if (typeof window !== 'undefined') window.addEventListener('online', () => void retryMissing());

function holdSaved(save: Save): void {
  for (const asset of save.assets) if (asset.fileObj) held.set(asset.path, asset.fileObj);
  lastSave = {...save, savedAt: new Date()};
  unsure = null;
}

/** 記事のブランチにある記事のファイルの中身（無ければ null）。つながらなければ例外。 */
async function branchRaw(implementation: Implementation, save: Save): Promise<string | null> {
  const dataFile = save.dataFiles[0];
  if (!dataFile) return null;
  try {
    const entry = await withRetries(() =>
      implementation.unpublishedEntry({collection: save.collection, slug: save.slug}),
    );
    const diff = entry.diffs.find((candidate) => candidate.path === dataFile.path);
    if (!diff) return null;
    return await withRetries(() =>
      implementation.unpublishedEntryDataFile(save.collection, save.slug, diff.path, diff.id),
    );
  } catch (error) {
    if (isTransient(error)) throw error;
    return null;
  }
}

/**
 * 前の保存の答えが届かなかった記事を、もう一度保存するときのスラッグ。その保存がブランチに届いていれば、
 * 新しい記事としてではなく、そのブランチへの保存にする（Decap は同じ名前のブランチがあると「-1」を付けた
 * 別の記事を作る）。
 */
export async function landedSlug(
  implementation: Implementation,
  collection: string,
): Promise<string | null> {
  if (!unsure || unsure.collection !== collection) return null;
  const raw = await branchRaw(implementation, unsure);
  if (raw === null) {
    unsure = null;
    return null;
  }
  return unsure.slug;
}

/**
 * 保存（run）を 1 度だけ確かに行う。同じ中身がもうブランチにあれば送らない。答えが届かなければブランチを見て
 * 確かめ、届いていれば保存できたことにする。
 */
export async function persistOnce(
  implementation: Implementation,
  save: Save,
  run: () => Promise<unknown>,
): Promise<void> {
  const resumed = unsure?.collection === save.collection && unsure.slug === save.slug;
  if (resumed && (await branchRaw(implementation, save)) === save.dataFiles[0]?.raw) {
    holdSaved(save);
    return;
  }
  try {
    await run();
  } catch (error) {
    if (!isTransient(error)) throw error;
    unsure = save;
    let raw: string | null;
    try {
      raw = await branchRaw(implementation, save);
    } catch {
      throw error;
    }
    if (raw !== save.dataFiles[0]?.raw) throw error;
  }
  holdSaved(save);
}

/** 最後に保存した記事を、このページが持っている中身だけで、バックエンドの答えの形にする。 */
function savedEntryData(collection: string, slug: string): UnpublishedEntryData | null {
  if (!lastSave || lastSave.collection !== collection || lastSave.slug !== slug) return null;
  return {
    collection,
    slug,
    status: lastSave.status ?? 'draft',
    updatedAt: lastSave.savedAt,
    diffs: [
      ...lastSave.dataFiles.map((file) => ({
        path: file.path,
        id: file.path,
        newFile: lastSave?.newEntry ?? true,
        binary: false,
      })),
      ...lastSave.assets.map((asset) => ({
        path: asset.path,
        id: asset.path,
        newFile: true,
        binary: true,
      })),
    ],
  };
}

/** 読み直せなかったときに、保存したばかりの記事を中身から開いたことを、画面に知らせる。 */
let openedFromMemory = false;
export function takeOpenedFromMemory(): boolean {
  const opened = openedFromMemory;
  openedFromMemory = false;
  return opened;
}

/**
 * 保存した記事を読み直すときのバックエンド: 切れた要求はやり直し、持っている写真は送らせず、
 * 保存したばかりの記事はつながらなくても開く。読めない写真は null（記事からは外し、あとで読む）。
 */
export function reloadSource(implementation: Implementation) {
  return {
    async unpublishedEntry(args: {collection: string; slug: string}) {
      try {
        return await withRetries(() => implementation.unpublishedEntry(args));
      } catch (error) {
        const saved = isTransient(error) ? savedEntryData(args.collection, args.slug) : null;
        if (!saved) throw error;
        openedFromMemory = true;
        return saved;
      }
    },
    async unpublishedEntryDataFile(collection: string, slug: string, path: string, id: string) {
      try {
        return await withRetries(() =>
          implementation.unpublishedEntryDataFile(collection, slug, path, id),
        );
      } catch (error) {
        const saved =
          lastSave?.collection === collection && lastSave.slug === slug
            ? lastSave.dataFiles.find((file) => file.path === path)
            : undefined;
        if (!saved || !isTransient(error)) throw error;
        openedFromMemory = true;
        return saved.raw;
      }
    },
    async unpublishedEntryMediaFile(
      collection: string,
      slug: string,
      path: string,
      id: string,
    ): Promise<MediaFile | null> {
      const file = held.get(path);
      if (file) return mediaFileFrom(path, id, file);
      const load = (): Promise<MediaFile> =>
        implementation.unpublishedEntryMediaFile(collection, slug, path, id);
      try {
        const media = await withRetries(load);
        if (media.file) held.set(path, media.file);
        return media;
      } catch (error) {
        if (!isTransient(error)) throw error;
        keepTrying(path, load);
        return null;
      }
    },
  };
}
