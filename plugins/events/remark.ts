/**
 * 開催事例のデータを Markdown の構文木にして、ページに入れる remark プラグイン（Docusaurus の見出しの id と目次より
 * 前に動かす: beforeDefaultRemarkPlugins）。
 * - docs/event-examples.mdx: <NextEvents /> の場所に次の開催を、<EventExamples /> の場所に開催した回と参加者の声を、
 *   開催時期のある回には検索エンジン向けの <EventJsonLd /> を入れる。
 * - 報告の記事（report に挙げた blog/<フォルダー名>/index.md）: 本文の下に、開催事例のその回へ戻るリンクを足す。
 */
import path from 'node:path';
import type {Root, RootContent} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import type {VFile} from 'vfile';
import {routes, siteUrl} from '../../src/constants/site';
import {eventJsonLd} from './json-ld';
import {loadEvents} from './load';
import {eventSection, reportBackLink, voicesSection} from './shared-mdast';
import {eventsMarker, nextEventsMarker, pageOrder, reportFolder, type EventView} from './shared';

/** 開催事例のページのファイル（サイトのフォルダーからのパス）。 */
export const eventsPage = 'docs/event-examples.mdx';

const jsonLdElement = (event: EventView): MdxJsxFlowElement[] => {
  const data = eventJsonLd(event, `${siteUrl}${routes.eventExamples}`);
  if (!data) return [];
  return [
    {
      type: 'mdxJsxFlowElement',
      name: 'EventJsonLd',
      attributes: [{type: 'mdxJsxAttribute', name: 'json', value: JSON.stringify(data)}],
      children: [],
    },
  ];
};

/** 印（<名前 />）を nodes に置き換える。印が無ければビルドを止める（データがページに出ないまま公開しない）。 */
function replaceMarker(tree: Root, name: string, nodes: RootContent[]): void {
  const index = tree.children.findIndex(
    (node) => node.type === 'mdxJsxFlowElement' && node.name === name,
  );
  if (index < 0)
    throw new Error(`${eventsPage} に <${name} /> がありません（開催事例を入れる場所の印）。`);
  tree.children.splice(index, 1, ...nodes);
}

function fillEventsPage(tree: Root, events: readonly EventView[]): void {
  const ordered = pageOrder(events);
  const past = ordered.filter((event) => !event.upcoming);
  replaceMarker(
    tree,
    nextEventsMarker,
    ordered.filter((event) => event.upcoming).flatMap(eventSection),
  );
  replaceMarker(tree, eventsMarker, [...past.flatMap(eventSection), ...voicesSection(past)]);
  tree.children.push(...ordered.flatMap(jsonLdElement));
}

export default function remarkEvents({siteDir}: {readonly siteDir: string}) {
  return (tree: Root, file: VFile): void => {
    const relative = path.relative(siteDir, file.path).split(path.sep).join('/');
    if (relative === eventsPage) {
      fillEventsPage(tree, loadEvents(siteDir));
      return;
    }
    const post = /^blog\/([^/]+)\/index\.mdx?$/.exec(relative)?.[1];
    if (!post) return;
    const event = loadEvents(siteDir).find(
      ({report}) => report !== undefined && reportFolder(report) === post,
    );
    if (event) tree.children.push(reportBackLink(event, routes.eventExamples));
  };
}
