/**
 * エディター（Decap CMS）の設定のうち、書くもの（コレクション）。ビルドがサイトのファイルから作り、
 * エディターの JS に埋め込む（Decap の config.yml は使わない）。フィールドの名前は記事の front matter と同じ。
 */
import {
  announcementLinkMessage,
  announcementLinkPattern,
} from '../../src/constants/announcement-link';
import {
  blogCollectionName,
  defaultUrlName,
  dataFormat,
  postFormat,
  type CmsCollection,
  type EditorOption,
} from './shared';

/**
 * ブログの記事。1 記事 1 フォルダー（blog/YYYY-MM-DD-名前/index.md）で、写真は同じフォルダーに置く。
 * 新しい記事は CommonMark の .md として読まれる（README の「ブログ記事を足す」）。
 */
export function blogCollection(authors: readonly EditorOption[], tags: readonly EditorOption[]) {
  return {
    name: blogCollectionName,
    label: 'ブログ記事',
    label_singular: '記事',
    description: '開催の報告やお知らせ。写真はスマートフォンで撮ったまま選べます。',
    folder: 'blog',
    create: true,
    path: '{{slug}}/index',
    extension: 'md',
    format: postFormat,
    slug: '{{fields.date}}-{{fields.url_name}}',
    media_folder: '',
    public_folder: '',
    summary: '{{fields.date}}　{{title}}',
    sortable_fields: ['date', 'title'],
    fields: [
      {name: 'title', label: '題', widget: 'string'},
      {
        name: 'date',
        label: '日付',
        widget: 'denki-date',
        hint: '例: 2026年11月27日（日本時間）。記事の URL にも入ります。',
      },
      {
        name: 'url_name',
        label: 'URL の名前',
        widget: 'denki-url-name',
        default: defaultUrlName,
        hint: '半角の英小文字・数字・ハイフン（例: shibuya-report）。記事の URL の最後の部分になります。',
      },
      {
        name: 'authors',
        label: '書いた人',
        widget: 'select',
        multiple: true,
        min: 1,
        options: authors,
      },
      {
        name: 'tags',
        label: 'タグ',
        widget: 'select',
        multiple: true,
        required: false,
        options: tags,
      },
      {
        name: 'description',
        label: '説明',
        widget: 'text',
        hint: '記事の内容を 1〜2 文で。検索結果や SNS で共有したときに出ます。',
      },
      {name: 'body', label: '本文', widget: 'denki-body'},
    ],
  } satisfies CmsCollection;
}

/** サイトの設定のうち、事務局が書き換えるもの: お知らせバー。 */
export const siteCollection = {
  name: 'site',
  label: 'サイトの設定',
  description: 'すべてのページの上に出るお知らせバーなど。',
  editor: {preview: false},
  files: [
    {
      name: 'announcement',
      label: 'お知らせバー',
      file: 'src/data/announcement.json',
      format: dataFormat,
      fields: [
        {
          name: 'text',
          label: 'お知らせの文',
          widget: 'string',
          hint: '文を変えると、前のお知らせを閉じた読者にも、もう一度表示されます。',
        },
        {name: 'linkLabel', label: 'リンクの文字', widget: 'string'},
        {
          name: 'link',
          label: 'リンク先',
          widget: 'string',
          hint: 'サイトの中のページは / から（例: /blog/2026/11/27/shibuya-report）、ほかのサイトは https:// から。',
          // ビルドと同じ決まり（// で始まるほかのサイトや javascript: は断る）。
          pattern: [announcementLinkPattern, announcementLinkMessage],
        },
      ],
    },
  ],
} satisfies CmsCollection;
