import type {ReactNode} from 'react';
import styles from './styles.module.css';

type Props = {
  /** 保存する量を調べている（または本体を読み込んでいる）あいだは押せない。 */
  readonly checking: boolean;
  readonly note?: string | undefined;
  readonly onSave: () => void;
};

/** 保存ボタンの最初の姿。どのページの入口の JS にも入るので、ここには文と 1 つのボタンだけを置く。 */
export function Intro({checking, note, onSave}: Props): ReactNode {
  return (
    <>
      <p className={styles.text}>
        電波の弱い所でも読めるように、ドキュメントやブログを端末に保存できます。保存する前に、ダウンロードする量をお知らせします。
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={checking}
        onClick={onSave}>
        オフラインで読めるように保存
      </button>
      <p className={styles.text} role="status">
        {checking ? '保存する量を調べています…' : (note ?? '')}
      </p>
    </>
  );
}
