/** サイトの全ルートと、各ページで見えるべき見出し・本文。ほかのテストもここから読む。 */
import {routes, type RouteName} from '../../src/constants/site';

export type SiteRoute = {
  readonly name: RouteName;
  readonly path: string;
  /** ページの h1 の文言（文字列なら完全一致、正規表現なら部分一致）。 */
  readonly heading: string | RegExp;
  /** 本文（main の中）に含まれるはずの一節。 */
  readonly text: string;
  readonly kind: 'home' | 'doc' | 'blog' | 'page';
};

type RouteFacts = Omit<SiteRoute, 'name' | 'path'>;

const facts = {
  home: {heading: '電鬼', text: '電鬼の特長', kind: 'home'},
  docs: {heading: 'ドキュメント', text: '目的別の読み方', kind: 'doc'},
  intro: {heading: 'どんなイベント？', text: '公共交通機関', kind: 'doc'},
  host: {heading: '鬼ごっこの開催', text: '開催までのスケジュール', kind: 'doc'},
  eventExamples: {heading: '開催事例', text: '流山おおたかの森駅', kind: 'doc'},
  appIntro: {heading: '電鬼アプリとは', text: 'ゲームID', kind: 'doc'},
  accountSetup: {heading: 'アカウントの作成', text: 'ニックネーム', kind: 'doc'},
  organizerGameSetup: {heading: 'ゲームの作成（主催者）', text: 'チームを追加', kind: 'doc'},
  organizerManagement: {heading: 'ゲームの運営（主催者）', text: 'クレジット', kind: 'doc'},
  participantGuide: {heading: '参加者の操作', text: 'つかまえた', kind: 'doc'},
  blog: {heading: 'ブログ', text: '電鬼の公式ドキュメントサイトを公開しました', kind: 'blog'},
  blogPost: {
    heading: '電鬼の公式ドキュメントサイトを公開しました',
    text: 'これからの予定',
    kind: 'blog',
  },
  blogArchive: {
    heading: 'アーカイブ',
    text: '電鬼の公式ドキュメントサイトを公開しました',
    kind: 'blog',
  },
  blogAuthors: {heading: '著者一覧', text: 'まつり', kind: 'blog'},
  blogAuthor: {heading: 'まつり', text: '電鬼アプリ開発者', kind: 'blog'},
  blogTags: {heading: 'タグ', text: 'アップデート', kind: 'blog'},
  blogTagAnnouncement: {
    heading: /「?お知らせ」?/,
    text: '電鬼の公式ドキュメントサイトを公開しました',
    kind: 'blog',
  },
  blogTagUpdate: {
    heading: /「?アップデート」?/,
    text: '電鬼の公式ドキュメントサイトを公開しました',
    kind: 'blog',
  },
  markdownPage: {heading: 'このサイトについて', text: '大規模鬼ごっこ事務局', kind: 'page'},
} as const satisfies Record<RouteName, RouteFacts>;

/** site.ts の routes の全件。順番もそのまま。 */
export const siteRoutes: readonly SiteRoute[] = (Object.keys(routes) as RouteName[]).map(
  (name) => ({name, path: routes[name], ...facts[name]}),
);

export const docRoutes = siteRoutes.filter((route) => route.kind === 'doc');

/** Markdown から作られ、見出しに ASCII の id を付けるページ。 */
export const markdownRoutes = siteRoutes.filter(
  (route) => route.kind === 'doc' || route.name === 'blogPost' || route.name === 'markdownPage',
);

export function routeByName(name: RouteName): SiteRoute {
  const found = siteRoutes.find((route) => route.name === name);
  if (!found) throw new Error(`unknown route ${name}`);
  return found;
}

/** どのルートにも当たらないパス。HTTP 404 と日本語の「見つかりません」ページになるべきもの。 */
export const unknownPaths = [
  '/no-such-page',
  '/docs/no-such-doc',
  '/blog/2025/03/16/no-such-post',
  '/blog/tags/no-such-tag',
  '/docs/app-usage/%E5%AD%98%E5%9C%A8%E3%81%97%E3%81%AA%E3%81%84',
] as const;

/** 404 ページに出る文言。 */
export const notFound = {
  heading: 'ページが見つかりません',
  /** 「リンク元のサイトの持ち主にリンクを直してもらう」旨の一文。 */
  askOwner:
    /リンク.*(所有者|管理者|運営者|持ち主).*(壊れ|切れ|修正|直)|(所有者|管理者|運営者|持ち主).*リンク.*(壊れ|切れ|修正|直)/,
} as const;
