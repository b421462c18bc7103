import {useId, type ReactNode} from 'react';
import {formatJapaneseDateWithWeekday} from '../../utils/japaneseDate';
import {compareDates, datedSchedule, today, toIsoDate, type PlainDate} from './dates';
import {buildIcs, icsFileName} from './ics';
import styles from './styles.module.css';

/** 印刷ボタンで印刷するあいだ <html> に付ける印。印刷用の CSS がチェックリストだけを残す。 */
const printFlag = 'data-print-planner';

function saveIcs(event: PlainDate): void {
  const blob = new Blob([buildIcs(event, new Date())], {type: 'text/calendar;charset=utf-8'});
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = icsFileName(event);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function printChecklist(): void {
  const root = document.documentElement;
  root.setAttribute(printFlag, '');
  window.addEventListener('afterprint', () => root.removeAttribute(printFlag), {once: true});
  window.print();
}

/** 開催日から数えた各時期の日付とやること、.ics の保存と印刷。 */
export default function Plan({event}: {readonly event: PlainDate}): ReactNode {
  const titleId = useId();
  const now = today();
  const milestones = datedSchedule(event);
  return (
    <>
      {compareDates(event, now) < 0 && (
        <p role="status" className={styles.notice}>
          開催日が今日より前の日付です。過去の日付でも予定は作れますが、日付をもう一度ご確認ください。
        </p>
      )}
      <section className={styles.checklist} aria-labelledby={titleId}>
        <p id={titleId} className={styles.title}>
          開催準備チェックリスト（開催日: {formatJapaneseDateWithWeekday(event)}）
        </p>
        <ol className={styles.milestones}>
          {milestones.map((milestone) => (
            <li key={milestone.id} className={styles.milestone}>
              <p className={styles.when}>
                <span className={styles.period}>{milestone.label}</span>
                <time dateTime={toIsoDate(milestone.date)}>
                  {formatJapaneseDateWithWeekday(milestone.date)}
                </time>
                {milestone.id !== 'event-day' && compareDates(milestone.date, now) < 0 && (
                  <span className={styles.passed}>今日より前</span>
                )}
              </p>
              <ul className={styles.tasks}>
                {milestone.tasks.map((task) => (
                  <li key={task}>{task}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>
      <div className={styles.actions}>
        <button type="button" className="button button--primary" onClick={() => saveIcs(event)}>
          カレンダー用のファイルを保存
        </button>
        <button type="button" className="button button--secondary" onClick={printChecklist}>
          チェックリストを印刷
        </button>
      </div>
    </>
  );
}
