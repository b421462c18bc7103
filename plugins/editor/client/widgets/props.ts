/** Decap がカスタムの欄に渡すもののうち、このサイトの欄が使うもの。 */
import type {Map as ImmutableMap} from 'immutable';

export type ControlProps<T> = {
  readonly value: T | undefined;
  readonly onChange: (value: T) => void;
  readonly forID: string;
  readonly classNameWrapper: string;
  readonly setActiveStyle: () => void;
  readonly setInactiveStyle: () => void;
  readonly field: ImmutableMap<string, unknown>;
  /** いま編集している記事（新しい記事なら newRecord が true）。 */
  readonly getEntry?: () => ImmutableMap<string, unknown>;
  /** 記事のフォルダーに写真を足す（保存のときに記事といっしょにコミットされる）。 */
  readonly onPersistMedia: (
    file: File,
    options: {field: ImmutableMap<string, unknown>},
  ) => Promise<void>;
  /** 記事のフォルダーの写真（./photo-1.jpg）の表示用の URL。 */
  readonly getAsset: (
    path: string,
    field: ImmutableMap<string, unknown>,
  ) => {toString(): string} | Promise<{toString(): string}>;
  /** 同じコレクションから、記事をスラッグで探す（Decap の relation の欄と同じ仕組み）。 */
  readonly query: (
    forID: string,
    collection: string,
    searchFields: string[],
    searchTerm: string,
    file?: string,
  ) => void;
  readonly queryHits: readonly unknown[];
};
