/** 日本語の記事を 1 分あたりこの文字数で読むとして読了時間を出す。 */
export const CHARACTERS_PER_MINUTE = 500;

/** Markdown と MDX の記法を取り除き、読者が読む本文だけを残す。 */
export function readableText(markdown: string): string {
  return markdown
    .replace(/^```[\s\S]*?^```/gm, '')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, '')
    .replace(/[ \t]*\{#[\w-]+\}/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^:::.*$/gm, '')
    .replace(/^\s*(#{1,6}|[-*+]|\d+\.|>|\|)\s?/gm, '')
    .replace(/[*_`~|]/g, '');
}

/** 読了時間（分）。空白を除いた文字数を数え、英単語も 1 文字ずつ数える。 */
export function japaneseReadingTime(markdown: string): number {
  const characters = readableText(markdown).replace(/\s/g, '').length;
  return characters / CHARACTERS_PER_MINUTE;
}
