import type {ReactNode} from 'react';
import styles from './styles.module.css';

type Station = {readonly x: number; readonly y: number};

const stations: readonly Station[] = [
  {x: 40, y: 150},
  {x: 110, y: 150},
  {x: 180, y: 90},
  {x: 250, y: 90},
  {x: 180, y: 200},
  {x: 290, y: 170},
  {x: 110, y: 60},
];

/** 路線図をかたどった装飾。画像ファイルを読み込まず、CLS も起こさない。 */
export default function HeroArt(): ReactNode {
  return (
    <svg
      className={styles.art}
      viewBox="0 0 330 240"
      width="330"
      height="240"
      aria-hidden="true"
      focusable="false">
      <path d="M20 150 H110 L180 90 H310" className={styles.lineA} />
      <path d="M110 30 V60 L180 130 V220" className={styles.lineB} />
      <path d="M40 210 L180 200 L290 170 L310 120" className={styles.lineC} />
      {stations.map(({x, y}) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="8" className={styles.station} />
      ))}
      <g className={styles.runner}>
        <circle cx="250" cy="90" r="13" />
        <text x="250" y="95" textAnchor="middle">
          逃
        </text>
      </g>
      <g className={styles.oni}>
        <circle cx="110" cy="150" r="13" />
        <text x="110" y="155" textAnchor="middle">
          鬼
        </text>
      </g>
    </svg>
  );
}
