/**
 * 開催までのスケジュール。静的な表とプランナーの両方がこの一覧だけを読む。表の文字列はビルド時に文節へ分ける
 * （plugins/phrases/index.ts の scheduleTexts）。
 */

/** 開催日からさかのぼる幅。月単位は月末に合わせ、日単位はそのまま引く。 */
export type Offset =
  {readonly unit: 'month'; readonly count: number} | {readonly unit: 'day'; readonly count: number};

export type Milestone = {
  /** UID とテストに使う ASCII の名前。 */
  readonly id: string;
  readonly label: string;
  readonly before: Offset;
  readonly tasks: readonly string[];
};

export const schedule: readonly Milestone[] = [
  {
    id: '3-months',
    label: '3か月前',
    before: {unit: 'month', count: 3},
    tasks: ['おおまかなエリアと規模を決める', 'スタッフ集めを始める'],
  },
  {
    id: '2-months',
    label: '2か月前',
    before: {unit: 'month', count: 2},
    tasks: ['具体的なルールと開催日を決める', '募集方法を考える', 'ミッションの作成を始める'],
  },
  {
    id: '1-month',
    label: '1か月前',
    before: {unit: 'month', count: 1},
    tasks: ['参加者の募集を開始する', 'ルールを確定する', '告知を始める'],
  },
  {
    id: '1-week',
    label: '1週間前',
    before: {unit: 'day', count: 7},
    tasks: ['参加者に最終案内を送る', '備品を準備する'],
  },
  {
    id: 'event-day',
    label: '当日',
    before: {unit: 'day', count: 0},
    tasks: ['受付', 'ゲームの運営', 'トラブル対応'],
  },
];

/** 表の見出しの行。 */
export const scheduleHeaders = ['時期', 'やること'] as const;

/** 表の「やること」の欄: 読点でつなぐ。 */
export const joinTasks = (tasks: readonly string[]): string => tasks.join('、');
