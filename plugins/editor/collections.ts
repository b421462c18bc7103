/**
 * エディター（Decap CMS）の設定のうち、書くもの（コレクション）。ビルドがサイトのファイルから作り、
 * エディターの JS に埋め込む（Decap の config.yml は使わない）。フィールドの名前は記事の front matter と同じ。
 */
import {
  announcementLinkMessage,
  announcementLinkPattern,
} from '../../src/constants/announcement-link';
import {anchorPattern, datePattern, eventFieldLabels, monthPattern} from '../events/schema';
import {eventsDir, fixedPageIds} from '../events/shared';
import type {EventSiteFacts} from '../events/shared-rules';
import {
  blogCollectionName,
  defaultUrlName,
  eventFormat,
  eventsCollectionName,
  eventFactsKey,
  dataFormat,
  postFormat,
  type CmsCollection,
  type CmsField,
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

/** 開催事例の見出しの id として使えないもの（ページにもとからある id と、回の番号から作る id）。 */
const anchorRule = `^(?!(?:${fixedPageIds.join('|')}|voices-event-\\d+|event-\\d+-(?:content|partners))$)${anchorPattern.source.slice(1)}`;

const optionalText = (name: keyof typeof eventFieldLabels, hint: string): CmsField => ({
  name,
  label: eventFieldLabels[name],
  widget: 'string',
  required: false,
  hint,
});

/**
 * 開催事例。1 回の開催が 1 ファイル（src/data/events/<見出しの id>.json）で、ビルドが開催事例のページ・トップページの
 * 次の開催・検索エンジン向けの Event を作る（plugins/events）。記事と同じく、ブランチとプルリクエストを通って公開する。
 * 保存の前に、ビルドと同じ決まり（plugins/events/shared-rules.ts）で確かめる。ファイルどうしの決まりに使うもの
 * （ほかの回の id・回・報告の記事、blog の記事）は、エディターを組んだときのもの（facts）を埋め込む。
 */
export function eventsCollection(facts: EventSiteFacts) {
  const takenAnchors = facts.others.map((event) => event.anchor);
  return {
    name: eventsCollectionName,
    label: '開催事例',
    label_singular: '開催事例',
    description: '開催した回と次の開催。1 回に 1 つ。開催事例のページとトップページに出ます。',
    folder: eventsDir,
    create: true,
    // 「この記事を取り下げる」（client/takedown.ts）は記事のためのもの。開催事例を消すのは持ち主が git で行う。
    delete: false,
    extension: 'json',
    format: eventFormat,
    identifier_field: 'name',
    slug: '{{fields.anchor}}',
    summary: '第{{fields.number}}回　{{fields.name}}',
    sortable_fields: ['number', 'name'],
    [eventFactsKey]: facts,
    fields: [
      {
        name: 'number',
        label: eventFieldLabels.number,
        widget: 'number',
        value_type: 'int',
        min: 1,
        hint: '第何回か（例: 3）。「参加者の声」の見出し（第3回の感想）に使います。',
      },
      {name: 'name', label: eventFieldLabels.name, widget: 'string', hint: '例: 流山&柏 鬼ごっこ'},
      {
        name: 'anchor',
        label: eventFieldLabels.anchor,
        widget: 'denki-anchor',
        // ほかの回が使っている id（新しい回では断る。client/widgets/AnchorControl.tsx）。
        taken: takenAnchors,
        hint: '半角の英小文字・数字・ハイフン（例: shibuya-1）。ページの中のリンク（/docs/event-examples#shibuya-1）とファイル名になります。あとから変えないでください。',
        pattern: [
          anchorRule,
          '半角の英小文字・数字・ハイフンで、ページのほかの見出しと違う id にしてください',
        ],
      },
      {
        ...optionalText('month', '例: 2024-10。日が決まっていれば、初日と最終日も書きます。'),
        pattern: [monthPattern.source, '2024-10 の形で書いてください'],
      },
      {
        ...optionalText(
          'start',
          '例: 2026-12-20。この日から最終日まで、トップページと開催事例の上に「次の開催」として出ます。',
        ),
        pattern: [datePattern.source, '2026-12-20 の形で書いてください'],
      },
      {
        ...optionalText('end', '1 日だけなら空のまま。例: 2026-12-21'),
        pattern: [datePattern.source, '2026-12-20 の形で書いてください'],
      },
      {
        name: 'region',
        label: eventFieldLabels.region,
        widget: 'string',
        hint: '例: 千葉県。検索エンジンに開催地として伝えます。',
      },
      optionalText('area', '例: 千葉県の流山市と柏市の全域'),
      {
        name: 'lines',
        label: eventFieldLabels.lines,
        label_singular: '路線',
        widget: 'list',
        required: false,
        collapsed: false,
        field: {name: 'line', label: '路線', widget: 'string'},
        hint: '1 路線ずつ足します（例: 東武野田線）。',
      },
      optionalText('base', '例: 流山おおたかの森駅'),
      {
        name: 'content',
        label: eventFieldLabels.content,
        label_singular: '段落',
        widget: 'list',
        min: 1,
        collapsed: false,
        field: {name: 'paragraph', label: '段落', widget: 'text'},
        hint: 'どんなイベントだったか。1 段落ずつ足します。',
      },
      {
        name: 'partners',
        label: eventFieldLabels.partners,
        label_singular: '協力者',
        widget: 'list',
        required: false,
        collapsed: false,
        summary: '{{fields.name}}',
        fields: [
          {name: 'name', label: '名前', widget: 'string', hint: '例: 流鉄株式会社'},
          {name: 'role', label: 'していただいたこと', widget: 'text'},
        ],
      },
      {
        name: 'voices',
        label: eventFieldLabels.voices,
        label_singular: '声',
        widget: 'list',
        required: false,
        collapsed: false,
        field: {name: 'voice', label: '声', widget: 'string'},
        hint: '参加者の感想を短く要約して、1 つずつ足します。',
      },
      {
        name: 'report',
        label: eventFieldLabels.report,
        widget: 'relation',
        collection: blogCollectionName,
        required: false,
        search_fields: ['title'],
        value_field: '{{slug}}',
        display_fields: ['title'],
        hint: '開催の報告を書いた記事を題で選びます。ページに「開催の報告を読む」が出て、記事からもこの回へ戻れます。',
      },
    ],
  } satisfies CmsCollection;
}
