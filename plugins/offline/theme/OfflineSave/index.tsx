import {useEffect, useId, useState, type ReactNode} from 'react';
import {bytesOf, filesFor, type SaveList, type SaveScope} from '../../shared';
import {
  canSave,
  fetchSaveList,
  formatMegabytes,
  readSaveStatus,
  removeSaved,
  saveForOffline,
  SaveError,
  type SaveFailure,
  type SavedCopy,
} from '../../client/save';
import styles from './styles.module.css';

type State =
  | {readonly step: 'idle'; readonly note?: string}
  | {readonly step: 'checking'; readonly scope?: SaveScope}
  | {readonly step: 'confirm'; readonly list: SaveList; readonly scope: SaveScope}
  | {
      readonly step: 'saving';
      readonly list: SaveList;
      readonly scope: SaveScope;
      readonly done: number;
    }
  | {readonly step: 'saved'; readonly copy: SavedCopy; readonly justNow: boolean}
  | {
      readonly step: 'failed';
      readonly failure: SaveFailure;
      readonly list?: SaveList;
      readonly scope: SaveScope;
    }
  | {readonly step: 'partial'; readonly scope: SaveScope};

const failureText: Readonly<Record<SaveFailure, string>> = {
  network:
    '接続が切れたため、保存を途中で止めました。まだ保存は終わっていません。電波の届く場所で「続きから保存」を押すと、残りだけを取りに行きます。',
  quota:
    '端末の空き容量が足りないため、保存できませんでした。途中まで保存した分は削除したので、これまでどおり読めます。空き容量を増やしてから、もう一度お試しください。',
  unsupported: 'このブラウザーでは、オフライン用の保存を使えません。',
};

/** 選択肢の名前と、何が入るか。 */
const scopeText: Readonly<Record<SaveScope, {readonly name: string; readonly what: string}>> = {
  docs: {
    name: 'ドキュメントだけ',
    what: '遊び方・開き方・アプリの使い方など、ドキュメントのすべてのページ',
  },
  all: {name: 'すべて', what: 'ドキュメントに加えて、ブログと検索用のデータ'},
};

const percent = (done: number, total: number): number =>
  total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 100;

const scopeBytes = (list: SaveList, scope: SaveScope): number => bytesOf(filesFor(list, scope));

/** ドキュメント（またはブログも含めたすべて）を端末に保存し、電波のない所でも読めるようにするボタン。 */
export default function OfflineSave(): ReactNode {
  const [state, setState] = useState<State>({step: 'idle'});

  useEffect(() => {
    let active = true;
    void readSaveStatus().then((status) => {
      if (!active) return;
      if (status.kind === 'saved') setState({step: 'saved', copy: status.copy, justNow: false});
      if (status.kind === 'partial') setState({step: 'partial', scope: status.scope});
    });
    return () => {
      active = false;
    };
  }, []);

  const fail = (error: unknown, scope: SaveScope, list?: SaveList): void =>
    setState({
      step: 'failed',
      failure: error instanceof SaveError ? error.failure : 'network',
      scope,
      ...(list ? {list} : {}),
    });

  /** 保存する量を調べて、選ぶ画面へ。scope は前もって選んでおく選択肢（既定はドキュメントだけ）。 */
  const check = async (scope: SaveScope = 'docs'): Promise<void> => {
    if (!canSave()) return fail(new SaveError('unsupported'), scope);
    setState({step: 'checking', scope});
    try {
      setState({step: 'confirm', list: await fetchSaveList(), scope});
    } catch (error) {
      fail(error, scope);
    }
  };

  const start = async (list: SaveList, scope: SaveScope): Promise<void> => {
    setState({step: 'saving', list, scope, done: 0});
    try {
      await saveForOffline(list, scope, (done) => setState({step: 'saving', list, scope, done}));
      const copy = {version: list.version, bytes: scopeBytes(list, scope), scope};
      setState({step: 'saved', copy, justNow: true});
    } catch (error) {
      fail(error, scope, list);
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
      {body(state, {
        check,
        start,
        remove,
        choose: (scope) => setState((now) => (now.step === 'confirm' ? {...now, scope} : now)),
        cancel: () => setState({step: 'idle'}),
      })}
    </section>
  );
}

type Actions = {
  readonly check: (scope?: SaveScope) => Promise<void>;
  readonly start: (list: SaveList, scope: SaveScope) => Promise<void>;
  readonly remove: () => Promise<void>;
  readonly choose: (scope: SaveScope) => void;
  readonly cancel: () => void;
};

/** ドキュメントだけか、すべてか。それぞれの量を添える。 */
function ScopeChoice({
  list,
  scope,
  choose,
}: {
  readonly list: SaveList;
  readonly scope: SaveScope;
  readonly choose: (scope: SaveScope) => void;
}): ReactNode {
  const name = useId();
  return (
    <fieldset className={styles.choice}>
      <legend className={styles.text}>保存するものを選んでください。</legend>
      {(['docs', 'all'] as const).map((id) => (
        <label key={id} className={styles.option}>
          <input
            type="radio"
            name={name}
            value={id}
            checked={scope === id}
            onChange={() => choose(id)}
          />
          <span>
            <strong>
              {scopeText[id].name}（{formatMegabytes(scopeBytes(list, id))}）
            </strong>
            <span className={styles.what}>{scopeText[id].what}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function body(state: State, actions: Actions): ReactNode {
  switch (state.step) {
    case 'idle':
    case 'checking':
      return (
        <>
          <p className={styles.text}>
            電波の弱い所でも読めるように、ドキュメントやブログを端末に保存できます。保存する前に、ダウンロードする量をお知らせします。
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
    case 'confirm': {
      const size = formatMegabytes(scopeBytes(state.list, state.scope));
      return (
        <>
          <ScopeChoice list={state.list} scope={state.scope} choose={actions.choose} />
          <div className={styles.actions}>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void actions.start(state.list, state.scope)}>
              保存を始める（{size}）
            </button>
            <button type="button" className="button button--secondary" onClick={actions.cancel}>
              やめる
            </button>
          </div>
        </>
      );
    }
    case 'saving': {
      const total = scopeBytes(state.list, state.scope);
      const value = percent(state.done, total);
      return (
        <>
          <progress
            className={styles.progress}
            max={100}
            value={value}
            aria-label="オフライン用の保存の進み具合"
          />
          <p className={styles.text} role="status">
            保存しています… {value}%（{formatMegabytes(total)}のうち）
          </p>
        </>
      );
    }
    case 'saved': {
      const {copy} = state;
      return (
        <>
          <p className={styles.text} role="status">
            {state.justNow ? '保存が終わりました。' : 'この端末に保存してあります。'}
            {copy.scope === 'docs'
              ? `電波がなくても、ドキュメントを読めます（${formatMegabytes(copy.bytes)}）。`
              : `電波がなくても、ドキュメントとブログを読めます（${formatMegabytes(copy.bytes)}）。`}
          </p>
          <div className={styles.actions}>
            {copy.scope === 'docs' && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void actions.check('all')}>
                ブログと検索も保存する
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void actions.remove()}>
              保存した内容を削除
            </button>
          </div>
        </>
      );
    }
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
                onClick={() =>
                  void (list ? actions.start(list, state.scope) : actions.check(state.scope))
                }>
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
