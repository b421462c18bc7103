// Swizzled (replaces the core fallback): its error view has a hard-coded English "Retry" button.
import type {ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import type {LoadingComponentProps} from 'react-loadable';
import styles from './styles.module.css';

/** ページの部品のファイルを読めなかった（Rspack の ChunkLoadError。読み直しは plugins/routes が済ませている）。 */
const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && error.name === 'ChunkLoadError';

/**
 * ページの部品を読み込む間の表示。pastDelay（既定 200 ms）を過ぎてから出す。
 * 部品のファイルを読めなかったとき（通信が途切れた、サイトが更新された）は、英語のエラーの文ではなく理由を伝え、
 * 「再読み込み」でページごと読み直す（新しい版のページに替わる）。ほかのエラーは部品だけを読み直す。
 */
export default function Loading({error, retry, pastDelay}: LoadingComponentProps): ReactNode {
  if (error) {
    const chunkFailed = isChunkLoadError(error);
    return (
      <div className={styles.error} role="alert">
        <p>
          <Translate
            id="theme.error.loadFailed"
            description="Shown by the loading fallback when a page chunk could not be loaded">
            ページの読み込みに失敗しました。
          </Translate>
        </p>
        <p className={styles.detail}>
          {chunkFailed ? (
            <Translate
              id="theme.error.chunkLoadFailed"
              description="Shown by the loading fallback when the files of a page could not be downloaded">
              通信が途切れたか、サイトが更新されたため、このページを表示するファイルを読み込めませんでした。電波のよい所で「再読み込み」を押してください。
            </Translate>
          ) : (
            String(error)
          )}
        </p>
        <button
          type="button"
          className="button button--primary"
          onClick={chunkFailed ? () => window.location.reload() : retry}>
          <Translate id="theme.error.retry" description="The retry button of the loading fallback">
            再読み込み
          </Translate>
        </button>
      </div>
    );
  }
  if (pastDelay) {
    return (
      <div className={styles.loading} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        <span className={styles.label}>
          <Translate id="theme.loading" description="Shown while a page is loading">
            読み込み中
          </Translate>
        </span>
      </div>
    );
  }
  return null;
}
