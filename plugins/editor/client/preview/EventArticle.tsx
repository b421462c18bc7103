/**
 * 開催事例のその回の節を、ドキュメントのページ（/docs/event-examples）の本文の列と同じ要素と class で描く。
 * 節の中身はサイトのビルドと同じ plugins/events/mdast.ts が作る（書きかけの欄は空として扱う）。
 */
import React, {useMemo, type ReactNode} from 'react';
import type {Root} from 'mdast';
import {toJsxRuntime} from 'hast-util-to-jsx-runtime';
import {Fragment, jsx, jsxs} from 'react/jsx-runtime';
import remarkRehype from 'remark-rehype';
import {unified} from 'unified';
import {eventSection, voicesSection} from '../../../events/shared-mdast';
import {isUpcoming, reportPath, type EventView} from '../../../events/shared';
import rehypePreviewPhrases from './phrases-hast';

const processor = unified().use(remarkRehype).use(rehypePreviewPhrases);

const texts = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    : [];

const optionalText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** 日本時間の今日（YYYY-MM-DD）。 */
const today = (): string =>
  new Intl.DateTimeFormat('en-CA', {timeZone: 'Asia/Tokyo'}).format(new Date());

/** 欄の値（書きかけも含む）→ ページに描く形。 */
function eventView(data: Record<string, unknown>): EventView {
  const report = optionalText(data.report);
  const event = {
    number: typeof data.number === 'number' ? data.number : 0,
    anchor: optionalText(data.anchor) ?? 'event',
    name: optionalText(data.name) ?? '（イベントの名前がまだありません）',
    month: optionalText(data.month),
    start: optionalText(data.start),
    end: optionalText(data.end),
    region: optionalText(data.region) ?? '',
    area: optionalText(data.area),
    lines: texts(data.lines),
    base: optionalText(data.base),
    content: texts(data.content),
    partners: (Array.isArray(data.partners) ? data.partners : []).flatMap(
      (partner: {name?: unknown; role?: unknown}) => {
        const name = optionalText(partner?.name);
        return name ? [{name, role: optionalText(partner.role) ?? ''}] : [];
      },
    ),
    voices: texts(data.voices),
  };
  return {
    ...event,
    lines: event.lines.length > 0 ? event.lines : undefined,
    ...(report ? {report, reportPath: reportPath(report)} : {}),
    upcoming: isUpcoming(event, today()),
  };
}

export function EventArticle({json}: {readonly json: string}): ReactNode {
  const content = useMemo(() => {
    const event = eventView(JSON.parse(json) as Record<string, unknown>);
    const tree: Root = {
      type: 'root',
      children: [...eventSection(event), ...(event.upcoming ? [] : voicesSection([event]))],
    };
    const hast = processor.runSync(tree);
    return toJsxRuntime(hast, {Fragment, jsx, jsxs});
  }, [json]);
  return (
    <div className="container margin-vert--lg denki-preview">
      <div className="row">
        <main className="col denki-preview__main">
          <article>
            <div className="theme-doc-markdown markdown">{content}</div>
          </article>
        </main>
      </div>
    </div>
  );
}
