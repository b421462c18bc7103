/**
 * 記事のプレビュー（Decap の registerPreviewTemplate）。読者の記事のページと同じ要素と class で、サイトの CSS
 * （site.css）のまま描く。Markdown と文節の区切り（unified・BudouX）は、プレビューを初めて開いたときに読み込む
 * （エディターを開くだけの人には送らない）。
 */
import React, {lazy, Suspense, useEffect, type ReactNode} from 'react';
import {droppedPostKeys, type PostData} from '../format';

/** Immutable の Map と List のうち、ここで使うもの。 */
type Immutable = {
  get(key: string): unknown;
  getIn(path: readonly string[]): unknown;
  toJS?(): unknown;
};

type Props = {
  readonly entry: Immutable;
  /** コレクションの欄の設定（書いた人の選択肢の表示名を読む）。 */
  readonly fields?: {find(predicate: (field: Immutable) => boolean): Immutable | undefined};
  readonly getAsset: (
    path: string,
    field?: unknown,
  ) => {readonly path?: string; toString(): string};
  /** プレビューの枠（iframe）の文書。 */
  readonly document?: Document;
};

const PostArticle = lazy(() =>
  import('./PostArticle').then((module) => ({default: module.PostArticle})),
);

const plain = (value: unknown): unknown =>
  typeof (value as Immutable | null)?.toJS === 'function' ? (value as Immutable).toJS?.() : value;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const list = (value: unknown): string[] => {
  const items = plain(value);
  return Array.isArray(items)
    ? items.filter((item): item is string => typeof item === 'string')
    : [];
};

/** 書いた人のキー（matsuri）→ 名前（まつり）。選択肢の表示名は「まつり（matsuri）」（collections.ts）。 */
function authorNames(props: Props, keys: readonly string[]): string[] {
  const field = props.fields?.find((candidate) => candidate.get('name') === 'authors');
  const options = plain(field?.get('options'));
  const labels = new Map(
    (Array.isArray(options) ? options : []).map((option: {value?: unknown; label?: unknown}) => [
      String(option.value),
      String(option.label ?? option.value),
    ]),
  );
  return keys.map((key) => (labels.get(key) ?? key).replace(`（${key}）`, ''));
}

/** 本文の画像のパス（![説明](./photo-1.jpg) の ./photo-1.jpg）。 */
const imagePaths = (body: string): string[] =>
  [...body.matchAll(/!\[[^\]\n]*\]\(\s*<?([^)\s>]+)/g)].map((match) => match[1] ?? '');

/** 読み込み中の写真の代わりに Decap が返す、空の SVG の AssetProxy の path（actions/media.ts の emptyAsset）。 */
const loadingAssetPath = 'empty.svg';

/** 画像のパス → 表示に使う URL（保存前の写真は blob:、読み込み中は空）。 */
function assetUrls(props: Props, body: string): Record<string, string> {
  const field = props.fields?.find((candidate) => candidate.get('name') === 'body');
  const urls: Record<string, string> = {};
  for (const path of imagePaths(body)) {
    if (path in urls) continue;
    try {
      const asset = props.getAsset(path, field);
      urls[path] = asset.path === loadingAssetPath ? '' : asset.toString();
    } catch {
      urls[path] = '';
    }
  }
  return urls;
}

/** 記事に使えない front matter のキーの知らせ（保存するときに除く。plugins/editor/client/format.ts）。 */
function DroppedKeysNote({keys}: {readonly keys: readonly string[]}): ReactNode {
  if (keys.length === 0) return null;
  return (
    <div className="container margin-top--md">
      <p className="denki-preview-note" role="note">
        記事のファイルの front matter
        にある次のキーは記事に使えないので、保存するときに除きます（サイトには載りません）:{' '}
        {keys.map((key) => `「${key}」`).join('、')}
      </p>
    </div>
  );
}

export function PostPreview(props: Props): ReactNode {
  const {entry, document: frame} = props;
  // 枠の文書は <html> に lang が無い。日本語の禁則と書体の選び方をサイトと同じにする。
  useEffect(() => {
    frame?.documentElement.setAttribute('lang', 'ja');
  }, [frame]);
  const body = text(entry.getIn(['data', 'body']));
  const data = plain(entry.get('data'));
  const droppedKeys =
    typeof data === 'object' && data !== null ? droppedPostKeys(data as PostData) : [];
  return (
    <>
      <DroppedKeysNote keys={droppedKeys} />
      <Suspense fallback={<p className="denki-preview__loading">プレビューを用意しています…</p>}>
        <PostArticle
          title={text(entry.getIn(['data', 'title']))}
          date={text(entry.getIn(['data', 'date']))}
          authors={authorNames(props, list(entry.getIn(['data', 'authors'])))}
          body={body}
          assetsJson={JSON.stringify(assetUrls(props, body))}
        />
      </Suspense>
    </>
  );
}
