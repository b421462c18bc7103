import {useSyncExternalStore, type ReactNode} from 'react';
import styles from './styles.module.css';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** オフラインで、保存してある内容（Service Worker のキャッシュ）を見ているか。 */
const isReadingOffline = (): boolean =>
  !navigator.onLine && Boolean(navigator.serviceWorker?.controller);

/** オフライン中に、いま見ているのが保存してある内容だと控えめに知らせる。 */
export default function OfflineNotice(): ReactNode {
  const offline = useSyncExternalStore(subscribe, isReadingOffline, () => false);
  if (!offline) return null;
  return (
    <p className={styles.notice} role="status">
      オフラインです。保存してある内容を表示しています。
    </p>
  );
}
