/**
 * 見出しを文節で折り返す機能のすべて（README の「構成」）。ブラウザに BudouX は送らない。
 * - Markdown の見出しは rehype.ts が <wbr> を入れる。
 * - ドキュメントと記事の題（テーマが文字列から描く h1 と記事の一覧の h2）は、remark.ts がビルド時に文節へ分けて
 *   そのページの front matter に足す。ページの数だけ増えるものは、全ページが読むグローバルデータに入れない。
 * - ドキュメントのサイドバーと前後のリンクの名前は、docs.ts が front matter の sidebar_custom_props に足し、
 *   ドキュメントの区画のチャンクで届く。
 * - それ以外に実行時に文字列から描かれる見出し（タグや著者のページ名、見つからないページ、トップページの見出しと
 *   カード名、ナビゲーションバーとフッターの項目など、ページの数によらないもの）は、ここでビルド時に文節へ分け、
 *   文字列 → 文節の表をグローバルデータに置く。theme/Phrases が読み、どこにも無い日本語の見出しはビルドを止める。
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import type {AllContent, LoadContext, Plugin} from '@docusaurus/types';
import {features, featuresHeading, homeLead} from '../../src/constants/features';
import {blogSidebarPosts, site} from '../../src/constants/site';
import {phraseBreaks} from './shared';
import {phraseMap} from './split';

type BlogContent = {
  readonly blogTitle: string;
  /** 新しい順。 */
  readonly blogPosts: ReadonlyArray<{readonly metadata: {readonly title: string}}>;
  readonly blogTags: Readonly<Record<string, {readonly label: string; readonly items: unknown[]}>>;
  readonly authorsMap?: Readonly<Record<string, {readonly name?: string}>>;
};

/** プラグインの既定インスタンスの内容（無ければ undefined）。 */
function contentOf<T>(allContent: AllContent, plugin: string): T | undefined {
  return allContent[plugin]?.default as T | undefined;
}

type Translations = {
  readonly file: string;
  readonly messages: Readonly<Record<string, {readonly message: string}>>;
};

/** 翻訳の文面をそのまま見出しにするページ（見つからないページ、エラー、アーカイブ、著者一覧、タグ一覧）。 */
const headingMessageIds = [
  'theme.NotFound.title',
  'theme.ErrorPageContent.title',
  'theme.blog.archive.title',
  'theme.blog.authorsList.pageTitle',
  'theme.tags.tagsPageTitle',
] as const;

/** タグのページの h1 は、この文面にタグ名と「N件」を入れたもの。 */
const tagTitleId = 'theme.blog.tagTitle';

async function readTranslations(siteDir: string): Promise<Translations> {
  const file = path.join(siteDir, 'i18n', site.locale, 'code.json');
  const messages = JSON.parse(await readFile(file, 'utf8')) as Translations['messages'];
  return {file, messages};
}

/** 翻訳（i18n/ja/code.json）の文面。見出しの文節を用意できないので、無ければビルドを止める。 */
function messageOf({file, messages}: Translations, id: string): string {
  const message = messages[id]?.message;
  if (!message) throw new Error(`[${phraseBreaks.pluginName}] ${file} に ${id} がありません`);
  return message;
}

function blogTitles(allContent: AllContent, tagTemplate: string): string[] {
  const blog = contentOf<BlogContent>(allContent, 'docusaurus-plugin-content-blog');
  if (!blog) return [];
  const tagTitles = Object.values(blog.blogTags).map((tag) =>
    tagTemplate.replace('{tagName}', tag.label).replace('{nPosts}', `${tag.items.length}件`),
  );
  // 著者のページの h1 は著者名。
  const authorNames = Object.values(blog.authorsMap ?? {}).flatMap((author) =>
    author.name ? [author.name] : [],
  );
  // サイドバーの最近の記事（数は blogSidebarPosts まで。すべての記事の題は入れない）。
  const recentTitles = blog.blogPosts.slice(0, blogSidebarPosts).map((post) => post.metadata.title);
  return [blog.blogTitle, ...tagTitles, ...authorNames, ...recentTitles];
}

/** トップページの、コンポーネントが文字列から描く見出し、リード文、カードの項目。 */
const homeTexts = [
  site.title,
  site.tagline,
  homeLead,
  featuresHeading,
  ...features.flatMap((feature) => [feature.title, ...feature.points]),
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
    async allContentLoaded({allContent, actions}) {
      const translations = await readTranslations(context.siteDir);
      const tagTemplate = messageOf(translations, tagTitleId);
      const texts = [
        ...homeTexts,
        ...headingMessageIds.map((id) => messageOf(translations, id)),
        ...blogTitles(allContent, tagTemplate),
        ...chromeLabels(context),
      ];
      actions.setGlobalData({phrases: phraseMap(texts)});
    },
  };
}
