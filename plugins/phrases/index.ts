/**
 * 見出しを文節で折り返す機能のすべて（README の「構成」）。ブラウザに BudouX は送らない。
 * - Markdown の見出しは rehype.ts が <wbr> を入れる。
 * - ドキュメントと記事の題（テーマが文字列から描く h1 と記事の一覧の h2）は、remark.ts がビルド時に文節へ分けて
 *   そのページの front matter に足す。ページの数だけ増えるものは、全ページが読むグローバルデータに入れない。
 * - ドキュメントのサイドバーと前後のリンクの名前は、docs.ts が front matter の sidebar_custom_props に足し、
 *   ドキュメントの区画のチャンクで届く。
 * - タグのページの題は、tags.ts がそのルートの props に足す（タグの数だけあるので）。
 * - サイドバーのカテゴリー名は、ここでグローバルデータの表に入れる。テーマの Category は同じ名前を開閉ボタンの
 *   aria-label にも入れるので、写した theme/DocSidebarItem/Category が見える名前だけを文節で描く（upstream.ts が
 *   写した元の変化を見張る）。
 * - それ以外に実行時に文字列から描かれる見出し（著者のページ名、見つからないページ、トップページの見出しと
 *   カード名、ナビゲーションバーとフッターの項目など、ページの数によらないもの）は、ここでビルド時に文節へ分け、
 *   文字列 → 文節の表をグローバルデータに置く。theme/Phrases が読み、どこにも無い日本語の見出しはビルドを止める。
 */
import path from 'node:path';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import type {AllContent, LoadContext, Plugin} from '@docusaurus/types';
import {features, featuresHeading, homeLead} from '../../src/constants/features';
import {nextEventsHeading} from '../events/shared';
import {joinTasks, schedule, scheduleHeaders} from '../../src/constants/schedule';
import {blogSidebarPosts, site} from '../../src/constants/site';
import {packPhrases, phraseBreaks} from './shared';
import {phraseMap} from './split';
import {messageOf, readTranslations} from './translations';
import {checkEjected} from './upstream';

type BlogContent = {
  readonly blogTitle: string;
  /** 新しい順。 */
  readonly blogPosts: ReadonlyArray<{readonly metadata: {readonly title: string}}>;
  readonly authorsMap?: Readonly<Record<string, {readonly name?: string}>>;
};

/** プラグインの既定インスタンスの内容（無ければ undefined）。 */
function contentOf<T>(allContent: AllContent, plugin: string): T | undefined {
  return allContent[plugin]?.default as T | undefined;
}

/** 翻訳の文面をそのまま見出しにするページ（見つからないページ、エラー、アーカイブ、著者一覧、タグ一覧）。 */
const headingMessageIds = [
  'theme.NotFound.title',
  'theme.ErrorPageContent.title',
  'theme.blog.archive.title',
  'theme.blog.authorsList.pageTitle',
  'theme.tags.tagsPageTitle',
] as const;

function blogTitles(allContent: AllContent): string[] {
  const blog = contentOf<BlogContent>(allContent, 'docusaurus-plugin-content-blog');
  if (!blog) return [];
  // タグのページの題（タグの数だけある）は tags.ts がそのルートの props に入れる。
  // 著者のページの h1 は著者名。
  const authorNames = Object.values(blog.authorsMap ?? {}).flatMap((author) =>
    author.name ? [author.name] : [],
  );
  // サイドバーの最近の記事（数は blogSidebarPosts まで。すべての記事の題は入れない）。
  const recentTitles = blog.blogPosts.slice(0, blogSidebarPosts).map((post) => post.metadata.title);
  return [blog.blogTitle, ...authorNames, ...recentTitles];
}

type SidebarItem = DocsContent['loadedVersions'][number]['sidebars'][string][number];

function categoryLabelsIn(items: readonly SidebarItem[]): string[] {
  return items.flatMap((item) =>
    item.type === 'category' ? [item.label, ...categoryLabelsIn(item.items)] : [],
  );
}

/** ドキュメントのサイドバーのカテゴリー名（サイドバーの数と同じく、ページの数ほどは増えない）。 */
function categoryLabels(allContent: AllContent): string[] {
  const docs = contentOf<DocsContent>(allContent, 'docusaurus-plugin-content-docs');
  return (docs?.loadedVersions ?? []).flatMap((version) =>
    Object.values(version.sidebars).flatMap(categoryLabelsIn),
  );
}

/** トップページの、コンポーネントが文字列から描く見出し、リード文、カードの項目。 */
const homeTexts = [
  site.title,
  site.tagline,
  homeLead,
  featuresHeading,
  ...features.flatMap((feature) => [feature.title, ...feature.points]),
  nextEventsHeading,
];

/**
 * 開催準備のスケジュールの表（src/components/HostPlanner/ScheduleTable.tsx）のセル。表は 1 ページにしか無いので、
 * グローバルデータではなく生成ファイル（phraseBreaks.scheduleDataFile）に置き、表の部品が import する
 * （そのページのチャンクで届く）。
 */
const scheduleTexts = [
  ...scheduleHeaders,
  ...schedule.flatMap((milestone) => [milestone.label, joinTasks(milestone.tasks)]),
];

/** 値の中の、文字列の label をすべて集める（ナビゲーションバーとフッターの項目）。 */
function labelsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(labelsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    (key === 'label' || key === 'title') && typeof inner === 'string' ? [inner] : labelsIn(inner),
  );
}

/** ナビゲーションバーとフッターの項目の名前（設定の themeConfig）。 */
function chromeLabels(context: LoadContext): string[] {
  const {navbar, footer} = context.siteConfig.themeConfig as {navbar?: unknown; footer?: unknown};
  return labelsIn([navbar, footer]);
}

export default function phrasesPlugin(context: LoadContext): Plugin {
  return {
    name: phraseBreaks.pluginName,
    getThemePath: () => path.resolve(__dirname, 'theme'),
    getClientModules: () => [path.resolve(__dirname, 'styles.css')],
    // 写した部品の元が変わっていたら、ページを作る前に止める（swizzle で写し直すときは loadContent を呼ばない）。
    loadContent: () => checkEjected(),
    async allContentLoaded({allContent, actions}) {
      const translations = await readTranslations(context.siteDir);
      const texts = [
        ...homeTexts,
        ...headingMessageIds.map((id) => messageOf(translations, id)),
        ...blogTitles(allContent),
        ...chromeLabels(context),
        ...categoryLabels(allContent),
      ];
      actions.setGlobalData({phrases: packPhrases(phraseMap(texts))});
      await actions.createData(
        phraseBreaks.scheduleDataFile,
        JSON.stringify(phraseMap(scheduleTexts)),
      );
    },
  };
}
