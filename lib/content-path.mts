/**
 * CI の短い道（issue 67）の判定とルートの選び方。コマンドは scripts/content-path.mts。
 * 変更が事務局の内容だけか（lib/content-allowlist.mts の classifyChange。CODEOWNERS と
 * 内容の承認と同じ 1 つのモジュール）を決め、内容だけなら、変わったページとそれを載せるページのルートを出す。
 * npm のパッケージを使わず、Node.js 24（.mts の型を外して動かす）と git だけで動く（npm ci の前のジョブで動かす）。
 * git が比べられないとき（base が無い、履歴が浅い）は、内容だけとはせず全部の道にする。
 */
import {execFileSync} from 'node:child_process';
import {lstatSync} from 'node:fs';
import {buildToday} from './build-today.mts';
import {
  classifyChange,
  contentGitMode,
  contentKind,
  type ChangedFile,
  type ChangeVerdict,
} from './content-allowlist.mts';

/** 監査が開く、どのルートにも当たらないパス（tests/support/sitemap.ts の missingPath と同じ。テストが確かめる）。 */
export const notFoundRoute = '/__no-such-page__';

/**
 * 短い道が走らせるスペック: 変わったページの監査（PAGE_AUDIT_ROUTES のルートだけ）と、事務局の流れ（組んだエディターで
 * 公開待ちの記事のプレビューを開き、公開する。GitHub の代わりが答える。約 10〜30 秒）。
 * CI の e2e (1) と npm run test:content が同じものを走らせる（tests/node/pipeline.spec.ts が確かめる）。
 */
export const shortPathSpecs = [
  'tests/e2e/page-audit.spec.ts',
  'plugins/editor/tests/github-workflow.spec.ts',
] as const;

/** 取り出しの今の中身と比べるときの、比べる先のブランチ。 */
export const mainBranch = 'main';

function git(cwd: string, args: readonly string[]): string {
  return execFileSync('git', args, {cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
}

/** git diff --name-status -z の出力を、変わったファイルにする（モードはまだ付けない）。 */
export function parseNameStatus(output: string): ChangedFile[] {
  const fields = output.split('\0').filter((field) => field !== '');
  const files: ChangedFile[] = [];
  for (let at = 0; at < fields.length;) {
    const status = fields[at++];
    if (/^[RC]/.test(status)) {
      const previousPath = fields[at++];
      const file = fields[at++];
      // 写し（C）の前のパスは残っているので、変わったのは新しいパスだけ。
      files.push(status.startsWith('R') ? {path: file, previousPath} : {path: file});
    } else {
      files.push({path: fields[at++], removed: status === 'D'});
    }
  }
  return files;
}

/** コミット head での、ファイルの git のモード（git ls-tree）。 */
function modesAt(cwd: string, head: string, paths: readonly string[]): Map<string, string> {
  const modes = new Map<string, string>();
  if (paths.length === 0) return modes;
  for (const entry of git(cwd, ['ls-tree', '-z', head, '--', ...paths]).split('\0')) {
    const match = /^(\d+) \w+ [0-9a-f]+\t(.+)$/s.exec(entry);
    if (match) modes.set(match[2], match[1]);
  }
  return modes;
}

/** 取り出しの中のファイルの、git と同じ書き方のモード。 */
function worktreeMode(cwd: string, file: string): string {
  const stats = lstatSync(`${cwd}/${file}`);
  if (stats.isSymbolicLink()) return '120000';
  if (stats.isDirectory()) return '160000';
  // 実行できない普通のファイルは、一覧が内容として認めるモード。
  return stats.mode & 0o111 ? '100755' : contentGitMode;
}

/**
 * base から head までに変わったファイル（base と head の分かれ目との差。プルリクエストの「Files changed」と同じ）。
 * head を省くと、取り出しの今の中身（コミットしていないもの、git に足していないものも）を、base との分かれ目と比べる。
 */
export function changedFiles(cwd: string, base: string, head?: string): ChangedFile[] {
  if (head !== undefined) {
    const files = parseNameStatus(
      git(cwd, ['diff', '--name-status', '-M', '-z', `${base}...${head}`]),
    );
    const modes = modesAt(
      cwd,
      head,
      files.filter((file) => !file.removed).map((file) => file.path),
    );
    return files.map((file) => (file.removed ? file : {...file, mode: modes.get(file.path)}));
  }
  const mergeBase = git(cwd, ['merge-base', base, 'HEAD']).trim();
  const tracked = parseNameStatus(git(cwd, ['diff', '--name-status', '-M', '-z', mergeBase]));
  const untracked = git(cwd, ['ls-files', '-z', '--others', '--exclude-standard'])
    .split('\0')
    .filter((file) => file !== '')
    .map((file): ChangedFile => ({path: file}));
  return [...tracked, ...untracked].map((file) =>
    file.removed ? file : {...file, mode: worktreeMode(cwd, file.path)},
  );
}

/** 判定を日本語の文にする（CI のログと npm run test:content が出す）。 */
export function verdictText(files: readonly ChangedFile[], verdict: ChangeVerdict): string {
  if (verdict.contentOnly) {
    const lines = files.map((file) => `  ${file.removed ? '消す' : '足す・直す'} ${file.path}`);
    return [
      `事務局の内容だけの変更です（${files.length} ファイル）。短い道で確かめます。`,
      ...lines,
    ].join('\n');
  }
  if (files.length === 0) return '変わったファイルがありません。全部の道（npm test）で確かめます。';
  const lines = verdict.outside.map(({path, reason}) => `  ${path}: ${reason}`);
  return [
    '事務局の内容（記事、写真、開催事例、お知らせ）のほかのファイルが変わっています。全部の道（npm test）で確かめます。',
    ...lines,
  ].join('\n');
}

/** 記事のフォルダー（blog/YYYY-MM-DD-名前/）のファイルの、記事のページのルート（/blog/YYYY/MM/DD/名前）。 */
export function postRoute(file: string): string | undefined {
  const match = /^blog\/(\d{4})-(\d{2})-(\d{2})-([a-z0-9-]+)\//.exec(file);
  return match ? `/blog/${match[1]}/${match[2]}/${match[3]}/${match[4]}` : undefined;
}

/** 記事のフォルダーの日付（blog/2026-12-05-名前/ → 2026-12-05）。 */
const postDay = (file: string): string => file.slice('blog/'.length, 'blog/'.length + 10);

const postRoutePattern = /^\/blog\/\d{4}\/\d{2}\/\d{2}\/[^/]+$/;

/** sitemap.xml の <loc> のパス（公開 URL のオリジンを外したもの）。tests/support/sitemap.ts の sitemapPaths と同じ読み方。 */
export function sitemapRoutes(xml: string): string[] {
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc = '']) => loc.trim());
  return [...new Set(locs.map((loc) => new URL(loc).pathname))].sort();
}

/**
 * 内容だけの変更で、監査するルート。変わったページと、それを載せるページ:
 * - 記事・写真: その記事のページ、前後の記事のページ（記事の下の「前の記事・次の記事」）、ブログの一覧の全ページ
 *   （ページ送り、タグ、アーカイブ、著者。最近の記事のサイドバーはどの記事のページも同じものを描くので、変わった
 *   記事のページで見る）。
 * - 開催事例: 開催事例のページと、次の開催を載せるホーム。
 * - お知らせ: どのページにも出るので、すべてのルートと見つからないページ。
 * 消していない記事のページが sitemap.xml に無ければ（日付が今日より後の公開予約の記事のほか）、ルートの決め方が
 * 変わったので止める。
 */
export function affectedRoutes(
  files: readonly ChangedFile[],
  sitemap: readonly string[],
  today = buildToday(),
): string[] {
  const routes = new Set<string>();
  const posts = sitemap.filter((route) => postRoutePattern.test(route)).sort();
  const add = (route: string) => {
    if (route === notFoundRoute || sitemap.includes(route)) routes.add(route);
  };
  for (const file of files) {
    for (const name of [file.path, file.previousPath]) {
      if (name === undefined) continue;
      const kind = contentKind(name);
      if (kind === 'post' || kind === 'photo') {
        const route = postRoute(name) as string;
        const stillThere = name === file.path && !file.removed;
        // 公開予約の記事（日付が今日より後。plugins/blog/schedule.ts）は、その日までページが無い。
        const scheduled = postDay(name) > today;
        if (stillThere && !scheduled && !sitemap.includes(route)) {
          throw new Error(`${name} の記事のページ ${route} が sitemap.xml にありません`);
        }
        add(route);
        // 消した記事も、その日付の位置の前後の記事が互いに前後になる。
        const at = posts.findIndex((post) => post >= route);
        const index = at === -1 ? posts.length : at;
        for (const neighbor of [
          posts[index - 1],
          posts[posts[index] === route ? index + 1 : index],
        ]) {
          if (neighbor !== undefined) add(neighbor);
        }
        for (const listing of sitemap) {
          if (listing.startsWith('/blog') && !postRoutePattern.test(listing)) add(listing);
        }
      } else if (kind === 'event') {
        add('/docs/event-examples');
        add('/');
      } else if (kind === 'announcement') {
        for (const route of sitemap) add(route);
        add(notFoundRoute);
      }
    }
  }
  return [...routes].sort();
}

/** 記事の本文のうち、消していないもの（textlint にかけるもの）。 */
export function proseFiles(files: readonly ChangedFile[]): string[] {
  return files
    .filter((file) => !file.removed && contentKind(file.path) === 'post')
    .map((file) => file.path);
}

/** base と head（省けば取り出しの今の中身）を分ける。git が比べられなければ、全部の道。 */
export function classify(
  cwd: string,
  base: string,
  head?: string,
): {files: ChangedFile[]; verdict: ChangeVerdict; text: string} {
  let files: ChangedFile[];
  try {
    files = changedFiles(cwd, base, head);
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0];
    const verdict = {
      contentOnly: false,
      outside: [{path: base, reason: `git で比べられません（${reason}）`}],
    };
    return {
      files: [],
      verdict,
      text: `${base} と比べられないので、全部の道（npm test）で確かめます。\n  ${reason}`,
    };
  }
  const verdict = classifyChange(files);
  return {files, verdict, text: verdictText(files, verdict)};
}
