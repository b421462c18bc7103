/**
 * classic プリセットのブログのプラグインそのもの（設定ではファイルのパスで渡し、オプションの検証も
 * ブログのプラグインのものを使う）。違いは 5 つ。
 * - 記事を読む前に、記事のフォルダーに使えない front matter のキーや .mdx が無いかを確かめ、あればファイルと
 *   キーを挙げてビルドを止める（plugins/blog/posts.ts）。
 * - 記事を読む前に、tags.yml と authors.yml のページのパスが /blog/tags/ と /blog/authors/ の下に収まるかを
 *   確かめ、外を指せばファイルとキーを挙げてビルドを止める（plugins/blog/permalinks.ts）。
 * - フィードを書いた直後に、自分の URL と RSS の著者を足す（plugins/blog/feeds.ts）。各プラグインの
 *   postBuild は並行に走るので、別のプラグインではフィードが書き終わったかわからない。ここでブログの postBuild を包む。
 * - アーカイブのルートには、記事の題・日付・URL だけを年ごとに渡す（plugins/blog/archive.ts）。
 * - タグのページのルートには、題の文節を渡す（plugins/phrases/tags.ts）。
 * - 日付がビルドの今日より後の記事（公開予約）は出さず、まだ出ない記事へのリンクがあれば止める（plugins/blog/schedule.ts）。
 */
import blogPlugin, {validateOptions} from '@docusaurus/plugin-content-blog';
import type {BlogContent, PluginOptions} from '@docusaurus/plugin-content-blog';
import type {LoadContext, Plugin} from '@docusaurus/types';
import path from 'node:path';
import {getPluginI18nPath, normalizeUrl} from '@docusaurus/utils';
import {tagTitlePhrasesActions} from '../phrases/tags';
import {slimArchiveActions} from './archive';
import {completeFeedFiles} from './feeds';
import {checkPermalinkFiles} from './permalinks';
import {checkPostFiles} from './posts';
import {
  buildToday,
  checkScheduledLinks,
  showsScheduled,
  splitScheduled,
  type ScheduledPost,
} from './schedule';

/** 記事の URL を末尾のスラッシュの有無によらず比べる。 */
const pathKey = (url: string): string => new URL(url).pathname.replace(/\/+$/, '');

function authorsByPostUrl(
  content: BlogContent,
  siteUrl: string,
): (postUrl: string) => readonly string[] {
  const byPath = new Map(
    content.blogPosts.map(({metadata}) => [
      pathKey(`${siteUrl}${metadata.permalink}`),
      metadata.authors.flatMap((author) => (author.name ? [author.name] : [])),
    ]),
  );
  return (postUrl) => byPath.get(pathKey(postUrl)) ?? [];
}

export {validateOptions};

export default async function blogWithCompleteFeeds(
  context: LoadContext,
  options: PluginOptions,
): Promise<Plugin<BlogContent>> {
  /** 公開予約の記事（processBlogPosts が一覧から外したもの）。 */
  let scheduled: readonly ScheduledPost[] = [];
  const plugin = await blogPlugin(context, {
    ...options,
    async processBlogPosts(params) {
      const posts = (await options.processBlogPosts(params)) ?? params.blogPosts;
      const split = splitScheduled(posts, buildToday(), context.siteDir);
      scheduled = split.scheduled;
      return showsScheduled() ? posts : split.published;
    },
  });
  const {url, baseUrl} = context.siteConfig;
  const siteUrl = url.replace(/\/+$/, '');
  /** フィードのあるフォルダの、サイト内のパス（/blog）。 */
  const feedDir = `${baseUrl}/${options.routeBasePath}`.replace(/\/+/g, '/').replace(/\/$/, '');
  /** ブログのプラグインが記事を読むフォルダー（blog/ と、訳の i18n/<言語>/docusaurus-plugin-content-blog/）。 */
  const postDirs = [
    path.resolve(context.siteDir, options.path),
    getPluginI18nPath({
      localizationDir: context.localizationDir,
      pluginName: 'docusaurus-plugin-content-blog',
      pluginId: options.id,
    }),
  ];
  const [contentPath, contentPathLocalized] = postDirs as [string, string];
  const blogBase = normalizeUrl([baseUrl, options.routeBasePath]);
  return {
    ...plugin,
    async loadContent() {
      await checkPostFiles(context.siteDir, postDirs);
      await checkPermalinkFiles({
        siteDir: context.siteDir,
        contentPaths: {contentPath, contentPathLocalized},
        tags: options.tags,
        authorsMapPath: options.authorsMapPath,
        tagsBase: normalizeUrl([blogBase, options.tagsBasePath]),
        authorsBase: normalizeUrl([blogBase, options.authorsBasePath]),
      });
      const content = await (plugin.loadContent?.() as Promise<BlogContent>);
      await checkScheduledLinks(context.siteDir, scheduled, buildToday());
      return content;
    },
    async contentLoaded({content, actions}) {
      const slim = await slimArchiveActions(actions, content, options.blogArchiveComponent);
      await plugin.contentLoaded?.({
        content,
        // タグのページの題の文節は、そのルートの props で届ける（plugins/phrases/tags.ts）。
        actions: await tagTitlePhrasesActions(
          slim,
          context.siteDir,
          options.blogTagsPostsComponent,
        ),
      });
    },
    async postBuild(props) {
      await plugin.postBuild?.(props);
      const types = options.feedOptions.type;
      if (!types || props.content.blogPosts.length === 0) return;
      await completeFeedFiles({
        outDir: props.outDir,
        dir: options.routeBasePath,
        publicDir: `${siteUrl}${feedDir}`,
        types,
        authorsOf: authorsByPostUrl(props.content, siteUrl),
      });
    },
  };
}
