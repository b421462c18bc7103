/**
 * 事務局が持ち主の承認なしに出せるもの（issue 65）: ファイルの種類で決めた、ちょうどの一覧。
 * CODEOWNERS の持ち主のいない行、ビルドと CI の最初の検査（事務局のフォルダーにこれ以外があれば止める）、
 * 内容だけのプルリクエストを承認するジョブ、CI の短い道（issue 67）が、すべてこの 1 つのモジュールを使う。
 * npm のパッケージを使わず、Node.js 24 が型を外してそのまま動かせる書き方だけを使う（npm ci の前、main の
 * 取り出しだけで動くジョブからも読むため）。
 */

/** 事務局が書くフォルダー。この中の、一覧に当たらないファイルはビルドを止める。 */
export const officeFolders = ['blog', 'src/data'] as const;

export type ContentKind = 'post' | 'photo' | 'event' | 'announcement';

export type ContentRule = {
  readonly kind: ContentKind;
  /** リポジトリーの根からのパス（区切りは /）に当てる。 */
  readonly pattern: RegExp;
  /** CODEOWNERS で持ち主を付けない行（GitHub の CODEOWNERS の書き方。正規表現より広いぶんはビルドが断る）。 */
  readonly codeowners: string;
  /** 日本語の説明（断るときの知らせに使う）。 */
  readonly label: string;
};

/** 記事のフォルダーの名前（YYYY-MM-DD-名前。エディターの slug「{{fields.date}}-{{fields.url_name}}」）。 */
const postFolder = String.raw`blog/\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])-[a-z0-9]+(?:-[a-z0-9]+)*`;
/** 半角の英小文字・数字・ハイフン（開催事例の見出しの id、写真の名前）。plugins/events/schema.ts の anchorPattern と同じ。 */
export const asciiNamePattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const asciiName = asciiNamePattern.source.slice(1, -1);

export const contentRules: readonly ContentRule[] = [
  {
    kind: 'post',
    pattern: new RegExp(String.raw`^${postFolder}/index\.md$`),
    codeowners: '/blog/*/index.md',
    label: '記事の本文（blog/YYYY-MM-DD-名前/index.md）',
  },
  {
    // エディターが整えて置く写真は JPEG だけ（plugins/editor/client/photos/prepare.ts、photo-1.jpg）。
    kind: 'photo',
    pattern: new RegExp(String.raw`^${postFolder}/${asciiName}\.jpg$`),
    codeowners: '/blog/*/*.jpg',
    label: '記事の写真（blog/YYYY-MM-DD-名前/photo-1.jpg）',
  },
  {
    kind: 'event',
    pattern: new RegExp(String.raw`^src/data/events/${asciiName}\.json$`),
    codeowners: '/src/data/events/*.json',
    label: '開催事例の 1 回（src/data/events/見出しの-id.json）',
  },
  {
    kind: 'announcement',
    pattern: /^src\/data\/announcement\.json$/,
    codeowners: '/src/data/announcement.json',
    label: 'お知らせバー（src/data/announcement.json）',
  },
];

/**
 * 事務局のフォルダーにあってよい、内容ではないファイル（持ち主のもの）。CODEOWNERS の「*」が持ち主を付けるので、
 * 変えるには持ち主の承認が要る（タグと書いた人の一覧は、タグや書いた人のページの URL を決める）。MDX の記事
 * （plugins/blog/mdx-posts.ts）を足すときも、ここに足す。
 */
export const ownedOfficeFiles: readonly string[] = ['blog/authors.yml', 'blog/tags.yml'];

/** 事務局のフォルダーの中に置けるフォルダー（フォルダーそのもの、開催事例のフォルダー、記事のフォルダー）。 */
const contentFolderPattern = new RegExp(
  String.raw`^(?:blog|src/data|src/data/events|${postFolder})$`,
);

export function isContentFolder(dir: string): boolean {
  return contentFolderPattern.test(dir);
}

/** 事務局のフォルダーの中のもの 1 つ（ファイルの並びを lstat で見たもの。リンクはたどらない）。 */
export type OfficeEntry = {
  /** リポジトリーの根からのパス（区切りは /）。 */
  readonly path: string;
  readonly type: 'file' | 'folder' | 'symlink' | 'other';
  /** 実行の許可があるか（普通のファイルのとき）。 */
  readonly executable?: boolean;
};

/** 記事のフォルダーの、一覧に当たらない写真らしいファイル（photo.PNG、gate.heic、写真.jpg）。 */
const photoLike = new RegExp(
  String.raw`^${postFolder}/[^/]+\.(?:jpe?g|png|webp|avif|gif|heic|heif)$`,
  'i',
);
const photoAdvice =
  '写真は JPEG で、名前は英小文字・数字・ハイフンと .jpg（例: photo-1.jpg）にしてください。HEIC などは写真アプリで JPEG として書き出すか、エディターの「写真を追加」から入れてください（エディターが JPEG に整えます）';

/**
 * 事務局のフォルダーの中のもの 1 つが置けない理由（日本語）。置けるなら undefined。ビルドと CI の最初の検査
 * （lib/content-files.mts）が使う。CODEOWNERS の持ち主のいない行は正規表現より広い（記事のフォルダーの名前を
 * 確かめられない）ので、その差はここが断る。
 */
export function officeEntryProblem(entry: OfficeEntry): string | undefined {
  switch (entry.type) {
    case 'symlink':
      return 'シンボリックリンクは置けません';
    case 'other':
      return '普通のファイルでもフォルダーでもないものは置けません';
    case 'folder':
      return isContentFolder(entry.path)
        ? undefined
        : 'このフォルダーは置けません（記事のフォルダーは blog/YYYY-MM-DD-名前、開催事例は src/data/events）';
    case 'file':
      if (entry.executable) return '実行できるファイルは置けません（実行の許可を外してください）';
      if (isContentPath(entry.path) || ownedOfficeFiles.includes(entry.path)) return undefined;
      if (photoLike.test(entry.path)) return photoAdvice;
      return '事務局が書くファイルの一覧にありません';
  }
}

/** git のファイルのモードのうち、内容として認めるもの（普通のファイル。実行できるもの・リンク・サブモジュールは断る）。 */
export const contentGitMode = '100644';

/** パスが内容の一覧のどれに当たるか。当たらなければ undefined。 */
export function contentKind(file: string): ContentKind | undefined {
  return contentRules.find((rule) => rule.pattern.test(file))?.kind;
}

export function isContentPath(file: string): boolean {
  return contentKind(file) !== undefined;
}

/** 事務局のフォルダーの中のパスか。 */
export function inOfficeFolder(file: string): boolean {
  return officeFolders.some((folder) => file === folder || file.startsWith(`${folder}/`));
}

/** 変わったファイル（プルリクエストのファイル、git diff の 1 行）。 */
export type ChangedFile = {
  readonly path: string;
  /** 名前を変えたときの前のパス。前のパスも内容でなければ内容だけの変更ではない。 */
  readonly previousPath?: string;
  /** head での git のモード（消したファイルは無し）。 */
  readonly mode?: string;
  readonly removed?: boolean;
};

export type ChangeVerdict = {
  readonly contentOnly: boolean;
  /** 内容でないファイルと、その理由（日本語）。 */
  readonly outside: readonly {path: string; reason: string}[];
};

/** 変更が内容だけか（短い道と、内容の承認の判定。issue 65・67）。変更が 1 つも無ければ内容だけではない。 */
export function classifyChange(files: readonly ChangedFile[]): ChangeVerdict {
  const outside: {path: string; reason: string}[] = [];
  for (const file of files) {
    for (const name of [file.path, file.previousPath].filter((p): p is string => p !== undefined)) {
      if (!isContentPath(name))
        outside.push({path: name, reason: '事務局が書くファイルの一覧にありません'});
    }
    if (!file.removed && file.mode !== undefined && file.mode !== contentGitMode) {
      outside.push({
        path: file.path,
        reason: `普通のファイルではありません（git のモード ${file.mode}）`,
      });
    }
  }
  return {contentOnly: files.length > 0 && outside.length === 0, outside};
}
