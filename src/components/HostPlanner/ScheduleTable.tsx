import type {ReactNode} from 'react';
import schedulePhrases from '@generated/denki-phrases/default/schedule-phrases.json';
import {PhraseNodes} from '@theme/Phrases';
import {joinTasks, schedule, scheduleHeaders} from '../../constants/schedule';

/** 表のセルの文字列を、ビルド時に分けた文節で描く（セルに class="phrases"。文節の中では折り返さない）。 */
function Cell({as: As, text}: {readonly as: 'th' | 'td'; readonly text: string}): ReactNode {
  const phrases = schedulePhrases[text];
  if (!phrases) throw new Error(`[denki-phrases] スケジュールの表の「${text}」の文節がありません`);
  return (
    <As className="phrases">
      <PhraseNodes phrases={phrases} />
    </As>
  );
}

/** 開催までのスケジュールの表。JavaScript がなくても、MDX の表と同じ HTML で出る。 */
export default function ScheduleTable(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          {scheduleHeaders.map((header) => (
            <Cell key={header} as="th" text={header} />
          ))}
        </tr>
      </thead>
      <tbody>
        {schedule.map((milestone) => (
          <tr key={milestone.id}>
            <Cell as="td" text={milestone.label} />
            <Cell as="td" text={joinTasks(milestone.tasks)} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
