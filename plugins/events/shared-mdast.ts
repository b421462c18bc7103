/**
 * 開催事例のページの中身（Markdown の構文木）を、イベントのデータから作る。ビルドの remark.ts がページの印の
 * 場所に入れ（目次・検索・文節の区切り・印刷・オフラインは、書いた Markdown と同じく見出しや表として扱う）、
 * エディターのプレビューも同じ木を描く。見出しの id は今日までの {/* #id *\/} と同じ。
 */
import type {
  Heading,
  List,
  ListItem,
  Paragraph,
  PhrasingContent,
  RootContent,
  Table,
  TableRow,
} from 'mdast';
import {nextEventsHeading, periodText, sectionIds, type EventView} from './shared';

const text = (value: string) => ({type: 'text', value}) as const;

const paragraph = (...children: PhrasingContent[]): Paragraph => ({type: 'paragraph', children});

const heading = (depth: 2 | 3, title: string, id: string): Heading => ({
  type: 'heading',
  depth,
  children: [text(title)],
  data: {hProperties: {id}},
});

const list = (items: readonly PhrasingContent[][]): List => ({
  type: 'list',
  ordered: false,
  spread: false,
  children: items.map((children): ListItem => ({
    type: 'listItem',
    spread: false,
    children: [paragraph(...children)],
  })),
});

const row = (cells: readonly string[]): TableRow => ({
  type: 'tableRow',
  children: cells.map((cell) => ({type: 'tableCell', children: [text(cell)]})),
});

/** 開催時期・エリア・使用路線・拠点駅の表（書いてある行だけ。1 行も無ければ表を出さない）。 */
function summaryTable(event: EventView): Table | undefined {
  const rows = [
    ['開催時期', periodText(event)],
    ['エリア', event.area],
    ['使用路線', event.lines?.join('、')],
    ['拠点駅', event.base],
  ].filter((cells): cells is [string, string] => cells[1] !== undefined);
  if (rows.length === 0) return undefined;
  return {type: 'table', align: [null, null], children: [row(['項目', '内容']), ...rows.map(row)]};
}

/** 1 回の開催の節。表か協力者があるときだけ、内容に「イベントの内容」の見出しを付ける。 */
export function eventSection(event: EventView): RootContent[] {
  const ids = sectionIds(event);
  const table = summaryTable(event);
  const partners = event.partners ?? [];
  const titled = table !== undefined || partners.length > 0;
  const content = event.content.map((value) => paragraph(text(value)));
  return [
    heading(2, event.upcoming ? `${nextEventsHeading}：${event.name}` : event.name, ids.section),
    ...(table ? [table] : []),
    ...(titled ? [heading(3, 'イベントの内容', ids.content)] : []),
    ...content,
    ...(partners.length > 0
      ? [
          heading(3, 'ご協力いただいた皆さん', ids.partners),
          list(
            partners.map(({name, role}) => [
              {type: 'strong', children: [text(name)]},
              text(`：${role}`),
            ]),
          ),
        ]
      : []),
    ...(event.reportPath
      ? [paragraph({type: 'link', url: event.reportPath, children: [text('開催の報告を読む')]})]
      : []),
  ];
}

/** 参加者の声の節（声のある回だけ、回の順）。声が 1 つも無ければ節を出さない。 */
export function voicesSection(events: readonly EventView[]): RootContent[] {
  const voiced = events
    .filter((event) => (event.voices ?? []).length > 0)
    .sort((a, b) => a.number - b.number);
  if (voiced.length === 0) return [];
  return [
    heading(2, '参加者の声', 'participant-voices'),
    paragraph(text('参加者から寄せられた感想の一部を、要約して紹介します。')),
    ...voiced.flatMap((event) => [
      heading(3, `第${event.number}回の感想`, sectionIds(event).voices),
      list((event.voices ?? []).map((voice) => [text(voice)])),
    ]),
  ];
}

/** 記事の下に付ける、開催事例のその回の節へ戻るリンク。 */
export function reportBackLink(event: Pick<EventView, 'anchor' | 'name'>, page: string): Paragraph {
  return paragraph(
    text('この記事は、'),
    {type: 'link', url: `${page}#${event.anchor}`, children: [text(`開催事例の「${event.name}」`)]},
    text('の開催の報告です。'),
  );
}
