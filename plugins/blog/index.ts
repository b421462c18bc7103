/**
 * classic プリセットのブログのプラグインそのもの（設定ではファイルのパスで渡し、オプションの検証も
 * ブログのプラグインのものを使う）。違いは 3 つ。
 * - フィードを書いた直後に、自分の URL と RSS の著者を足す（plugins/blog/feeds.ts）。各プラグインの
 *   postBuild は並行に走るので、別のプラグインではフィードが書き終わったかわからない。ここでブログの postBuild を包む。
 * - アーカイブのルートには、記事の題・日付・URL だけを年ごとに渡す（plugins/blog/archive.ts）。
 * - タグのページのルートには、題の文節を渡す（plugins/phrases/tags.ts）。
 */
import blogPlugin, {validateOptions} from '@docusaurus/plugin-content-blog';
import type {BlogContent, PluginOptions} from '@docusaurus/plugin-content-blog';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {tagTitlePhrasesActions} from '../phrases/tags';
import {slimArchiveActions} from './archive';
import {completeFeedFiles} from './feeds';

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
  const plugin = await blogPlugin(context, options);
  const {url, baseUrl} = context.siteConfig;
  const siteUrl = url.replace(/\/+$/, '');
  /** フィードのあるフォルダの、サイト内のパス（/blog）。 */
  const feedDir = `${baseUrl}/${options.routeBasePath}`.replace(/\/+/g, '/').replace(/\/$/, '');
  return {
    ...plugin,
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
