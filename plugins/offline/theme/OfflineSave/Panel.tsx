/**
 * 保存ボタンの本体（選ぶ・保存する・進み具合・完了・失敗）。index.tsx が、押されたとき、または
 * 保存がすでにあるときに読み込む（どのページの入口の JS にも入れない）。
 */
import {useEffect, useId, useState, type ReactNode} from 'react';
import {
  bytesOf,
  choiceFiles,
  filesFor,
  photosFor,
  type SaveChoice,
  type SaveList,
  type SaveScope,
} from '../../shared';
import {canSave} from '../../client/save-cache';
import {
  fetchSaveList,
  formatMegabytes,
  readSaveStatus,
  removeSaved,
  savedCopy,
  saveForOffline,
  SaveError,
  type SaveFailure,
  type SavedCopy,
  type SaveStatus,
} from '../../client/save';
import {pruneWhenOnline} from '../../client/prune';
import {Intro} from './Intro';
import styles from './styles.module.css';

type State =
  | {readonly step: 'idle'; readonly note?: string}
  | {readonly step: 'checking'}
  | {readonly step: 'confirm'; readonly list: SaveList; readonly choice: SaveChoice}
  | {
      readonly step: 'saving';
      readonly list: SaveList;
      readonly choice: SaveChoice;
      readonly done: number;
    }
  | {readonly step: 'saved'; readonly copy: SavedCopy; readonly justNow: boolean}
  | {
      readonly step: 'failed';
      readonly failure: SaveFailure;
      readonly list?: SaveList;
      readonly choice: SaveChoice;
    }
  | {readonly step: 'partial'; readonly choice: SaveChoice};

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
const choiceBytes = (list: SaveList, choice: SaveChoice): number =>
  bytesOf(choiceFiles(list, choice));

/** 最初に選んである保存: ドキュメントだけ、写真なし（通信量の少ないほう）。 */
const frugal: SaveChoice = {scope: 'docs', photos: false};

function failedState(error: unknown, choice: SaveChoice, list?: SaveList): State {
  return {
    step: 'failed',
    failure: error instanceof SaveError ? error.failure : 'network',
    choice,
    ...(list ? {list} : {}),
  };
}

/** 保存する量を調べた結果の状態（選ぶ画面か、失敗）。 */
async function choiceState(choice: SaveChoice): Promise<State> {
  if (!canSave()) return failedState(new SaveError('unsupported'), choice);
  try {
    return {step: 'confirm', list: await fetchSaveList(), choice};
  } catch (error) {
    return failedState(error, choice);
  }
}

/** 端末にある保存の状態から、最初に見せる状態（保存がなければそのまま）。 */
function statusState(status: SaveStatus): State | null {
  if (status.kind === 'saved') return {step: 'saved', copy: status.copy, justNow: false};
  if (status.kind === 'partial') return {step: 'partial', choice: status.choice};
  return null;
}

/** 写真のある選択肢で、写真を含むかどうかと枚数（写真のない選択肢では何も足さない）。 */
function photoNote(list: SaveList, {scope, photos}: SaveChoice): string {
  const count = photosFor(list, scope).length;
  if (count === 0) return '';
  return photos ? `・写真 ${count} 枚を含む` : '・写真なし';
}

/** 読み込まれたときにすること: 保存の状態を読むか（保存がある）、保存する量を調べるか（押された）。 */
export type PanelStart = 'status' | 'check';

export default function Panel({start}: {readonly start: PanelStart}): ReactNode {
  const [state, setState] = useState<State>(
    start === 'check' ? {step: 'checking'} : {step: 'idle'},
  );

  const fail = (error: unknown, choice: SaveChoice, list?: SaveList): void =>
    setState(failedState(error, choice, list));

  /** 保存する量を調べて、選ぶ画面へ。choice は前もって選んでおく選択肢。 */
  const check = async (choice: SaveChoice = frugal): Promise<void> => {
    setState({step: 'checking'});
    setState(await choiceState(choice));
  };

  useEffect(() => {
    let active = true;
    const settle = (next: State | null): void => {
      if (active && next) setState(next);
    };
    if (start === 'check') void choiceState(frugal).then(settle);
    else {
      void readSaveStatus().then((status) => settle(statusState(status)));
      // サイトから消えた記事（取り下げ）と写真を、保存した分からも消す（失敗したら次の回にやり直す）。
      pruneWhenOnline(fetchSaveList).catch(() => undefined);
    }
    return () => {
      active = false;
    };
  }, [start]);

  const startSave = async (list: SaveList, choice: SaveChoice): Promise<void> => {
    setState({step: 'saving', list, choice, done: 0});
    try {
      await saveForOffline(list, choice, (done) => setState({step: 'saving', list, choice, done}));
      setState({step: 'saved', copy: savedCopy(list, choice), justNow: true});
    } catch (error) {
      fail(error, choice, list);
    }
  };

  const remove = async (): Promise<void> => {
    await removeSaved();
    setState({step: 'idle', note: '保存した内容を削除しました。'});
  };

  return body(state, {
    check,
    start: startSave,
    remove,
    choose: (change) =>
      setState((now) =>
        now.step === 'confirm' ? {...now, choice: {...now.choice, ...change}} : now,
      ),
    cancel: () => setState({step: 'idle'}),
  });
}

type Actions = {
  readonly check: (choice?: SaveChoice) => Promise<void>;
  readonly start: (list: SaveList, choice: SaveChoice) => Promise<void>;
  readonly remove: () => Promise<void>;
  readonly choose: (change: Partial<SaveChoice>) => void;
  readonly cancel: () => void;
};

type ChoiceProps = {
  readonly list: SaveList;
  readonly choice: SaveChoice;
  readonly choose: (change: Partial<SaveChoice>) => void;
};

/** 選んだ範囲のページに写真があれば、写真も保存するかを選ぶ。枚数と量を添える（既定は保存しない）。 */
function PhotoChoice({list, choice, choose}: ChoiceProps): ReactNode {
  const photos = photosFor(list, choice.scope);
  if (photos.length === 0) return null;
  return (
    <label className={styles.option}>
      <input
        type="checkbox"
        checked={choice.photos}
        onChange={(event) => choose({photos: event.target.checked})}
      />
      <span>
        <strong>
          写真も保存する（{photos.length} 枚、{formatMegabytes(bytesOf(photos))}）
        </strong>
        <span className={styles.what}>
          スマートフォンの画面に合う大きさで保存します。保存しないときは、オフラインでは写真の代わりにぼかした下絵を表示します。
        </span>
      </span>
    </label>
  );
}

/** ドキュメントだけか、すべてか。それぞれの量を添える。写真があれば、写真も保存するか。 */
function ScopeChoice({list, choice, choose}: ChoiceProps): ReactNode {
  const name = useId();
  const {scope} = choice;
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
            onChange={() => choose({scope: id})}
          />
          <span>
            <strong>
              {scopeText[id].name}（{formatMegabytes(scopeBytes(list, id))}）
            </strong>
            <span className={styles.what}>{scopeText[id].what}</span>
          </span>
        </label>
      ))}
      <PhotoChoice list={list} choice={choice} choose={choose} />
    </fieldset>
  );
}

function body(state: State, actions: Actions): ReactNode {
  switch (state.step) {
    case 'idle':
    case 'checking':
      return (
        <Intro
          checking={state.step === 'checking'}
          note={state.step === 'idle' ? state.note : undefined}
          onSave={() => void actions.check()}
        />
      );
    case 'confirm': {
      const size = formatMegabytes(choiceBytes(state.list, state.choice));
      return (
        <>
          <ScopeChoice list={state.list} choice={state.choice} choose={actions.choose} />
          <div className={styles.actions}>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void actions.start(state.list, state.choice)}>
              保存を始める（{size}
              {photoNote(state.list, state.choice)}）
            </button>
            <button type="button" className="button button--secondary" onClick={actions.cancel}>
              やめる
            </button>
          </div>
        </>
      );
    }
    case 'saving': {
      const total = choiceBytes(state.list, state.choice);
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
      const size = `${formatMegabytes(copy.bytes)}${copy.photos ? '、写真を含む' : ''}`;
      return (
        <>
          <p className={styles.text} role="status">
            {state.justNow ? '保存が終わりました。' : 'この端末に保存してあります。'}
            {copy.scope === 'docs'
              ? `電波がなくても、ドキュメントを読めます（${size}）。`
              : `電波がなくても、ドキュメントとブログを読めます（${size}）。`}
            {copy.photosLeftOut > 0 &&
              `写真（${copy.photosLeftOut} 枚）は保存していないので、オフラインでは写真の代わりにぼかした下絵を表示します。`}
          </p>
          <div className={styles.actions}>
            {copy.scope === 'docs' && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void actions.check({scope: 'all', photos: copy.photos})}>
                ブログと検索も保存する
              </button>
            )}
            {copy.photosLeftOut > 0 && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void actions.check({scope: copy.scope, photos: true})}>
                写真も保存する
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
                  void (list ? actions.start(list, state.choice) : actions.check(state.choice))
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
