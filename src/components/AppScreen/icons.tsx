/** 図の中の小さなアイコン。線だけの簡単な形で、印刷でも拡大でもにじまない。 */
import type {ReactNode} from 'react';
import styles from './styles.module.css';

const shapes = {
  home: <path d="M3 11 12 4l9 7M6 9v11h12V9" />,
  book: <path d="M4 5h7v15H4zM13 5h7v15h-7" />,
  people: (
    <path d="M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20c0-4 3-6 6-6s6 2 6 6M16 5a3 3 0 0 1 0 6M21 20c0-3-1-5-4-6" />
  ),
  person: <path d="M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-5 4-7 8-7s8 2 8 7" />,
  search: <path d="M10 17a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM15 15l6 6" />,
  card: <path d="M3 6h18v12H3zM3 10h18" />,
  plus: <path d="M12 4v16M4 12h16" />,
  check: <path d="M4 12l5 5L20 6" />,
  clock: <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 3" />,
  coin: <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9 9h6M12 9v7" />,
  warning: <path d="M12 3 2 21h20zM12 10v5M12 17v1" />,
  trophy: (
    <path d="M7 4h10v5a5 5 0 0 1-10 0zM12 14v4M8 20h8M7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4" />
  ),
  mission: <path d="M6 4h12v17H6zM9 9h6M9 13h6" />,
  map: <path d="M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2zM9 4v14M15 6v14" />,
  history: <path d="M4 12a8 8 0 1 0 3-6M4 4v4h4M12 8v4l3 2" />,
  cross: <path d="M6 6l12 12M18 6 6 18" />,
  reload: <path d="M20 12a8 8 0 1 1-3-6M20 4v5h-5" />,
  stack: <path d="M12 3 3 8l9 5 9-5zM3 13l9 5 9-5" />,
  pin: (
    <path d="M12 21s-7-6-7-12a7 7 0 0 1 14 0c0 6-7 12-7 12zM12 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4z" />
  ),
  upload: <path d="M12 16V4M7 9l5-5 5 5M4 20h16" />,
  download: <path d="M12 4v12M7 11l5 5 5-5M4 20h16" />,
  send: <path d="M3 11 21 3l-8 18-2-8z" />,
  flag: <path d="M5 21V4h12l-2 4 2 4H5" />,
  disk: <path d="M4 4h13l3 3v13H4zM8 4v5h8V4M8 20v-6h8v6" />,
  chevron: <path d="M9 6l6 6-6 6" />,
  sparkle: <path d="M12 3v6M12 15v6M3 12h6M15 12h6" />,
  camera: <path d="M3 8h4l2-3h6l2 3h4v11H3zM12 16a3 3 0 1 0 0-6 3 3 0 0 0 0 6z" />,
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof shapes;

export function Icon({name}: {name: IconName}): ReactNode {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
      {shapes[name]}
    </svg>
  );
}
