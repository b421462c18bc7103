/**
 * 検索の結果（ページ名、見出し、抜粋）を、語の途中で折り返さないよう文節の間でだけ折り返す（issue 26）。
 * 結果の文字列はブラウザで決まるので、ページの文字列（ビルド時に分けたもの）と同じ印（plugins/phrases:
 * class="phrases" と <wbr aria-hidden>）を、ここで BudouX で分けて付ける。BudouX とそのモデルは、
 * 検索ダイアログを開いたときに Pagefind と並んで読み込む（ページの初回表示では読み込まない）。
 */
import React, {Fragment, type ReactNode} from 'react';
import {keepsTogether, phraseBreaks} from '../../../phrases/shared';
import {refinePhrases} from '../../../phrases/shared-rules';
import type {ExcerptPart} from './text';
import styles from './styles.module.css';

/** 文字列 → 文節の配列（つなげると元の文字列）。 */
export type SplitPhrases = (text: string) => readonly string[];

let loading: Promise<SplitPhrases> | undefined;

/** BudouX を初めて必要になったときに読み込む。失敗したら次回やり直す。 */
export function loadPhraseSplitter(): Promise<SplitPhrases> {
  loading ??= import('./budoux').then(
    ({japaneseParser}) => {
      const parser = japaneseParser();
      return (text: string) => (text ? refinePhrases(text, parser.parse(text)) : []);
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * 強調（<mark>）の付いた文字列の並びを、文節の間に <wbr aria-hidden> を入れて描く。中に閉じかっこのある
 * 文節（「「ミッション」を」）は、keep-all でもかっこの後ろで折り返すので、1 行にまとめる（styles.keep）。
 * 強調は文節ごとに分けて付ける。
 */
export function PhraseParts({
  parts,
  split,
  className,
}: {
  readonly parts: readonly ExcerptPart[];
  readonly split: SplitPhrases;
  readonly className?: string;
}): ReactNode {
  const text = parts.map((part) => part.text).join('');
  const marked = parts.flatMap((part) => Array.from(part.text, () => part.marked));
  const phrases = split(text);
  const starts = phrases.map((_, index) =>
    phrases.slice(0, index).reduce((sum, phrase) => sum + phrase.length, 0),
  );
  const nodes = phrases.map((phrase, index) => {
    const start = starts[index] ?? 0;
    const end = start + phrase.length;
    const pieces: ReactNode[] = [];
    for (let from = start, at = start + 1; at <= end; at += 1) {
      if (at < end && marked[at] === marked[from]) continue;
      const piece = text.slice(from, at);
      pieces.push(
        marked[from] ? <mark key={from}>{piece}</mark> : <Fragment key={from}>{piece}</Fragment>,
      );
      from = at;
    }
    return (
      <Fragment key={start}>
        {index > 0 && <wbr aria-hidden />}
        {keepsTogether(phrase) ? <span className={styles.keep}>{pieces}</span> : pieces}
      </Fragment>
    );
  });
  const classes = [className, phraseBreaks.className].filter(Boolean).join(' ');
  return <span className={classes}>{nodes}</span>;
}

/** 強調の無い文字列を文節で区切って描く。 */
export function PhraseText({
  text,
  split,
}: {
  readonly text: string;
  readonly split: SplitPhrases;
}): ReactNode {
  return <PhraseParts parts={[{text, marked: false}]} split={split} />;
}
