/** 「使い方」のページ（help.ts が組み、エディターのヘッダーとログインの画面がリンクする）。 */

/** エディターのサイトの上の「使い方」のページのパス（build-editor/admin/help/index.html）。 */
export const helpPath = '/admin/help';

/** ヘッダーの「使い方」のリンクの id（client/help-link.ts が 1 度だけ足す）。 */
export const helpLinkId = 'denki-help-link';
