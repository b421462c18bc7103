/** 記事のフォルダーの名前（blog/2026-11-27-shibuya-report/）と URL（/blog/2026/11/27/shibuya-report）。 */

const urlNamePattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function urlNameProblem(name: string | undefined): string | null {
  if (!name) return 'URL の名前を入れてください（例: shibuya-report）。';
  if (!urlNamePattern.test(name)) {
    return 'URL の名前は、半角の英小文字・数字と、間のハイフン（-）だけで書いてください（例: shibuya-report）。';
  }
  return null;
}

/** Decap の記事のスラッグ（コレクションの path が {{slug}}/index なので、/index まで）。 */
export const entrySlug = (date: string, name: string): string => `${date}-${name}/index`;

export function postUrl(date: string, name: string): string {
  return `/blog/${date.replaceAll('-', '/')}/${name}`;
}

/** 日付の欄が変わったことを、URL の名前の欄に知らせる（Decap の欄は、ほかの欄が変わっても描き直されない）。 */
const dateListeners = new Set<(date: string) => void>();

export function publishDate(date: string): void {
  for (const listener of dateListeners) listener(date);
}

export function subscribeDate(listener: (date: string) => void): () => void {
  dateListeners.add(listener);
  return () => dateListeners.delete(listener);
}
