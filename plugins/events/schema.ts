/**
 * 開催事例のデータの形。決まりのすべて（欄の形、欄どうし・ファイルどうしの決まり）は、ビルドとエディターが同じものを
 * 使うよう shared-rules.ts にある。ビルドのコード（load.ts、plugins/editor/collections.ts）はここから読む。
 */
export {
  anchorPattern,
  datePattern,
  eventFieldLabels,
  eventSchema,
  fieldName,
  monthPattern,
  type EventData,
} from './shared-rules';
