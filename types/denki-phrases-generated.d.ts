// plugins/phrases/index.ts がビルド時に書く、スケジュールの表の文節（文字列 → 文節の配列）。
declare module '@generated/denki-phrases/default/schedule-phrases.json' {
  const phrases: Readonly<Record<string, readonly string[]>>;
  export default phrases;
}
