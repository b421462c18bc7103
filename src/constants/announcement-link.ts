/**
 * お知らせバーのリンク先の決まり（src/data/announcement.json の link）。エディターの欄（plugins/editor/collections.ts）と
 * ビルド（lib/announcement.ts の形）が同じ決まりを使う。
 * - このサイトのパス: / で始まる。// や /\ で始まるもの（ブラウザーはほかのサイトとして開く）と、空白と \ は使えない。
 * - ほかのサイト: https:// で始まり、ホスト名（英数字・ハイフン・点）のあとは / ? # で続く。利用者名（@）は使えない。
 * javascript: や http:、data: などは使えない。
 */

/** Decap の欄の pattern（文字列の正規表現）にも使う。 */
export const announcementLinkPattern =
  '^(?:/(?![/\\\\])[^\\s\\\\]*|https://[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::[0-9]+)?(?:[/?#][^\\s\\\\]*)?)$';

/** 決まりに合わないときの知らせ（エディターの欄の下と、ビルドのエラーに出す）。 */
export const announcementLinkMessage =
  'リンク先は、/ で始まるこのサイトの中のパス（例: /blog/2026/11/27/shibuya-report）か、https:// で始まる URL にしてください（// で始まるものや http:、javascript: は使えません）。';

export const isAnnouncementLink = (link: string): boolean =>
  new RegExp(announcementLinkPattern).test(link);
