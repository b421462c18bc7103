import {site} from '../../src/constants/site';

/** <title> から「 | 電鬼」を除いたページ名。ホームなどタイトルが空のページはサイト名。 */
export function pageTitle(html: string): string | undefined {
  const match = /<title[^>]*>([^<]*)<\/title>/.exec(html);
  if (!match) return undefined;
  const full = decodeEntities(match[1]).trim();
  const suffix = ` ${site.titleDelimiter} ${site.title}`;
  return full.endsWith(suffix) ? full.slice(0, -suffix.length) : full;
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const slashed = (htmlFile: string): string => htmlFile.split('\\').join('/');

/** docs/intro.html → img/og/docs/intro.png（写真のカードは .jpg） */
export function cardFileFor(htmlFile: string, extension: 'png' | 'jpg' = 'png'): string {
  return `img/og/${slashed(htmlFile).replace(/\.html$/, '')}.${extension}`;
}

/**
 * ブログの一覧・タグ・著者・アーカイブのページ（blog/ の下で、記事 blog/YYYY/MM/DD/… ではないもの）。
 * 記事の数だけ増えるが、共有されるのは記事そのものなので、サイト共通のカードのままにする。
 */
const blogListing = /^blog(\.html$|\/(?!\d{4}\/\d{2}\/\d{2}\/))/;

/** そのページのためにカードを描くか: ドキュメント、記事、トップページなど。ブログの一覧のたぐいは描かない。 */
export const hasOwnCard = (htmlFile: string): boolean => !blogListing.test(slashed(htmlFile));

/** ブログの記事（blog/YYYY/MM/DD/…）。写真のある記事（報告）は、カードを最初の写真から作る。 */
export const isBlogPost = (htmlFile: string): boolean =>
  /^blog\/\d{4}\/\d{2}\/\d{2}\//.test(slashed(htmlFile));

export function cardSection(htmlFile: string): string {
  if (htmlFile.startsWith('docs')) return 'ドキュメント';
  if (htmlFile.startsWith('blog')) return 'ブログ';
  return `${site.title} 公式サイト`;
}

/** og:image と twitter:image の content を差し替える（属性の引用符の有無どちらにも対応）。 */
export function replaceSocialImage(html: string, imageUrl: string): string {
  return html.replace(
    /(<meta[^>]*(?:property|name)="?(?:og:image|twitter:image)"?[^>]*content=)("[^"]*"|[^\s>]+)/g,
    `$1${imageUrl}`,
  );
}

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const ogImageTag = /<meta\b[^>]*\bproperty="?og:image"?[\s/>][^>]*>/;

/**
 * og:image のすぐ後に、カードの大きさと説明（og:image:width・height・alt、twitter:image:alt）を足す。
 * SNS は大きさを知っていれば画像を取る前に枠を描け、説明は画像を見られない人に読み上げられる。
 */
export function withSocialImageDetails(
  html: string,
  {width, height, alt}: {width: number; height: number; alt: string},
): string {
  const content = escapeAttribute(alt);
  const details =
    `<meta property="og:image:width" content="${width}">` +
    `<meta property="og:image:height" content="${height}">` +
    `<meta property="og:image:alt" content="${content}">` +
    `<meta name="twitter:image:alt" content="${content}">`;
  return html.replace(ogImageTag, (tag) => `${tag}${details}`);
}

/** ページ自身の URL を述べる要素: canonical、og:url、言語ごとの alternate（hreflang）。 */
const ownUrlTags =
  /<link\b[^>]*\brel="?canonical"?[\s/>][^>]*>|<meta\b[^>]*\bproperty="?og:url"?[\s/>][^>]*>|<link\b[^>]*\bhreflang=[^>]*>/g;

/**
 * ページ自身の URL を述べる要素を除く。404 ページはどの URL でも返るので、自分の URL を持たない
 * （テーマはビルド時のパス /404.html を書くが、それは転送されて 404 になる）。
 */
export function withoutOwnUrl(html: string): string {
  return html.replace(ownUrlTags, '');
}
