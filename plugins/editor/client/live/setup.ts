/** 「サイトに出ました」の 2 つの部分（watch-merges.ts と live-notice.ts）が使う型と定数。 */

/** 追いかけの状態を置く localStorage のキー。 */
export const liveStorageKey = 'denki-live-watch';

export type LiveSetup = {
  /** owner/name */
  readonly repo: string;
  /** 公開するブランチ（main）。 */
  readonly branch: string;
  /** 読者のサイトの URL（末尾のスラッシュなし）。 */
  readonly siteUrl: string;
  /** コレクションの name と、日本語の名前。 */
  readonly collectionLabels: Readonly<Record<string, string>>;
};
