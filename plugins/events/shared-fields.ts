/** 開催事例のデータの欄（ビルドの確かめ、エディターの欄と書き方が使う。ブラウザーでも読む）。 */

/** 欄の名前（エラーの文とエディターの欄で同じ名前を使う）。並びはファイルの中の並び（エディターも同じ順に書く）。 */
export const eventFieldLabels = {
  number: '開催の回',
  name: 'イベントの名前',
  anchor: '見出しの id',
  month: '開催の年月',
  start: '開催の初日',
  end: '開催の最終日',
  region: '都道府県',
  area: 'エリア',
  lines: '使用路線',
  base: '拠点駅',
  content: 'イベントの内容',
  partners: 'ご協力いただいた皆さん',
  voices: '参加者の声',
  report: '開催の報告の記事',
} as const;
