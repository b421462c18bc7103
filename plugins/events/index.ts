/**
 * 開催事例の機能のすべて（README の「構成」）。1 回の開催を 1 ファイル（src/data/events/*.json）に書き、
 * - ビルドの初めに load.ts がすべてのファイルを確かめる（違えばファイル名と欄を挙げて止める）。
 * - remark.ts が開催事例のページ（次の開催・開催した回・参加者の声・Event の JSON-LD）と、報告の記事の
 *   戻りのリンクを作る（ページは静的な HTML のまま。目次・検索・文節・印刷・オフラインは書いた Markdown と同じ）。
 * - トップページの「次の開催」には、次の開催だけをグローバルデータで渡す（開催した回は入れない）。
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {buildToday, loadEvents} from './load';
import {eventsPage} from './remark';
import {
  eventsDir,
  pageOrder,
  periodText,
  reportFolder,
  type EventsGlobalData,
  type EventView,
  type NextEvent,
} from './shared';

export {default as remarkEvents} from './remark';

const nextEvent = ({anchor, name, area, ...event}: EventView): NextEvent => ({
  anchor,
  name,
  ...(periodText(event) ? {period: periodText(event)} : {}),
  ...(area ? {area} : {}),
});

/**
 * ビルドの「今日」を書いたファイル（変わったときだけ書き直す）。開催事例のページはこれにも依存するので、日が
 * 変わると、Rspack の永続キャッシュ（CI が次のビルドに残す）から前の日のページを使わずに組み直す。
 */
function writeToday(file: string): void {
  const today = buildToday();
  if (existsSync(file) && readFileSync(file, 'utf8') === today) return;
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(file, today);
}

export default function eventsPlugin(context: LoadContext): Plugin {
  const {siteDir} = context;
  const blogDir = path.join(siteDir, 'blog');
  const todayFile = path.join(context.generatedFilesDir, 'denki-events', 'today.txt');
  /** 読み込んで確かめた回（loadContent が入れる）。 */
  let events: readonly EventView[] = [];
  return {
    name: 'denki-events',
    async loadContent() {
      events = loadEvents(siteDir);
      writeToday(todayFile);
    },
    async contentLoaded({actions}) {
      const next = pageOrder(events)
        .filter((event) => event.upcoming)
        .map(nextEvent);
      // グローバルデータはどのページの main.js にも入るので、次の開催が無ければ何も入れない。
      if (next.length > 0) actions.setGlobalData({next} satisfies EventsGlobalData);
    },
    configureWebpack: () => ({
      module: {
        rules: [
          {
            // 報告の記事（report に挙げたもの）と開催事例のページ。
            test: [
              path.join(siteDir, eventsPage),
              ...events.flatMap(({report}) =>
                report
                  ? ['index.md', 'index.mdx'].map((name) =>
                      path.join(blogDir, reportFolder(report), name),
                    )
                  : [],
              ),
            ],
            use: [
              {
                loader: path.resolve(__dirname, 'dependency-loader.cjs'),
                options: {dir: path.join(siteDir, eventsDir), files: [todayFile]},
              },
            ],
          },
        ],
      },
    }),
    getPathsToWatch: () => [path.join(siteDir, eventsDir, '*.json')],
  };
}
