/**
 * 開催事例のデータ（src/data/events/*.json）の書き方。Decap は欄の値を Immutable の Map で持ち、9 個を超える
 * キーの並びを保たないので、保存のたびにキーの順が変わる。ファイルの並び（plugins/events/schema.ts の欄の順、
 * 協力者は名前・していただいたこと）に並べ直して書き、1 つの欄を直したら、その行だけが変わるようにする。
 */
import {eventFieldLabels} from '../../events/shared-fields';
import {dataToFile} from './format';

const fieldOrder = Object.keys(eventFieldLabels);
const partnerOrder = ['name', 'role'];

/** order の順に並べ、order に無いキーはそのあとに元の順で並べる。 */
function ordered(data: Record<string, unknown>, order: readonly string[]): Record<string, unknown> {
  const keys = [
    ...order.filter((key) => key in data),
    ...Object.keys(data).filter((key) => !order.includes(key)),
  ];
  return Object.fromEntries(keys.map((key) => [key, data[key]]));
}

export function eventToFile(data: Record<string, unknown>): string {
  const partners = Array.isArray(data.partners)
    ? data.partners.map((partner: Record<string, unknown>) => ordered(partner, partnerOrder))
    : data.partners;
  return dataToFile(ordered({...data, ...(partners ? {partners} : {})}, fieldOrder));
}
