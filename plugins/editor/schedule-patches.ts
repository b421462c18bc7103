/**
 * 公開予約の知らせ（client/schedule.tsx）を、Decap の記事の一覧の行（EntryCard）とワークフローのカードの題に
 * はさむ書き換え（decap-patches.ts が、ほかの書き換えと同じく、前の文が 1 度だけあることを確かめて当てる）。
 */
import path from 'node:path';

const importSchedule = `import { withScheduleNote as denkiWithScheduleNote } from ${JSON.stringify(
  path.join(__dirname, 'client/schedule.tsx'),
)};`;

export const schedulePatches = [
  {
    file: 'components/Collection/Entries/EntryCard.js',
    original: "import { selectEntryCollectionTitle } from '../../../reducers/collections';",
    replacement: `import { selectEntryCollectionTitle } from '../../../reducers/collections';\n${importSchedule}`,
  },
  {
    file: 'components/Collection/Entries/EntryCard.js',
    original: '  const summary = selectEntryCollectionTitle(collection, entry);',
    replacement:
      '  const summary = denkiWithScheduleNote(selectEntryCollectionTitle(collection, entry), collection, entry);',
  },
  {
    file: 'components/Workflow/WorkflowList.js',
    original: "import { selectEntryCollectionTitle } from '../../reducers/collections';",
    replacement: `import { selectEntryCollectionTitle } from '../../reducers/collections';\n${importSchedule}`,
  },
  {
    file: 'components/Workflow/WorkflowList.js',
    original: '              title: selectEntryCollectionTitle(collection, entry),',
    replacement:
      '              title: denkiWithScheduleNote(selectEntryCollectionTitle(collection, entry), collection, entry),',
  },
] as const;
