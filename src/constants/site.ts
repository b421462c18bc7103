/**
 * 電鬼 docs のサイト定数。設定・ページ・テストのすべてがここを参照する。
 * 事務局が書くデータ（src/data/）は import しない（issue 65。lib/announcement.ts などが fs で読む）。
 */

export type ExternalLink = {
  readonly label: string;
  readonly href: string;
};

export type BrandColors = {
  /** ブランドの淡い紫。背景や装飾に使い、白地の文字色には使わない。 */
  readonly primary: string;
  /** 深い紫。白地の文字・リンク・ボタンの文字色と枠線。 */
  readonly deep: string;
  /** 黄緑。成功やアクセント。 */
  readonly success: string;
};

export const DEFAULT_SITE_URL = 'https://traffic-tag-docs.web.app';

/** ビルド時に SITE_URL 環境変数で差し替えられる公開 URL。 */
export const siteUrl: string = (
  (typeof process !== 'undefined' && process.env?.SITE_URL) ||
  DEFAULT_SITE_URL
).replace(/\/+$/, '');

export const site = {
  title: '電鬼',
  tagline: '街じゅうがフィールドになる、新しい鬼ごっこ',
  description:
    '電車やバスで街全体を逃げ回る大規模鬼ごっこ「電鬼」の公式ドキュメント。イベントの開催方法と電鬼アプリの使い方をまとめています。',
  locale: 'ja',
  titleDelimiter: '|',
  office: '大規模鬼ごっこ事務局',
  company: '合同会社FunAMP',
  copyrightYear: 2025,
} as const;

export const copyright = `Copyright © ${site.copyrightYear} ${site.company} ${site.office}`;

export const links = {
  app: {label: '電鬼２', href: 'https://traffic-tag-game.web.app/'},
  discord: {label: 'Discord', href: 'https://discord.gg/nnphyY9Ujg'},
  x: {label: 'X', href: 'https://x.com/metrotagTeam'},
  company: {label: '合同会社FunAMP', href: 'https://funamp.jp'},
} as const satisfies Record<string, ExternalLink>;

export const colors: BrandColors = {
  primary: '#b88bd4',
  deep: '#6c44a2',
  success: '#7ed957',
};

/** サイトのソースを置く GitHub のリポジトリーと、公開するブランチ（エディターが記事を足す先）。 */
export const sourceRepository = {repo: 'sandaime-RM/traffic-tag-docs', branch: 'main'} as const;

/** サイト内の主要ルート。テストとナビゲーションで共有する。 */
export const routes = {
  home: '/',
  docs: '/docs',
  intro: '/docs/intro',
  host: '/docs/1_host',
  eventExamples: '/docs/event-examples',
  appIntro: '/docs/app-usage/intro',
  accountSetup: '/docs/app-usage/account-setup',
  organizerGameSetup: '/docs/app-usage/organizer-game-setup',
  organizerManagement: '/docs/app-usage/organizer-management',
  participantGuide: '/docs/app-usage/participant-guide',
  blog: '/blog',
  blogPost: '/blog/2025/03/16/docs-site-launch',
  blogArchive: '/blog/archive',
  blogAuthors: '/blog/authors',
  blogAuthor: '/blog/authors/matsuri',
  blogTags: '/blog/tags',
  blogTagAnnouncement: '/blog/tags/announcement',
  blogTagUpdate: '/blog/tags/update',
  markdownPage: '/markdown-page',
} as const;

export type RouteName = keyof typeof routes;

/**
 * 初回の訪問の裏で端末に取っておくページ: 当日に要る遊び方・開き方・アプリの使い方。ここに無いドキュメント
 * （地域ごとの案内など、これから増えていくもの）とブログは、フッターの「オフラインで読めるように保存」で保存する。
 * ページが増えても、裏で取る量はこの一覧の分だけで増えない。
 */
export const offlineBackgroundRoutes: readonly string[] = [
  routes.home,
  routes.docs,
  routes.intro,
  routes.host,
  routes.eventExamples,
  routes.appIntro,
  routes.accountSetup,
  routes.participantGuide,
  routes.organizerGameSetup,
  routes.organizerManagement,
];

/** ブログのサイドバーに並べる最近の記事の数。すべての記事はアーカイブ（routes.blogArchive）に並ぶ。 */
export const blogSidebarPosts = 10;

/** お知らせバーの中身（エディター（/admin/）でも書き換える src/data/announcement.json。lib/announcement.ts が読む）。 */
export type AnnouncementContent = {
  readonly text: string;
  readonly linkLabel: string;
  /** サイトの中のパス（/blog/…）か、https の URL。 */
  readonly link: string;
};

/** 文字列の FNV-1a ハッシュ（32 ビット、16 進 8 桁）。ブラウザーと Node.js の両方で同じ値。 */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (const unit of new TextEncoder().encode(text)) {
    hash ^= unit;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** お知らせの id は中身から作る。文言かリンクが変われば id も変わり、前のお知らせを閉じた読者にも表示する。 */
export const announcementId = ({text, linkLabel, link}: AnnouncementContent): string =>
  `notice-${fnv1a(JSON.stringify([text, linkLabel, link]))}`;

/** 以前のサイトの URL。リンク切れを防ぐため新しいページへ転送する。 */
export const legacyAppUsageDir = '/docs/アプリの使用方法';

export const appUsagePages = [
  'intro',
  'account-setup',
  'organizer-game-setup',
  'organizer-management',
  'participant-guide',
] as const;

export type Redirect = {readonly from: string; readonly to: string};

export const legacyRedirects: readonly Redirect[] = [
  {from: '/docs/0_intro', to: routes.intro},
  {from: legacyAppUsageDir, to: routes.appIntro},
  ...appUsagePages.map((page) => ({
    from: `${legacyAppUsageDir}/${page}`,
    to: `/docs/app-usage/${page}`,
  })),
];
