// 予定の一覧は src/constants/schedule.ts（ビルドの文節分け plugins/phrases も読むため、共有の定数に置く）。
export {joinTasks, schedule, type Milestone, type Offset} from '../../constants/schedule';
