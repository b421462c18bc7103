/**
 * 公開予約（issue 66 の 4）: 日付（日本時間）が「ビルドの今日」より後の記事は、main にあっても読者に出さない。
 * ブログのプラグインの processBlogPosts で記事の一覧から外すので、その記事のページ・フィード・一覧・タグ・
 * アーカイブ・サイドバー・前後の記事のリンクが無く、ページが無いので検索の索引・sitemap・SNS カード・写真・
 * オフラインの保存の一覧にも入らない（どれもビルドした HTML から作る）。毎日 0:05 のビルドが、その日の記事を出す。
 * 「今日」は開催事例と同じもの（lib/build-today.mts の buildToday。DENKI_TODAY で変えられる）。
 *
 * まだ出ない記事へのリンクは、読者には切れたリンクになる。サイトのファイル（docs、blog、src）がまだ出ない記事を
 * 指していれば、ビルドを日本語で止める。止めるのは、リンクする側がリンク先より先に読者に出るときだけ:
 * いま出ているもの（ドキュメント、お知らせバー、公開済みの記事）からはすべて、予約した記事からは、それより後に
 * 出る記事へのリンク。予約した記事どうしで後の記事が先の記事を指すのは、その日には両方出ているので通す。
 * この決まりなら、今日のビルドが通れば、あとの日のビルドがリンクのせいで止まることはない（毎日のビルドで
 * 初めて見つかる切れたリンクがない）。開催事例の「開催の報告を読む」は、報告の記事が出る日から出す
 * （plugins/events/load.ts）。
 */
import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import type {BlogPost} from '@docusaurus/plugin-content-blog';

export {buildToday} from '../../lib/build-today.mts';

/**
 * 1 にすると、予約した記事も出す（リンクの確かめは同じ）。プルリクエストの CI のビルドが使う（.github/workflows/ci.yml）:
 * 記事のプレビューに予約した記事が出て、写真の説明の抜けや記事の中の切れたリンクのような、記事を組んで初めて
 * わかる誤りも、公開の日の 0:05 のビルドではなく、プルリクエストで見つかる。
 */
export const showScheduledVariable = 'DENKI_SHOW_SCHEDULED';
export const showsScheduled = (): boolean => process.env[showScheduledVariable] === '1';

/** 記事の公開日（日本時間の YYYY-MM-DD）。front matter の 2026-12-05 は、その日（UTC の 0 時 = 日本時間の 9 時）。 */
export function publicationDay(date: Date | string): string {
  return new Intl.DateTimeFormat('en-CA', {timeZone: 'Asia/Tokyo'}).format(new Date(date));
}

/** 予約した（まだ出さない）記事。 */
export type ScheduledPost = {
  /** 記事の URL のパス（/blog/2026/12/05/entry-open）。 */
  readonly permalink: string;
  /** サイトのフォルダーからの記事のファイル（blog/2026-12-05-entry-open/index.md）。 */
  readonly file: string;
  /** 公開日（日本時間の YYYY-MM-DD）。 */
  readonly day: string;
};

/** 記事を、今日までに出るものと予約したものに分ける。 */
export function splitScheduled(
  posts: readonly BlogPost[],
  today: string,
  siteDir: string,
): {published: BlogPost[]; scheduled: ScheduledPost[]} {
  const published: BlogPost[] = [];
  const scheduled: ScheduledPost[] = [];
  for (const post of posts) {
    const day = publicationDay(post.metadata.date);
    if (day <= today) {
      published.push(post);
      continue;
    }
    const file = path
      .relative(siteDir, post.metadata.source.replace(/^@site\//, `${siteDir}/`))
      .split(path.sep)
      .join('/');
    scheduled.push({permalink: post.metadata.permalink, file, day});
  }
  return {published, scheduled};
}

/** 画面とビルドの知らせの日付（2026年12月5日）。 */
export const japaneseDay = (day: string): string => {
  const [year, month, date] = day.split('-').map(Number);
  return `${year}年${month}月${date}日`;
};

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * その記事へのリンク（URL のパス /blog/2026/12/05/x と、ファイルへのリンク 2026-12-05-x/index.md）を見つける正規表現。
 * パスの続きが名前の文字（英数字・ハイフン・下線）なら、別の記事（/blog/2026/12/05/x-2）なので数えない。
 */
function linkPattern(post: ScheduledPost): RegExp {
  const fileInBlog = post.file.replace(/^blog\//, '');
  return new RegExp(
    `(?:${escapeRegExp(post.permalink)}|${escapeRegExp(fileInBlog)})(?![\\w-])`,
    'u',
  );
}

/** リンクを探すファイル（サイトのフォルダーからのパスと中身）。 */
export type SourceFile = {readonly file: string; readonly text: string};

/**
 * まだ出ない記事へのリンクのうち、読者が切れたリンクに行き着くもの（1 つずつ人が読む文）。
 * file が予約した記事なら、その記事の公開日からリンク先が出ていればよい。
 */
export function scheduledLinkProblems(
  files: readonly SourceFile[],
  scheduled: readonly ScheduledPost[],
  today: string,
): string[] {
  const dayOf = new Map(scheduled.map((post) => [post.file, post.day]));
  const problems: string[] = [];
  for (const target of scheduled) {
    const pattern = linkPattern(target);
    for (const {file, text} of files) {
      if (file === target.file || !pattern.test(text)) continue;
      const from = dayOf.get(file);
      if (from !== undefined && from >= target.day) continue;
      const when =
        from === undefined
          ? `いま読者に出ているので、${japaneseDay(today)}から${japaneseDay(target.day)}の前の日まで`
          : `${japaneseDay(from)}に公開されるので、その日から${japaneseDay(target.day)}の前の日まで`;
      const fix =
        from === undefined
          ? `リンクを外すか、${japaneseDay(target.day)}にリンクを足してください。`
          : `リンクを外すか、${file} の日付を${japaneseDay(target.day)}以降にしてください。`;
      problems.push(
        `${file} が、${japaneseDay(target.day)}に公開される記事 ${target.permalink}（${target.file}）にリンクしています。${file} は${when}、読者には切れたリンクになります。${fix}`,
      );
    }
  }
  return problems;
}

/** まだ出ない記事へのリンクを探すフォルダー（サイトのフォルダーから）と、ファイルの種類。 */
const sourceDirs = ['docs', 'blog', 'src'] as const;
const sourceFile = /\.(mdx?|json|ya?ml|tsx?)$/;

/** サイトのファイルを読む（予約した記事が無ければ読まない）。 */
export async function readSourceFiles(siteDir: string): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (const dir of sourceDirs) {
    const entries = await readdir(path.join(siteDir, dir), {
      recursive: true,
      withFileTypes: true,
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries) {
      if (!entry.isFile() || !sourceFile.test(entry.name)) continue;
      const absolute = path.join(entry.parentPath, entry.name);
      files.push({
        file: path.relative(siteDir, absolute).split(path.sep).join('/'),
        text: await readFile(absolute, 'utf8'),
      });
    }
  }
  return files;
}

/** まだ出ない記事へのリンクがあれば、すべて挙げてビルドを止める。 */
export async function checkScheduledLinks(
  siteDir: string,
  scheduled: readonly ScheduledPost[],
  today: string,
): Promise<void> {
  if (scheduled.length === 0) return;
  const problems = scheduledLinkProblems(await readSourceFiles(siteDir), scheduled, today);
  if (problems.length === 0) return;
  throw new Error(
    [
      `まだ公開していない記事（公開予約。ビルドの今日は${japaneseDay(today)}）へのリンクがあるので、ビルドを止めます。`,
      ...problems.map((problem) => `- ${problem}`),
    ].join('\n'),
  );
}
