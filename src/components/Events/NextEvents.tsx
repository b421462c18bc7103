import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useGlobalData from '@docusaurus/useGlobalData';
import Heading from '@theme/Heading';
import {nextEventsHeading, type EventsGlobalData} from '@site/plugins/events/shared';
import {routes} from '@site/src/constants/site';
import styles from './styles.module.css';

/**
 * トップページの「次の開催」。開催事例のデータのうち最終日が今日か今日より後の回だけを、ビルドが渡す
 * （plugins/events。毎日のデプロイで、最終日を過ぎた回はここから消え、開催した回になる）。無ければ何も出さない。
 */
export default function NextEvents(): ReactNode {
  // 次の開催が無いビルドには、このプラグインのグローバルデータが無い。
  const data = useGlobalData()['denki-events']?.default as EventsGlobalData | undefined;
  const next = data?.next ?? [];
  if (next.length === 0) return null;
  return (
    <section className={styles.next} aria-labelledby="next-events">
      <div className="container">
        <Heading as="h2" id="next-events" className={styles.heading}>
          {nextEventsHeading}
        </Heading>
        <ul className={styles.list}>
          {next.map((event) => (
            <li key={event.anchor}>
              <Link to={`${routes.eventExamples}#${event.anchor}`} className={styles.name}>
                {event.name}
              </Link>
              {event.period || event.area ? (
                <span className={styles.detail}>
                  {[event.period, event.area].filter(Boolean).join('　')}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
