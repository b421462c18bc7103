import type {ReactNode} from 'react';
import JsonLd from '@site/src/components/JsonLd';

/**
 * 開催事例の 1 回の構造化データ（schema.org の Event）を <head> に入れる。json はビルドが開催事例のデータから作る
 * （plugins/events/json-ld.ts。ページの Markdown に remark が入れる）。書き出しはサイト共通の JsonLd（エスケープ済み）。
 */
export default function EventJsonLd({json}: {readonly json: string}): ReactNode {
  return <JsonLd data={JSON.parse(json) as object} />;
}
