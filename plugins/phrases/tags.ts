/**
 * ブログのタグのページの h1（「お知らせ」タグの記事（1件））の文節を、そのタグのルートの props に足す。題はタグの
 * 数だけあるので、全ページが読むグローバルデータには入れない。テーマの BlogTagsPostsPage が読む。
 * ブログのプラグイン（plugins/blog）が contentLoaded の actions をこれで包む。
 */
import type {PluginContentLoadedActions, RouteConfig} from '@docusaurus/types';
import {phraseBreaks, type PhrasesProps} from './shared';
import {phraseMap} from './split';
import {messageOf, readTranslations} from './translations';

/** タグのページの h1 は、この文面にタグ名と「N件」を入れたもの。 */
const tagTitleId = 'theme.blog.tagTitle';

type TagProp = {readonly label: string; readonly count: number};

function tagOf(route: RouteConfig): TagProp {
  const tag = (route.props as {tag?: Partial<TagProp>} | undefined)?.tag;
  if (typeof tag?.label !== 'string' || typeof tag.count !== 'number') {
    throw new Error(
      `[${phraseBreaks.pluginName}] タグのページ ${route.path} の props に tag.label と tag.count がありません。@docusaurus/plugin-content-blog のタグのルートの形が変わったので、plugins/phrases/tags.ts を見直してください。`,
    );
  }
  return {label: tag.label, count: tag.count};
}

/** addRoute を包み、タグのページ（component が tagsPostsComponent）の props に題の文節を足す。 */
export async function tagTitlePhrasesActions(
  actions: PluginContentLoadedActions,
  siteDir: string,
  tagsPostsComponent: string,
): Promise<PluginContentLoadedActions> {
  const template = messageOf(await readTranslations(siteDir), tagTitleId);
  const addRoute = (route: RouteConfig): void => {
    if (route.component !== tagsPostsComponent) {
      actions.addRoute(route);
      return;
    }
    const {label, count} = tagOf(route);
    const title = template.replace('{tagName}', label).replace('{nPosts}', `${count}件`);
    const props: PhrasesProps = {[phraseBreaks.customPropsKey]: phraseMap([title])};
    actions.addRoute({...route, props: {...route.props, ...props}});
  };
  return {...actions, addRoute};
}
