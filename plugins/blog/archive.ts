/**
 * アーカイブのルートに渡すものを、記事のメタデータ全部（著者、タグ、front matter、読了時間、前後の記事…）から、
 * 表示する題・日付・URL だけに減らす（issue 27: 1,000 本の記事で props が 4 MB を超え、開くたびに読んでいた）。
 * ブログのプラグインが作るアーカイブのルート（props.archive.blogPosts）を、年ごとにまとめた小さなデータの
 * モジュールに差し替える。
 */
import type {BlogContent, BlogPost} from '@docusaurus/plugin-content-blog';
import type {PluginContentLoadedActions, RouteConfig} from '@docusaurus/types';
import {splitPhrases} from '../phrases/split';
import type {ArchivePost, ArchiveProps, ArchiveYear} from './shared';

/** 文節の区切りの位置（最初の文節の終わりから、最後の文節の始まりまで）。 */
function phraseBreakOffsets(title: string): number[] {
  const offsets: number[] = [];
  let at = 0;
  for (const phrase of splitPhrases(title).slice(0, -1)) offsets.push((at += phrase.length));
  return offsets;
}

/** アーカイブに並べる記事（ブログのプラグインと同じく、unlisted の記事を除く）を年ごとに。 */
export function archiveYears(posts: readonly BlogPost[]): ArchiveYear[] {
  const years = new Map<string, ArchivePost[]>();
  for (const {metadata} of posts) {
    if (metadata.unlisted) continue;
    const date = new Date(metadata.date).toISOString().slice(0, 10);
    const year = date.slice(0, 4);
    const list = years.get(year) ?? [];
    list.push({
      title: metadata.title,
      date,
      permalink: metadata.permalink,
      breaks: phraseBreakOffsets(metadata.title),
    });
    years.set(year, list);
  }
  return Array.from(years, ([year, list]) => ({year, posts: list}));
}

const fail = (what: string): never => {
  throw new Error(
    `[denki-blog] ${what}。@docusaurus/plugin-content-blog のアーカイブのルートの形が変わったので、plugins/blog/archive.ts を見直してください。`,
  );
};

/**
 * addRoute を包み、アーカイブのルート（component が blogArchiveComponent）の props を、createData で書いた
 * 年ごとのデータ（モジュール years）に置き換える。ルートの形が想定と違えばビルドを止める。
 */
export async function slimArchiveActions(
  actions: PluginContentLoadedActions,
  content: BlogContent,
  archiveComponent: string,
): Promise<PluginContentLoadedActions> {
  const data: ArchiveProps = {years: archiveYears(content.blogPosts)};
  const yearsModule = await actions.createData(
    'denki-archive-years.json',
    JSON.stringify(data.years),
  );
  const addRoute = (route: RouteConfig): void => {
    if (route.component !== archiveComponent) {
      actions.addRoute(route);
      return;
    }
    const archive = (route.props as {archive?: {blogPosts?: unknown}} | undefined)?.archive;
    if (!Array.isArray(archive?.blogPosts))
      fail('アーカイブのルートに props.archive.blogPosts がありません');
    actions.addRoute({...route, props: undefined, modules: {...route.modules, years: yearsModule}});
  };
  return {...actions, addRoute};
}
