/**
 * 実行時に文字列から描かれる見出し（ドキュメントの h1、ブログの記事名、タグのページ名、トップページの
 * 見出しとカード名）を、ビルド時に文節へ分けておくプラグイン。結果は文字列 → 文節の表として
 * グローバルデータに置き、src/components/Phrases が読む。ブラウザに BudouX は送らない。
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import type {AllContent, LoadContext, Plugin} from '@docusaurus/types';
import {features} from '../../src/components/HomepageFeatures/features';
import {phraseBreaks, site, type PhraseMap} from '../../src/constants/site';
import {splitPhrases} from './split';

type DocsContent = {
  readonly loadedVersions: readonly {readonly docs: readonly {title: string}[]}[];
};
type BlogContent = {
  readonly blogPosts: readonly {readonly metadata: {readonly title: string}}[];
  readonly blogTags: Readonly<Record<string, {readonly label: string; readonly items: unknown[]}>>;
};

/** プラグインの既定インスタンスの内容（無ければ undefined）。 */
function contentOf<T>(allContent: AllContent, plugin: string): T | undefined {
  return allContent[plugin]?.default as T | undefined;
}

/** タグのページの h1 は翻訳（i18n/ja/code.json）の文面に、タグ名と「N件」を入れたもの。 */
async function tagTitleTemplate(siteDir: string): Promise<string> {
  const file = path.join(siteDir, 'i18n', site.locale, 'code.json');
  const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, {message: string}>;
  const template = messages['theme.blog.tagTitle']?.message;
  if (!template)
    throw new Error(`[${phraseBreaks.pluginName}] ${file} に theme.blog.tagTitle がありません`);
  return template;
}

function docTitles(allContent: AllContent): string[] {
  const docs = contentOf<DocsContent>(allContent, 'docusaurus-plugin-content-docs');
  return docs?.loadedVersions.flatMap((version) => version.docs.map((doc) => doc.title)) ?? [];
}

function blogTitles(allContent: AllContent, tagTemplate: string): string[] {
  const blog = contentOf<BlogContent>(allContent, 'docusaurus-plugin-content-blog');
  if (!blog) return [];
  const tagTitles = Object.values(blog.blogTags).map((tag) =>
    tagTemplate.replace('{tagName}', tag.label).replace('{nPosts}', `${tag.items.length}件`),
  );
  return [...blog.blogPosts.map((post) => post.metadata.title), ...tagTitles];
}

/** トップページの、コンポーネントが文字列から描く見出し。 */
const homeTexts = [site.title, site.tagline, ...features.map((feature) => feature.title)];

export function phraseMap(texts: readonly string[]): PhraseMap {
  return Object.fromEntries(texts.map((text) => [text, splitPhrases(text)]));
}

export default function phrasesPlugin(context: LoadContext): Plugin {
  return {
    name: phraseBreaks.pluginName,
    async allContentLoaded({allContent, actions}) {
      const tagTemplate = await tagTitleTemplate(context.siteDir);
      const texts = [
        ...homeTexts,
        ...docTitles(allContent),
        ...blogTitles(allContent, tagTemplate),
      ];
      actions.setGlobalData({phrases: phraseMap(texts)});
    },
  };
}
