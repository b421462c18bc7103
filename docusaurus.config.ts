import type {Config, PluginConfig} from '@docusaurus/types';
import path from 'node:path';
import type {Options as PwaOptions} from '@docusaurus/plugin-pwa';
import type * as Preset from '@docusaurus/preset-classic';
import joinCjkLines from 'remark-join-cjk-lines';
import diagramsPlugin, {remarkDiagrams} from './plugins/diagrams';
import eventsPlugin, {remarkEvents} from './plugins/events';
import {editorDevDir, editorDevVariable} from './plugins/editor/dev';
import imagesPlugin, {remarkPhotos} from './plugins/images';
import offlinePlugin from './plugins/offline';
import {
  precacheFileMaxBytes,
  precacheGlobIgnores,
  precacheTransform,
} from './plugins/offline/precache';
import perfPlugin from './plugins/perf';
import phrasesPlugin from './plugins/phrases';
import plainCodePlugin from './plugins/plain-code';
import printPlugin from './plugins/print';
import {rehypeRawHtml, remarkRawHtmlSpans} from './plugins/raw-html';
import {docLabelPhrases} from './plugins/phrases/docs';
import {escapeHtml, phrasesHtml} from './plugins/phrases/html';
import rehypePhrases from './plugins/phrases/rehype';
import remarkTitlePhrases from './plugins/phrases/remark';
import {ssrTemplate} from './plugins/perf/ssrTemplate';
import redirectsPlugin from './plugins/redirects';
import routesPlugin from './plugins/routes';
import searchPlugin from './plugins/search';
import seoPlugin from './plugins/seo';
import testRoutesPlugin from './plugins/test-routes';
import remarkPageLinks, {type PageLinksOptions} from './plugins/blog/links';
import {postFrontMatterGuard} from './plugins/blog/posts';
import {japaneseReadingTime} from './plugins/blog/reading-time';
import {loadAnnouncement} from './lib/announcement';
import {assertOfficeFolders} from './lib/content-files.mts';
import {
  blogSidebarPosts,
  colors,
  copyright,
  legacyRedirects,
  links,
  routes,
  site,
  siteUrl,
} from './src/constants/site';

// This runs in Node.js: no browser APIs or JSX here.

/**
 * 何かを読む前に、事務局のフォルダー（blog/、src/data/）に内容の一覧（lib/content-allowlist.mts）に無いもの
 * （スクリプト、スペック、.json のそばの .ts、.mdx、.svg、シンボリックリンクなど）が無いことを確かめる。
 * あれば、ファイルを挙げてビルドを止める（CI の最初の検査 scripts/check-content-files.mts と同じ）。
 */
assertOfficeFolders(__dirname);

/**
 * 日本語の文の途中で改行しても、表示で余計な空白が入らないようにする。
 * Mermaid の図はビルド時に SVG にする（ブラウザに Mermaid を送らない）。
 */
const remarkPlugins = [joinCjkLines, remarkDiagrams, remarkRawHtmlSpans];

/**
 * Markdown の写真を、幅ごとの AVIF と予備の JPEG の <picture> にする（Docusaurus の画像の処理より前）。
 * 開催事例のページと報告の記事には、開催事例のデータから見出し・表・リンクを入れる（見出しの id と目次より前）。
 */
const beforeDefaultRemarkPlugins = [remarkPhotos, [remarkEvents, {siteDir: __dirname}]];

/** 読者に届くファイルを置くフォルダー（config.staticDirectories）。 */
const staticDirectories = [
  'static',
  ...(process.env[editorDevVariable] === '1' ? [editorDevDir] : []),
];

/**
 * 記事とドキュメントが公開するのは、そのページと写真だけ（plugins/blog/links.ts）。Docusaurus がリンクの指す
 * ファイルを /assets/files/ に写す前（ほかのどの remark のプラグインよりも前）に、書いたままのリンクと画像を確かめ、
 * ほかのファイル・@site/・.. を指すものがあれば、ファイルとリンクを挙げてビルドを止める。
 */
const pageRemarkPlugins = [
  [remarkPageLinks, {siteDir: __dirname, staticDirectories} satisfies PageLinksOptions],
  ...beforeDefaultRemarkPlugins,
];

/**
 * 記事（.md）に書いた HTML を許す一覧で確かめ（<script> や on… の属性を除き、除いたものを警告する。plugins/raw-html）、
 * 見出しを文節に分けて <wbr> を入れる（どのブラウザでも語の途中で折り返さない）。
 * 一覧で確かめるのは Docusaurus の rehype-raw のすぐあと（書いた HTML が要素になったところ）で、remark の段の
 * remarkRawHtmlSpans が覚えた位置で、書いた HTML からできた要素だけを見分ける。
 */
const rehypePlugins = [rehypeRawHtml, rehypePhrases];

/** ドキュメントと記事の題（テーマが文字列から描く見出し）も、ビルド時に文節へ分けてそのページに持たせる。 */
const titledRemarkPlugins = [...remarkPlugins, remarkTitlePhrases];

const externalNavItem = {
  href: links.app.href,
  label: links.app.label,
  position: 'right',
} as const;

const navbar = {
  title: site.title,
  logo: {
    alt: `${site.title} ロゴ`,
    src: 'img/logo.svg',
    width: 32,
    height: 32,
  },
  items: [
    {
      type: 'docSidebar',
      sidebarId: 'docs',
      position: 'left',
      label: 'ドキュメント',
    },
    {to: routes.blog, label: 'ブログ', position: 'left'},
    {type: 'search', position: 'right'},
    externalNavItem,
  ],
} satisfies Preset.ThemeConfig['navbar'];

const footer = {
  style: 'light',
  links: [
    {
      title: 'ドキュメント',
      items: [
        {label: 'どんなイベント？', to: routes.intro},
        {label: '鬼ごっこの開催', to: routes.host},
        {label: 'アプリの使用方法', to: routes.appIntro},
      ],
    },
    {
      title: 'コミュニティ',
      items: [links.discord, links.x],
    },
    {
      title: 'その他',
      items: [{label: 'ブログ', to: routes.blog}, links.company],
    },
  ],
  copyright: phrasesHtml(copyright),
} satisfies Preset.ThemeConfig['footer'];

/**
 * お知らせバー（src/data/announcement.json）は fs で読み、形を確かめる（import で読まない）。リンク先は、このサイトの
 * パスか https:// の URL だけ（エディターの欄と同じ決まり）。エディターを通さずに書き換えたファイルに // で始まる
 * URL や javascript: があれば、ビルドを止めて知らせる（読者に届く前に、プルリクエストのテストで気づける）。
 */
const announcement = loadAnnouncement(__dirname);

const announcementBar = {
  id: announcement.id,
  content: `${phrasesHtml(announcement.text)} <a href="${escapeHtml(announcement.link)}">${phrasesHtml(announcement.linkLabel)}</a>`,
  backgroundColor: colors.deep,
  textColor: '#ffffff',
  isCloseable: true,
} satisfies Preset.ThemeConfig['announcementBar'];

const themeConfig = {
  image: 'img/social-card.png',
  colorMode: {
    defaultMode: 'light',
    disableSwitch: true,
    respectPrefersColorScheme: false,
  },
  metadata: [
    {name: 'description', content: site.description},
    {name: 'theme-color', content: colors.deep},
  ],
  announcementBar,
  navbar,
  footer,
  tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
  docs: {sidebar: {hideable: false, autoCollapseCategories: false}},
} satisfies Preset.ThemeConfig;

const docs = {
  path: 'docs',
  routeBasePath: 'docs',
  sidebarPath: './sidebars.ts',
  numberPrefixParser: false,
  beforeDefaultRemarkPlugins: pageRemarkPlugins,
  remarkPlugins: titledRemarkPlugins,
  rehypePlugins,
  showLastUpdateTime: false,
} satisfies Preset.Options['docs'];

const blog = {
  showReadingTime: true,
  readingTime: ({content}) => japaneseReadingTime(content),
  beforeDefaultRemarkPlugins: pageRemarkPlugins,
  remarkPlugins: titledRemarkPlugins,
  rehypePlugins,
  blogTitle: 'ブログ',
  blogDescription: `${site.title}の新機能やお知らせをお届けします。`,
  // サイドバーは最近の記事だけ（すべての記事は /blog/archive）。記事の数だけ、どの記事のページも重くならないように。
  blogSidebarTitle: '最近の記事',
  blogSidebarCount: blogSidebarPosts,
  feedOptions: {
    type: ['rss', 'atom'],
    title: `${site.title} ブログ`,
    description: `${site.title}の新機能やお知らせ`,
    copyright,
    language: site.locale,
  },
  tags: 'tags.yml',
  authorsMapPath: 'authors.yml',
  onInlineTags: 'throw',
  onInlineAuthors: 'throw',
  onUntruncatedBlogPosts: 'throw',
} satisfies Preset.Options['blog'];

/**
 * オフライン閲覧。既定の起動条件（アプリのインストールなど）では普通に読んだだけの読者が
 * オフラインで開けないため、'always' で最初の訪問からサイト全体と検索インデックスを保存する。
 */
const pwa = [
  // @docusaurus/plugin-pwa。ほかのプラグインが出力を書き換え終わってから Service Worker を組む（plugins/offline/pwa.ts）。
  path.resolve(__dirname, 'plugins/offline/pwa.ts'),
  {
    offlineModeActivationStrategies: ['always'],
    // 登録はデータセーバーを見る自前のモジュールで行い、fetch は保存分とオフライン用ページも扱う。
    swRegister: path.resolve(__dirname, 'plugins/offline/client/register.ts'),
    swCustom: path.resolve(__dirname, 'plugins/offline/sw-custom.js'),
    // swSrc と swDest はプラグインが設定するため、ここでは指定しない。
    injectManifestConfig: {
      manifestTransforms: [precacheTransform],
      maximumFileSizeToCacheInBytes: precacheFileMaxBytes,
      globIgnores: precacheGlobIgnores,
      // 名前にハッシュがあるファイルは中身が変わらないので、ページが取った分を HTTP キャッシュから使う。
      dontCacheBustURLsMatching: /\.[0-9a-f]{8}\./,
    } as PwaOptions['injectManifestConfig'],
    pwaHead: [
      {tagName: 'link', rel: 'manifest', href: '/manifest.json'},
      {tagName: 'link', rel: 'apple-touch-icon', href: '/img/icons/apple-touch-icon.png'},
      {tagName: 'meta', name: 'apple-mobile-web-app-capable', content: 'yes'},
    ],
  } satisfies PwaOptions,
] satisfies PluginConfig;

/** 以前のサイトの URL（/docs/0_intro、/docs/アプリの使用方法/…）を新しいページへ転送する。 */
const redirects = redirectsPlugin(legacyRedirects);

const config = {
  title: site.title,
  tagline: site.tagline,
  favicon: 'img/favicon.svg',
  url: siteUrl,
  baseUrl: '/',
  trailingSlash: false,
  titleDelimiter: site.titleDelimiter,

  // experimental_vcs: false — 最終更新日を表示しないので、ビルド時の Git 履歴の走査を省く。
  future: {v4: true, experimental_vcs: false},

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  markdown: {
    // .md は CommonMark、.mdx は MDX。エディターの書く記事（.md）は、本文の { や < でビルドが止まらない。
    format: 'detect',
    // true だとコードブロックが <mermaid> 要素になり、remark の remarkDiagrams が図を見つけられない。
    mermaid: false,
    hooks: {onBrokenMarkdownLinks: 'warn'},
    // ドキュメントの名前の文節をサイドバーの項目に持たせ、ドキュメントの区画のチャンクで届ける（plugins/phrases/docs.ts）。
    // 記事は、使えない front matter のキー（mdx など）や .mdx があればビルドを止める（plugins/blog/posts.ts）。
    parseFrontMatter: postFrontMatterGuard(
      __dirname,
      docLabelPhrases(path.resolve(__dirname, docs.path)),
    ),
  },

  i18n: {
    defaultLocale: site.locale,
    locales: [site.locale],
    localeConfigs: {
      [site.locale]: {label: '日本語', htmlLang: site.locale},
    },
  },

  // JS はすぐ取りに行くが、実行は最初の描画のあと（plugins/perf/ssrTemplate.ts）。
  ssrTemplate,
  // 既定の「baseUrl が違う」警告は、main.js が DOMContentLoaded より前に動く前提で出し分けている。
  // JS を描画のあとに動かすので誤って出てしまう。baseUrl は '/' 固定で、警告は要らない。
  baseUrlIssueBanner: false,
  clientModules: ['./src/clientModules/safePathname.ts'],
  // エディター（/admin/）は読者のページとは別に、ビルドのあとで組む（plugins/editor、scripts/editor.ts）。
  // 開発サーバー（npm run editor）だけが、組んだエディターを静的ファイルとして配る。
  staticDirectories,
  plugins: [
    perfPlugin,
    // ルート表を区画ごとに分け、ページが増えても入口のスクリプトを増やさない（plugins/routes）。
    routesPlugin,
    plainCodePlugin,
    phrasesPlugin,
    diagramsPlugin,
    imagesPlugin,
    // 開催事例のデータ（src/data/events）を確かめ、トップページに次の開催を渡す（plugins/events）。
    eventsPlugin,
    searchPlugin,
    seoPlugin,
    // classic のブログと同じもの。フィードに自分の URL と RSS の著者を足す（plugins/blog）。
    [path.resolve(__dirname, 'plugins/blog/index.ts'), blog],
    pwa,
    offlinePlugin,
    // 印刷用の CSS はほかのスタイルのあとに読み込む。
    printPlugin,
    redirects,
    ...(process.env.DENKI_TEST_ROUTES === '1' ? [testRoutesPlugin] : []),
  ],

  presets: [
    [
      'classic',
      {
        docs,
        blog: false,
        pages: {beforeDefaultRemarkPlugins, remarkPlugins, rehypePlugins},
        theme: {
          customCss: ['./src/css/custom.css', './src/css/a11y.css'],
        },
      } satisfies Preset.Options,
    ],
  ],

  themeConfig,
} satisfies Config;

export default config;
