import {lazy, startTransition, Suspense, useId, useState, type ReactNode} from 'react';
import {dateRange, parseDateInput, toIsoDate, type ParsedDate, type PlainDate} from './dates';
import styles from './styles.module.css';

/** 予定表・.ics・印刷の部分。開催日の欄に初めて触れたときに読み込む（ページを開いただけでは読まない）。 */
const loadPlan = () => import(/* webpackChunkName: "host-planner" */ './Plan');

/** 読み込めなかったとき（電波が切れたなど）はページを壊さず、理由を伝える。 */
function PlanUnavailable(): ReactNode {
  return (
    <p role="alert" className={styles.error}>
      プランナーを読み込めませんでした。接続を確かめてから、ページを読み込み直してください。
    </p>
  );
}

const Plan = lazy(() => loadPlan().catch(() => ({default: PlanUnavailable})));

const warm = (): void => void loadPlan();

/** 開催日を選ぶと、各時期の日付とやることを並べる開催準備プランナー。 */
export default function HostPlanner(): ReactNode {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [entry, setEntry] = useState<ParsedDate | null>(null);
  const [planned, setPlanned] = useState<PlainDate | null>(null);

  const read = (input: HTMLInputElement): void => {
    const parsed = parseDateInput(input.value, input.validity.badInput);
    setEntry(parsed);
    // 予定は、コードが届いてから一度に出す（読み込み中の表示を挟まず、下の本文を二度動かさない）。
    startTransition(() => setPlanned(parsed.ok ? parsed.date : null));
  };
  const invalid = entry?.ok === false;

  return (
    <div className={styles.planner}>
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          開催日
        </label>
        <input
          id={id}
          type="date"
          className={styles.input}
          min={toIsoDate(dateRange.min)}
          max={toIsoDate(dateRange.max)}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${errorId} ${hintId}` : hintId}
          onFocus={warm}
          onPointerDown={warm}
          onChange={(event) => read(event.currentTarget)}
          onBlur={(event) => {
            if (entry !== null || event.currentTarget.validity.badInput) read(event.currentTarget);
          }}
        />
      </div>
      <p id={hintId} className={styles.hint}>
        開催日を選ぶと、上の表の各時期が何月何日になるかと、その時期にやることを表示します。
      </p>
      <noscript>
        <p className={styles.hint}>
          プランナーを使うには JavaScript を有効にしてください。時期とやることは上の表にあります。
        </p>
      </noscript>
      {invalid && (
        <p id={errorId} role="alert" className={styles.error}>
          {entry.message}
        </p>
      )}
      <Suspense>{planned && <Plan event={planned} />}</Suspense>
    </div>
  );
}
