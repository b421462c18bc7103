/**
 * Decap の全体のメディアライブラリー（上の「メディア」）を外す。そこからのアップロードは記事の外にあり、
 * どんな種類のファイルでも既定のブランチ（main）に直接コミットされ、レビューを通らずに公開される。写真は
 * 記事の「写真を追加」からだけ入れる（ブラウザーで JPEG に整え、記事のブランチとプルリクエストを通る）。
 * Decap は、登録したライブラリーが単独で開けない（enableStandalone が false）と「メディア」を出さず、
 * 自分のライブラリーの画面も組まない。
 */
export const noMediaLibrary = {
  name: 'denki-post-photos-only',
  init: () =>
    Promise.resolve({
      show: () => undefined,
      hide: () => undefined,
      enableStandalone: () => false,
    }),
};
