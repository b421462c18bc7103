/**
 * 公開した記事の取り下げと、公開した記事から外した写真の削除（issue 66）。どちらも main には書かない。
 * ほかの変更と同じく記事のブランチ（cms/<コレクション>/<スラッグ>）とプルリクエストにし、CI が通ってから
 * 「公開」で取り込む（main のルールセットが、main への直接の書き込みを断るため。README の「保存から公開まで」）。
 *
 * - 取り下げ: Decap の「公開エントリを削除」（backend.deleteEntry）が main で消していた代わりに、記事のファイル
 *   （記事が自分のフォルダーを持つなら、そのフォルダーのすべて。写真も）を消すコミットを main の先頭から作り、
 *   そのブランチのプルリクエストを「公開待ち」で開く（../decap-patches.ts がはさむ）。
 * - 写真の削除: 記事の本文から写真の行を外して保存すると、記事のフォルダーにあって本文のどこからも使われなく
 *   なった写真を、同じ保存のコミットで消す（保存は記事のブランチに書く）。
 *
 * 手元の decap-server（npm run editor とテスト）には、ブランチでファイルを消す口が無い。取り下げは日本語で断る
 * （手元の複製では git で消せる）。
 */

/** GitHub の木の 1 項目（sha が null なら消す）。 */
type TreeFile = {readonly path: string; readonly sha: string | null};

type PullRequest = {readonly number: number; readonly labels: readonly {name: string}[]};

/** decap-cms-backend-github の API のうち、ここで使うもの（dist/esm/API.js）。 */
type GitHubApi = {
  readonly branch: string;
  getDefaultBranch(): Promise<{readonly commit: {readonly sha: string}}>;
  listFiles(
    path: string,
    options: {readonly branch: string; readonly depth: number},
  ): Promise<readonly {readonly path: string; readonly id: string}[]>;
  updateTree(
    baseSha: string,
    files: readonly TreeFile[],
  ): Promise<{readonly sha: string; readonly parentSha: string}>;
  commit(message: string, tree: {readonly sha: string}): Promise<{readonly sha: string}>;
  generateContentKey(collection: string, slug: string): string;
  createBranchAndPullRequest(branch: string, sha: string, message: string): Promise<PullRequest>;
  setPullRequestStatus(pullRequest: PullRequest, status: string): Promise<void>;
};

/** Decap のバックエンド（GitHub なら api を持つ。手元の decap-server の proxy は持たない）。 */
type Implementation = {readonly api?: GitHubApi};

/** 記事のファイルのうち、本文の写真になるもの（plugins/editor/client/photos が作る形と、手で置いた写真）。 */
const photoFile = /\.(?:jpe?g|png|webp|avif|gif)$/i;

/** 記事が自分のフォルダーを持つ（blog/<スラッグ>/index.md）なら、そのフォルダー。 */
function ownFolder(entryPath: string): string | undefined {
  const match = /^(.+)\/index\.[a-z]+$/i.exec(entryPath.replace(/^\/+/, ''));
  return match?.[1];
}

/** Decap の編集の流れの状態（decap-cms-lib-util の Statuses.PENDING_PUBLISH）。 */
const pendingPublish = 'pending_publish';

const notOnLocalBackend =
  '手元のエディター（decap-server）では、記事を取り下げられません。公開したエディター（GitHub）で取り下げてください。';

export type Takedown = {
  readonly collection: string;
  readonly slug: string;
  /** Decap が消そうとしたファイル（記事のファイル）。 */
  readonly paths: readonly string[];
  readonly commitMessage: string;
};

/**
 * 公開した記事を取り下げるプルリクエストを作る: main の先頭から、記事のファイル（記事のフォルダーがあれば、
 * その中のすべて）を消すコミットを作り、記事のブランチにして「公開待ち」で開く。main には書き込まない。
 */
export async function takeDown(implementation: Implementation, takedown: Takedown): Promise<void> {
  const api = implementation.api;
  if (!api) throw new Error(notOnLocalBackend);
  const main = await api.getDefaultBranch();
  const folders = [...new Set(takedown.paths.map(ownFolder))];
  const inFolders = await Promise.all(
    folders.map(async (folder) =>
      folder
        ? (await api.listFiles(folder, {branch: api.branch, depth: 100})).map((f) => f.path)
        : [],
    ),
  );
  const paths = [...new Set([...takedown.paths, ...inFolders.flat()])]
    .map((path) => path.replace(/^\/+/, ''))
    .sort();
  const tree = await api.updateTree(
    main.commit.sha,
    paths.map((path) => ({path, sha: null})),
  );
  const commit = await api.commit(takedown.commitMessage, tree);
  const branch = `cms/${api.generateContentKey(takedown.collection, takedown.slug)}`;
  const pullRequest = await api.createBranchAndPullRequest(
    branch,
    commit.sha,
    takedown.commitMessage,
  );
  await api.setPullRequestStatus(pullRequest, pendingPublish);
}

/** 本文が使うファイルの名前（`![説明](./photo-1.jpg)`、`<img src="photo-1.jpg">` の photo-1.jpg）。 */
export function referencedNames(markdown: string): Set<string> {
  const names = new Set<string>();
  const targets = /\]\(\s*<?([^)\s>]+)|\bsrc\s*=\s*["']([^"']+)["']/g;
  for (const match of markdown.matchAll(targets)) {
    const target = (match[1] ?? match[2] ?? '').split(/[?#]/)[0] ?? '';
    const name = target.replace(/^\.\//, '');
    if (name && !name.includes('/')) names.add(decodeURIComponentSafe(name));
  }
  return names;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

type DataFile = {readonly path: string; readonly raw: string};

/**
 * 保存する記事（dataFiles の 1 つ目）のフォルダーにある写真のうち、本文のどこからも使われなくなったものを
 * 消す木の項目（main にある写真。記事のブランチにだけ足した写真は、Decap が同じ保存で外す）。
 * 新しい記事（main にフォルダーが無い）、フォルダーを持たないデータ（開催事例など）には何も足さない。
 */
export async function removedPhotos(
  api: GitHubApi,
  dataFiles: readonly DataFile[],
  files: readonly {readonly path: string}[],
): Promise<TreeFile[]> {
  const [dataFile] = dataFiles;
  const folder = dataFile && ownFolder(dataFile.path);
  if (!dataFile || !folder) return [];
  const used = referencedNames(dataFile.raw);
  const written = new Set(files.map((file) => file.path.replace(/^\/+/, '')));
  const published = await api.listFiles(folder, {branch: api.branch, depth: 1});
  return published
    .filter((file) => photoFile.test(file.path) && !written.has(file.path))
    .filter((file) => !used.has(file.path.slice(folder.length + 1)))
    .map((file) => ({path: file.path, sha: null}));
}

/** 記事のブランチと main の差分の 1 ファイル（decap-cms-backend-github の diffFromFile に status を足したもの）。 */
type Diff = {
  readonly path: string;
  readonly sha: string;
  readonly newFile: boolean;
  readonly status?: string;
};

/** Decap の記事の差分（backend.js の processUnpublishedEntry が読む形に、消したかどうかを足したもの）。 */
export type EntryDiff = {
  readonly path: string;
  readonly newFile: boolean;
  readonly id: string;
  readonly status?: string;
};

/**
 * 記事のブランチの差分を、Decap の記事の差分にする。消したファイルの id は main での中身（blob の SHA）にする:
 * 取り下げのプルリクエストを開いたとき、消した記事のファイルを main の中身で読んで見せる。
 */
export async function takedownDiffs(api: GitHubApi, diffs: readonly Diff[]): Promise<EntryDiff[]> {
  const removed = diffs.filter((diff) => diff.status === 'removed');
  const folders = [...new Set(removed.map((diff) => diff.path.replace(/\/[^/]*$/, '')))];
  const ids = new Map<string, string>();
  for (const folder of folders) {
    for (const file of await api.listFiles(folder, {branch: api.branch, depth: 1})) {
      ids.set(file.path, file.id);
    }
  }
  return diffs.map((diff) => ({
    path: diff.path,
    newFile: diff.newFile,
    id: (diff.status === 'removed' ? ids.get(diff.path) : undefined) ?? diff.sha,
    ...(diff.status ? {status: diff.status} : {}),
  }));
}
