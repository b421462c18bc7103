// Decap CMS の画面の文言（言語ごと）。パッケージに型定義が無い。plugins/editor/client/locale.ts が読む。
declare module 'decap-cms-locales' {
  type Phrases = {readonly [key: string]: string | Phrases};
  export const ja: Phrases;
}
