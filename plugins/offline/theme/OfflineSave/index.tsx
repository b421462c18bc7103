import {useEffect, useState, type ComponentType, type ReactNode} from 'react';
import {hasSavedCopy} from '../../client/save-cache';
import {Intro} from './Intro';
import type {PanelStart} from './Panel';
import styles from './styles.module.css';

type Loaded = {readonly Panel: ComponentType<{start: PanelStart}>; readonly start: PanelStart};

/**
 * 保存の本体（Panel）。どのページの入口の JS にも入れず、押されたとき、または保存がすでにあるときに読み込む。
 * どのルートにも属さない遅延チャンクなので、Service Worker が裏で取っておく（plugins/offline/precache.ts）。
 */
const loadPanel = () => import(/* webpackChunkName: "offline-save" */ './Panel');

const loadFailed =
  '保存の準備を読み込めませんでした。電波の届く場所で、もう一度「オフラインで読めるように保存」を押してください。';

/** ドキュメント（またはブログも含めたすべて）を端末に保存し、電波のない所でも読めるようにするボタン。 */
export default function OfflineSave(): ReactNode {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(false);
  const [note, setNote] = useState<string | undefined>(undefined);

  const open = (start: PanelStart): void => {
    setLoading(true);
    loadPanel().then(
      ({default: Panel}) => setLoaded({Panel, start}),
      () => {
        setLoading(false);
        setNote(loadFailed);
      },
    );
  };

  // 保存がある端末では、その状態（保存済み・途中まで）をすぐ示す。
  useEffect(() => {
    void hasSavedCopy().then((saved) => {
      if (saved) open('status');
    });
  }, []);

  // 開発サーバーでは plugin-pwa が動かない（../../client/register.ts）。本番ビルドではこの分岐ごと消える。
  if (process.env.NODE_ENV !== 'production') {
    return (
      <section className={styles.box} aria-label="オフライン用の保存">
        <p className={styles.text}>
          オフライン用の保存は、開発サーバー（<code>npm start</code>）では使えません。
          <code>npm run build</code> のあと <code>npm run serve:build</code>{' '}
          で開いたサイトで試せます。
        </p>
      </section>
    );
  }
  return (
    <section className={styles.box} aria-label="オフライン用の保存">
      {loaded ? (
        <loaded.Panel start={loaded.start} />
      ) : (
        <Intro checking={loading} note={note} onSave={() => open('check')} />
      )}
    </section>
  );
}
