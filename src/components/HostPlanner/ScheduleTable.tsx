import type {ReactNode} from 'react';
import {joinTasks, schedule} from './schedule';

/** 開催までのスケジュールの表。JavaScript がなくても、MDX の表と同じ HTML で出る。 */
export default function ScheduleTable(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>時期</th>
          <th>やること</th>
        </tr>
      </thead>
      <tbody>
        {schedule.map((milestone) => (
          <tr key={milestone.id}>
            <td>{milestone.label}</td>
            <td>{joinTasks(milestone.tasks)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
