import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import Phrases from '@theme/Phrases';
import {features, featuresHeading, type FeatureId} from '@site/src/constants/features';
import styles from './styles.module.css';

function PhoneIcon(): ReactNode {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <rect x="13" y="4" width="22" height="40" rx="4" fill="#6c44a2" />
      <rect x="16" y="9" width="16" height="27" rx="1.5" fill="#f4ecfa" />
      <circle cx="24" cy="40" r="2" fill="#f4ecfa" />
      <path
        d="M19 22.5 L23 26.5 L29.5 18.5"
        fill="none"
        stroke="#2f6b16"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function TrainIcon(): ReactNode {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <rect x="10" y="5" width="28" height="30" rx="7" fill="#6c44a2" />
      <rect x="14" y="10" width="20" height="10" rx="2" fill="#f4ecfa" />
      <circle cx="17" cy="27" r="2.5" fill="#7ed957" />
      <circle cx="31" cy="27" r="2.5" fill="#7ed957" />
      <path
        d="M15 35 L10 44 M33 35 L38 44 M13 40 H35"
        stroke="#3d2266"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

function FlagIcon(): ReactNode {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <path d="M12 44 V6" stroke="#3d2266" strokeWidth="3.5" strokeLinecap="round" />
      <path d="M13.5 7 H38 L32 15 L38 23 H13.5 Z" fill="#6c44a2" />
      <circle cx="24" cy="15" r="3.5" fill="#7ed957" />
      <circle cx="26" cy="38" r="4" fill="#b88bd4" />
      <circle cx="36" cy="38" r="4" fill="#b88bd4" />
    </svg>
  );
}

const icons: Readonly<Record<FeatureId, () => ReactNode>> = {
  easy: PhoneIcon,
  'wide-area': TrainIcon,
  host: FlagIcon,
};

export default function HomepageFeatures(): ReactNode {
  return (
    <section className={styles.features} aria-labelledby="features-heading">
      <div className="container">
        <Heading as="h2" id="features-heading" className={styles.sectionTitle}>
          {featuresHeading}
        </Heading>
        <ul className={styles.grid}>
          {features.map(({id, title, points}) => {
            const Icon = icons[id];
            return (
              <li key={id} className={styles.card}>
                <div className={styles.icon}>
                  <Icon />
                </div>
                <Heading as="h3" className={styles.cardTitle}>
                  {title}
                </Heading>
                <ul className={styles.points}>
                  {points.map((point) => (
                    <li key={point}>
                      <Phrases text={point} />
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
