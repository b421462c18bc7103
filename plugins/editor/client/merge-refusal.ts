/**
 * 「公開」（プルリクエストを main に取り込む）を GitHub が断ったとき（405）に、事務局の人に見せる日本語の知らせ。
 * Decap は断られると、プルリクエストの中身を main に直接コミットしていた（forceMergePR）。その道は
 * plugins/editor/decap-patches.ts が外し、かわりにこの知らせで止める。main には何も書き込まない。
 * GitHub の理由（英語）は、ルールセットの「必須のチェック」「コードの持ち主のレビュー」などから来る。
 */

type Reason = {readonly pattern: RegExp; readonly japanese: string};

/**
 * GitHub の理由の文（405 の message）と、足りないものの日本語。GitHub は足りないものを並べて返すことがある
 * （「Repository rule violations found」のあとに 1 行ずつ）。組ごとに、最初に合う 1 つを使う。
 */
const reasonGroups: readonly (readonly Reason[])[] = [
  [
    {
      pattern: /status checks? .*(?:fail|error)/i,
      japanese:
        'テスト（GitHub のチェック）が通っていません。記事を直して保存し直すか、サイトの担当の人に見てもらってください。',
    },
    {
      pattern: /status checks?/i,
      japanese:
        'テスト（GitHub のチェック）がまだ終わっていません。終わってから、もう一度「公開」を押してください。',
    },
  ],
  [
    {
      pattern: /code owner/i,
      japanese:
        'コードの持ち主（CODEOWNERS）の承認が要ります（記事のほかに、サイトのしくみのファイルが変わっています）。サイトの担当の人に承認を頼んでください。',
    },
    {
      pattern: /review/i,
      japanese: 'ほかの人の承認（レビュー）が要ります。サイトの担当の人に承認を頼んでください。',
    },
  ],
  [
    {
      pattern: /not mergeable|conflict|base branch was modified/i,
      japanese:
        '公開されている内容（main）と、この記事の変更が食い違っています。ページを読み込み直してから、サイトの担当の人に相談してください。',
    },
  ],
];

const fallback =
  'GitHub のルールで、まだ公開できません。サイトの担当の人に、プルリクエストの画面で何が足りないかを見てもらってください。';

/** GitHub が公開を断った理由（日本語）。画面の知らせには、この文だけが出る（Decap は details を文字にして差し込む）。 */
export class MergeRefused extends Error {
  readonly status = 405;
  override name = 'MergeRefused';

  override toString(): string {
    return this.message;
  }
}

/** GitHub の 405 の message から、事務局の人に見せる知らせを作る。 */
export function mergeRefusal(gitHubMessage: unknown): MergeRefused {
  const original = typeof gitHubMessage === 'string' ? gitHubMessage.trim() : '';
  const missing = reasonGroups
    .map((group) => group.find(({pattern}) => pattern.test(original))?.japanese)
    .filter((japanese) => japanese !== undefined);
  const note = original
    ? `（main には何も書き込んでいません。GitHub の理由: ${original.replace(/\s+/g, ' ')}）`
    : '（main には何も書き込んでいません）';
  return new MergeRefused(`${(missing.length > 0 ? missing : [fallback]).join('')}${note}`);
}
