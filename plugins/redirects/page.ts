import {site, type Redirect} from '../../src/constants/site';

/**
 * 転送ページの唯一のスクリプト。転送先は script の data-to から読むので、どのページでも中身が
 * 同じで、firebase.json の CSP に要るハッシュは 1 つで済む。クエリとアンカーも引き継ぐ。
 */
export const forwardScript =
  'location.replace(document.currentScript.dataset.to+location.search+location.hash)';

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * 旧 URL に置く、HTML として正しい転送ページ。JavaScript があればスクリプトが、なければ
 * meta refresh が移す（noscript の中なので、2 つの転送が競ってアンカーを落とすことはない）。
 * どちらも効かなければ本文の転送先のリンクから移れる。canonical は転送先の公開 URL。
 */
export function redirectPage(to: Redirect['to'], siteUrl: string): string {
  const href = escapeAttribute(encodeURI(to));
  const canonical = `${escapeAttribute(siteUrl)}${href}`;
  return `<!DOCTYPE html>
<html lang="${site.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ページを移動しました ${site.titleDelimiter} ${site.title}</title>
<link rel="canonical" href="${canonical}">
<script data-to="${href}">${forwardScript}</script>
<noscript><meta http-equiv="refresh" content="0; url=${href}"></noscript>
</head>
<body>
<p>このページは <a href="${href}">${canonical}</a> に移動しました。</p>
</body>
</html>
`;
}
