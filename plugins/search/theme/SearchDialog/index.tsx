import React, {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {searchSite, type SearchOutcome} from './engine';
import {Excerpt} from './excerpt';
import {loadPhraseSplitter, PhraseText, type SplitPhrases} from './line-breaks';
import {normalizeQuery} from './normalize';
import {decodeEntities} from './text';
import {loadPagefind, type Pagefind} from './pagefind';
import {loadReadings} from './readings';
import {searchStrings as t} from '../../shared';
import styles from './styles.module.css';

export type CloseReason = 'dismiss' | 'navigate';

/** テストと CSS が参照する状態。 */
export type SearchState = 'loading' | 'error' | 'idle' | 'searching' | 'results' | 'empty';

type Engine =
  | {readonly state: 'loading'}
  | {readonly state: 'error'}
  | {readonly state: 'ready'; readonly pagefind: Pagefind; readonly split: SplitPhrases};

/** 表示中の検索結果。outcome が null なら、その検索は失敗した。 */
type Found = {readonly query: string; readonly outcome: SearchOutcome | null};

/** IME で変換中のキー入力。Enter や矢印は変換の確定・候補選びに使われる。 */
function isComposing(event: KeyboardEvent): boolean {
  return event.nativeEvent.isComposing || event.keyCode === 229;
}

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>('input, button, a[href]')).filter(
    (el) => !el.hasAttribute('disabled'),
  );
}

/**
 * Pagefind と、結果を文節に分ける BudouX を読み込む。attempt が変わるたびに（失敗していれば）読み込み直す。
 */
function usePagefind(baseUrl: string, attempt: number): Engine {
  const [engine, setEngine] = useState<Engine>({state: 'loading'});
  useEffect(() => {
    let live = true;
    Promise.all([loadPagefind(baseUrl), loadPhraseSplitter()]).then(
      ([pagefind, split]) => live && setEngine({state: 'ready', pagefind, split}),
      () => live && setEngine({state: 'error'}),
    );
    return () => {
      live = false;
    };
  }, [baseUrl, attempt]);
  return engine;
}

function useSearch(
  engine: Engine,
  baseUrl: string,
  query: string,
  attempt: number,
): Found | undefined {
  const [found, setFound] = useState<Found>();
  useEffect(() => {
    if (engine.state !== 'ready' || normalizeQuery(query) === '') return undefined;
    let live = true;
    searchSite(engine.pagefind, query, () => loadReadings(baseUrl)).then(
      (outcome) => live && setFound({query, outcome}),
      () => live && setFound({query, outcome: null}),
    );
    return () => {
      live = false;
    };
  }, [engine, baseUrl, query, attempt]);
  return found;
}

function stateOf(engine: Engine, query: string, found: Found | undefined): SearchState {
  if (engine.state !== 'ready') return engine.state;
  if (normalizeQuery(query) === '') return 'idle';
  if (found?.query !== query) return 'searching';
  if (found.outcome === null) return 'error';
  return found.outcome.hits.length > 0 ? 'results' : 'empty';
}

function statusText(state: SearchState, query: string, outcome: SearchOutcome | null): string {
  switch (state) {
    case 'loading':
      return t.loading;
    case 'error':
      return t.error;
    case 'idle':
      return t.hint;
    case 'searching':
      return t.searching;
    case 'empty':
      return `${t.noResults(normalizeQuery(query))}${t.noResultsHint}`;
    case 'results': {
      const count = t.found(outcome?.hits.length ?? 0);
      const {missing = [], matched = [], together = true} = outcome ?? {};
      const notFound = missing.length > 0 ? t.notFound(missing) : '';
      if (!together) return `${notFound}${t.apart(matched)}${count}`;
      return notFound ? `${notFound}${t.resultsFor(matched)}${count}` : count;
    }
  }
}

function ResultList({
  id,
  hits,
  terms,
  split,
  onNavigate,
}: {
  id: string;
  hits: SearchOutcome['hits'];
  terms: readonly string[];
  split: SplitPhrases;
  onNavigate: () => void;
}): ReactNode {
  return (
    <ol id={id} className={styles.results} aria-label={t.resultsLabel}>
      {hits.map((hit, index) => {
        const titleId = `${id}-page-${index}`;
        return (
          <li key={hit.id} className={styles.page}>
            <p id={titleId} className={styles.pageTitle}>
              <PhraseText text={decodeEntities(hit.title)} split={split} />
            </p>
            <ul className={styles.sections}>
              {hit.sections.map((section) => (
                <li key={section.url}>
                  <Link
                    to={section.url}
                    className={styles.hit}
                    aria-describedby={titleId}
                    data-search-result=""
                    onClick={onNavigate}>
                    <span className={styles.section}>
                      <PhraseText
                        text={
                          section.url.includes('#') ? decodeEntities(section.title) : 'ページの冒頭'
                        }
                        split={split}
                      />
                    </span>
                    <Excerpt
                      html={section.excerpt}
                      terms={terms}
                      split={split}
                      className={styles.excerpt}
                    />
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}

/** 検索ダイアログ。開いている間だけ描画され、初めて開いたときに Pagefind を読み込む。 */
export default function SearchDialog({
  onClose,
}: {
  onClose: (reason: CloseReason) => void;
}): ReactNode {
  const baseUrl = useBaseUrl('/');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [attempt, setAttempt] = useState(0);
  const engine = usePagefind(baseUrl, attempt);
  const found = useSearch(engine, baseUrl, query, attempt);
  const state = stateOf(engine, query, found);
  const outcome = state === 'results' ? (found?.outcome ?? null) : null;
  const hits = outcome?.hits ?? [];
  const ids = useId();
  const titleId = `${ids}-title`;
  const statusId = `${ids}-status`;
  const listId = `${ids}-results`;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    dialog.showModal();
    inputRef.current?.focus();
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>): void => {
    if (isComposing(event)) return;
    const dialog = dialogRef.current;
    const input = inputRef.current;
    if (!dialog || !input) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose('dismiss');
      return;
    }
    const links = Array.from(dialog.querySelectorAll<HTMLAnchorElement>('a[data-search-result]'));
    const stops: HTMLElement[] = [input, ...links];
    const current = stops.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (current === -1 || links.length === 0) return;
      event.preventDefault();
      const next = event.key === 'ArrowDown' ? current + 1 : current - 1;
      stops[Math.max(0, Math.min(next, stops.length - 1))]?.focus();
      return;
    }
    if (event.key === 'Enter' && event.target === input) {
      event.preventDefault();
      links[0]?.click();
      return;
    }
    if (event.key === 'Tab') {
      // フォーカスをダイアログの中に閉じ込める。
      const all = focusables(dialog);
      const first = all[0];
      const last = all.at(-1);
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>): void => {
    event.preventDefault();
    onClose('dismiss');
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-modal="true"
      data-state={state}
      data-query={found?.query ?? ''}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClick={(event) => event.target === event.currentTarget && onClose('dismiss')}>
      <div className={styles.panel}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {t.dialogTitle}
          </h2>
          <button type="button" className={styles.close} onClick={() => onClose('dismiss')}>
            {t.close}
          </button>
        </div>
        <div className={styles.field}>
          <svg
            className={styles.icon}
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true">
            <path
              d="M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.8 4.8-1.4 1.4-4.8-4.8A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z"
              fill="currentColor"
            />
          </svg>
          <input
            ref={inputRef}
            type="search"
            className={styles.input}
            aria-label={t.inputLabel}
            aria-describedby={statusId}
            aria-controls={listId}
            placeholder={t.placeholder}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            enterKeyHint="search"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
          />
        </div>
        <div className={styles.body}>
          <p id={statusId} role="status" className={styles.status}>
            {statusText(state, query, outcome)}
          </p>
          {state === 'error' && (
            <button type="button" className={styles.retry} onClick={() => setAttempt((n) => n + 1)}>
              {t.retry}
            </button>
          )}
          {hits.length > 0 && engine.state === 'ready' && (
            <ResultList
              id={listId}
              hits={hits}
              terms={outcome?.highlight ?? []}
              split={engine.split}
              onNavigate={() => onClose('navigate')}
            />
          )}
        </div>
        <p className={styles.footer} aria-hidden="true">
          {t.keyboardHelp}
        </p>
      </div>
    </dialog>
  );
}
