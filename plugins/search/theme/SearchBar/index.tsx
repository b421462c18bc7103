// @theme/SearchBar の差し替え: 保守されている Docusaurus 検索テーマに Pagefind と日本語をうまく扱うものがないため。
import React, {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type {CloseReason} from '../SearchDialog';
import {searchStrings} from '../../shared';
import {useSearchShortcuts, useShortcutHint} from './shortcuts';
import styles from './styles.module.css';

const loadDialog = () => import('../SearchDialog');
const SearchDialog = lazy(loadDialog);

/** ナビバーの検索ボタン。押すか Ctrl+K・⌘K・/ で検索ダイアログを開く。 */
export default function SearchBar(): ReactNode {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const restoreFocus = useRef(false);
  const isOpen = useRef(false);
  const hint = useShortcutHint();

  const openDialog = useCallback(() => {
    if (isOpen.current) return;
    isOpen.current = true;
    const active = document.activeElement;
    returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
    setOpen(true);
  }, []);

  const closeDialog = useCallback((reason: CloseReason) => {
    isOpen.current = false;
    restoreFocus.current = reason === 'dismiss';
    setOpen(false);
  }, []);

  useSearchShortcuts(openDialog);

  useEffect(() => {
    if (open || !restoreFocus.current) return;
    restoreFocus.current = false;
    (returnTo.current?.isConnected ? returnTo.current : buttonRef.current)?.focus();
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={openDialog}
        onPointerEnter={loadDialog}
        onFocus={loadDialog}>
        <svg className={styles.icon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.8 4.8-1.4 1.4-4.8-4.8A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z"
            fill="currentColor"
          />
        </svg>
        <span className={styles.label}>{searchStrings.button}</span>
        <kbd className={styles.kbd} aria-hidden="true">
          {hint}
        </kbd>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchDialog onClose={closeDialog} />
        </Suspense>
      )}
    </>
  );
}
