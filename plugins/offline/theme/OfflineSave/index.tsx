import {useEffect, useState, type ReactNode} from 'react';
import type {SaveList} from '../../shared';
import {
  canSave,
  fetchSaveList,
  formatMegabytes,
  readSaveStatus,
  removeSaved,
  saveForOffline,
  SaveError,
  type SaveFailure,
} from '../../client/save';
import styles from './styles.module.css';

type State =
  | {readonly step: 'idle'; readonly note?: string}
  | {readonly step: 'checking'}
  | {readonly step: 'confirm'; readonly list: SaveList}
  | {readonly step: 'saving'; readonly list: SaveList; readonly done: number}
  | {readonly step: 'saved'; readonly bytes: number; readonly justNow: boolean}
  | {readonly step: 'failed'; readonly failure: SaveFailure; readonly list?: SaveList}
  | {readonly step: 'partial'};

const failureText: Readonly<Record<SaveFailure, string>> = {
  network:
    '接続が切れたため、保存を途中で止めました。まだ保存は終わっていません。電波の届く場所で「続きから保存」を押すと、残りだけを取りに行きます。',
  quota:
    '端末の空き容量が足りないため、保存できませんでした。途中まで保存した分は削除したので、これまでどおり読めます。空き容量を増やしてから、もう一度お試しください。',
  unsupported: 'このブラウザーでは、オフライン用の保存を使えません。',
};

const percent = (done: number, total: number): number =>
  total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 100;

/** ドキュメントとブログをまとめて端末に保存し、電波のない所でも読めるようにするボタン。 */
export default function OfflineSave(): ReactNode {
  const [state, setState] = useState<State>({step: 'idle'});

  useEffect(() => {
    let active = true;
    void readSaveStatus().then((status) => {
      if (!active) return;
      if (status.kind === 'saved')
        setState({step: 'saved', bytes: status.copy.bytes, justNow: false});
      if (status.kind === 'partial') setState({step: 'partial'});
    });
    return () => {
      active = false;
    };
  }, []);

  const fail = (error: unknown, list?: SaveList): void =>
    setState({
      step: 'failed',
      failure: error instanceof SaveError ? error.failure : 'network',
      ...(list ? {list} : {}),
    });

  const check = async (): Promise<void> => {
    if (!canSave()) return fail(new SaveError('unsupported'));
    setState({step: 'checking'});
    try {
      setState({step: 'confirm', list: await fetchSaveList()});
    } catch (error) {
      fail(error);
    }
  };

  const start = async (list: SaveList): Promise<void> => {
    setState({step: 'saving', list, done: 0});
    try {
      await saveForOffline(list, (done) => setState({step: 'saving', list, done}));
      setState({step: 'saved', bytes: list.bytes, justNow: true});
    } catch (error) {
      fail(error, list);
    }
  };

  const remove = async (): Promise<void> => {
    await removeSaved();
    setState({step: 'idle', note: '保存した内容を削除しました。'});
  };

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
      {body(state, {check, start, remove, cancel: () => setState({step: 'idle'})})}
    </section>
  );
}

type Actions = {
  readonly check: () => Promise<void>;
  readonly start: (list: SaveList) => Promise<void>;
  readonly remove: () => Promise<void>;
  readonly cancel: () => void;
};

function body(state: State, actions: Actions): ReactNode {
  switch (state.step) {
    case 'idle':
    case 'checking':
      return (
        <>
          <p className={styles.text}>
            電波の弱い所でも読めるように、ドキュメントとブログを端末に保存できます。保存する前に、ダウンロードする量をお知らせします。
          </p>
          <button
            type="button"
            className="button button--secondary"
            disabled={state.step === 'checking'}
            onClick={() => void actions.check()}>
            オフラインで読めるように保存
          </button>
          <p className={styles.text} role="status">
            {state.step === 'idle' ? (state.note ?? '') : '保存する量を調べています…'}
          </p>
        </>
      );
    case 'confirm':
      return (
        <>
          <p className={styles.text}>
            ドキュメント・ブログ・検索用のデータをまとめて保存します。ダウンロードする量は
            <strong>{formatMegabytes(state.list.bytes)}</strong>です。
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void actions.start(state.list)}>
              保存を始める（{formatMegabytes(state.list.bytes)}）
            </button>
            <button type="button" className="button button--secondary" onClick={actions.cancel}>
              やめる
            </button>
          </div>
        </>
      );
    case 'saving': {
      const value = percent(state.done, state.list.bytes);
      return (
        <>
          <progress
            className={styles.progress}
            max={100}
            value={value}
            aria-label="オフライン用の保存の進み具合"
          />
          <p className={styles.text} role="status">
            保存しています… {value}%（{formatMegabytes(state.list.bytes)}のうち）
          </p>
        </>
      );
    }
    case 'saved':
      return (
        <>
          <p className={styles.text} role="status">
            {state.justNow ? '保存が終わりました。' : 'この端末に保存してあります。'}
            電波がなくても、ドキュメントとブログを読めます（{formatMegabytes(state.bytes)}）。
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void actions.remove()}>
            保存した内容を削除
          </button>
        </>
      );
    case 'partial':
    case 'failed': {
      const failure = state.step === 'failed' ? state.failure : 'network';
      const list = state.step === 'failed' ? state.list : undefined;
      return (
        <>
          <p className={styles.text} role="alert">
            {state.step === 'partial'
              ? '前回の保存は途中で止まっています。まだ保存は終わっていません。「続きから保存」を押すと、残りだけを取りに行きます。'
              : failureText[failure]}
          </p>
          {failure !== 'unsupported' && (
            <div className={styles.actions}>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void (list ? actions.start(list) : actions.check())}>
                {failure === 'network' ? '続きから保存' : 'もう一度保存する'}
              </button>
              {state.step === 'partial' && (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => void actions.remove()}>
                  途中まで保存した分を削除
                </button>
              )}
            </div>
          )}
        </>
      );
    }
  }
}
