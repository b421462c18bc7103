/**
 * タグと書いた人のページは、ブログのタグ（/blog/tags/…）と書いた人（/blog/authors/…）の下にだけできる（issue 65）。
 * Docusaurus は blog/tags.yml の permalink を /blog/tags とつなぐだけなので、/../../markdown-page と書くと
 * サイトのほかのページ（コードのページ）の HTML を上書きした。blog/authors.yml の page.permalink も同じ。
 * どちらのファイルも持ち主のレビューが要る（CODEOWNERS）が、ビルドでも確かめ、ファイルとキーを挙げて止める。
 * 書いた人のリンク（url）・画像（imageURL）・SNS（socials）の URL も、javascript: などにならないように確かめる。
 * 読むのは Docusaurus と同じファイル（訳のフォルダーにあればそちら。getDataFilePath）。
 */
import path from 'node:path';
import {getDataFilePath, normalizeUrl, readDataFile, type ContentPaths} from '@docusaurus/utils';

export type PermalinkFiles = {
  readonly siteDir: string;
  readonly contentPaths: ContentPaths;
  /** タグのファイル（options.tags。記事のフォルダーからのパス）。false や null なら使わない。 */
  readonly tags: string | false | null | undefined;
  /** 書いた人のファイル（options.authorsMapPath）。 */
  readonly authorsMapPath: string;
  /** タグのページの親（/blog/tags）。 */
  readonly tagsBase: string;
  /** 書いた人のページの親（/blog/authors）。 */
  readonly authorsBase: string;
};

/**
 * permalink（親のパスにつなぐ部分）の問題。無ければ undefined。
 * .. と // と \ はパスを親の外へ出し、: は URL の種類、%・?・# は読み方を変えるので、どれも断る。
 */
export function permalinkProblem(permalink: unknown, base: string): string | undefined {
  if (typeof permalink !== 'string') return '文字列で書きます。';
  const refused = [
    ['..', '..'],
    ['//', '//'],
    ['\\', '\\'],
    [':', ':（URL の種類）'],
    ['%', '%'],
    ['?', '?'],
    ['#', '#'],
  ].find(([mark]) => permalink.includes(mark as string));
  if (refused) return `${refused[1]} は使えません。`;
  if (/[\s\p{Cc}]/u.test(permalink)) return '空白や制御文字は使えません。';
  const url = normalizeUrl([base, permalink]);
  if (!url.startsWith(`${base}/`) || url.length <= base.length + 1)
    return `${base}/ の下のパスになりません（${url}）。`;
  return undefined;
}

/** 書いた人のリンクとして認める URL（ほかのサイトの http(s)、メール）。 */
const isWebOrMail = (value: string): boolean => /^(https?:\/\/[^/\s]|mailto:)/i.test(value);

/** 書いた人の画像の URL（ほかのサイトの https:// か、このサイトの /… のパス）。 */
function imageUrlProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return '文字列で書きます。';
  if (/^https:\/\/[^/\s]/i.test(value)) return undefined;
  if (
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.includes('..') &&
    !value.includes('\\')
  )
    return undefined;
  return 'https:// の URL か、このサイトの / で始まるパス（.. を含まないもの）にします。';
}

type Problem = {
  readonly key: string;
  readonly field: string;
  readonly value: unknown;
  readonly problem: string;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function tagProblems(data: unknown, base: string): Problem[] {
  if (!isRecord(data)) return [];
  return Object.entries(data).flatMap(([key, tag]) => {
    if (!isRecord(tag) || tag.permalink === undefined) return [];
    const problem = permalinkProblem(tag.permalink, base);
    return problem ? [{key, field: 'permalink', value: tag.permalink, problem}] : [];
  });
}

function authorProblems(data: unknown, base: string): Problem[] {
  if (!isRecord(data)) return [];
  return Object.entries(data).flatMap(([key, author]): Problem[] => {
    if (!isRecord(author)) return [];
    const problems: Problem[] = [];
    const add = (field: string, value: unknown, problem: string | undefined): void => {
      if (problem) problems.push({key, field, value, problem});
    };
    // page: true のページのパスはキーから作る（Docusaurus は kebab-case にするが、キーそのものも確かめる）。
    if (author.page === true) add('キー', key, permalinkProblem(`/${key}`, base));
    if (isRecord(author.page))
      add('page.permalink', author.page.permalink, permalinkProblem(author.page.permalink, base));
    if (author.url !== undefined)
      add(
        'url',
        author.url,
        typeof author.url === 'string' && isWebOrMail(author.url)
          ? undefined
          : 'http:// か https:// の URL か、mailto: にします。',
      );
    const image = author.imageURL ?? author.image_url;
    if (image !== undefined) add('imageURL', image, imageUrlProblem(image));
    if (isRecord(author.socials)) {
      for (const [platform, value] of Object.entries(author.socials)) {
        // アカウント名（: を含まない）か、http(s)・mailto の URL。
        if (typeof value === 'string' && value.includes(':') && !isWebOrMail(value))
          add(`socials.${platform}`, value, 'アカウント名か、http(s) の URL にします。');
      }
    }
    return problems;
  });
}

/** Docusaurus が読むほうのファイル（無ければ undefined）と、その中身。 */
async function dataFile(
  filePath: string,
  contentPaths: ContentPaths,
): Promise<{file: string; data: unknown} | undefined> {
  const file = await getDataFilePath({filePath, contentPaths});
  if (!file) return undefined;
  return {file, data: await readDataFile({filePath, contentPaths})};
}

/** タグと書いた人のファイルを確かめ、問題があればファイルとキーを挙げてビルドを止める。 */
export async function checkPermalinkFiles(params: PermalinkFiles): Promise<void> {
  const lines: string[] = [];
  const checks = [
    ...(params.tags
      ? [{filePath: params.tags, problems: (data: unknown) => tagProblems(data, params.tagsBase)}]
      : []),
    {
      filePath: params.authorsMapPath,
      problems: (data: unknown) => authorProblems(data, params.authorsBase),
    },
  ];
  for (const {filePath, problems} of checks) {
    const found = await dataFile(filePath, params.contentPaths);
    if (!found) continue;
    const name = path.relative(params.siteDir, found.file).split(path.sep).join('/');
    for (const {key, field, value, problem} of problems(found.data))
      lines.push(`- ${name} の「${key}」の ${field}（${JSON.stringify(value)}）: ${problem}`);
  }
  if (lines.length === 0) return;
  throw new Error(
    [
      `タグか書いた人のページが、${params.tagsBase}/ か ${params.authorsBase}/ の外を指すので、ビルドを止めます（ほかのページを上書きしないように）。`,
      ...lines,
    ].join('\n'),
  );
}
