/**
 * 危ない HTML と、害の無い HTML（<b>、<br>、表）を書いた記事（issue 52 の 3）。issue 60 の 3 で、書いた人の
 * id・name（document の名前を上書きする <img name="querySelectorAll">）と、危ないリンクと害の無いリンクが
 * 同じ段落にあるもの（知らせが除いたほうの URL を挙げるか）を足した。ビルドのテスト
 * （tests/node/build-strictness.spec.ts）とエディターのプレビューのテスト（plugins/editor/tests/preview-html.spec.ts）が使う。
 */

/** 記事の本文（front matter のあと）。 */
export const rawHtmlBody = [
  '冒頭です。',
  '',
  '<!-- truncate -->',
  '',
  '集合の前に<b>交通系 IC カードの残高</b>を確かめます。<br>駅の改札で待ち合わせます。',
  '',
  '<script>window.denkiInjected = 1</script>',
  '',
  '<style>body { display: none }</style>',
  '',
  '<iframe src="https://example.com/frame"></iframe>',
  '',
  '<object data="/img/x.swf"></object>',
  '',
  '<embed src="/img/x.swf">',
  '',
  '<form action="https://example.com/steal"><button>送る</button></form>',
  '',
  '<meta http-equiv="refresh" content="0; url=https://example.com/">',
  '',
  '<base href="https://example.com/">',
  '',
  '<p onclick="alert(1)" onmouseover="alert(2)">押しても何も起きない段落です。</p>',
  '',
  '<a href="javascript:alert(1)">HTML の危ないリンク</a>と<a href="data:text/html,hi">データのリンク</a>です。',
  '',
  '[Markdown の危ないリンク](javascript:alert(3))です。',
  '',
  '<p><a href="javascript:alert(4)">先の危ないリンク</a>と<a href="https://example.com/safe">害の無いリンク</a>が並ぶ段落です。</p>',
  '',
  '<img id="querySelectorAll" name="querySelectorAll" src="/img/logo.svg" alt="電鬼のロゴ">',
  '',
  '<a id="note">書いた人が id を付けた注</a>です。',
  '',
  '[書いた人の注へ](#note)戻ります。',
  '',
  '## 見出しの id {#site-heading}',
  '',
  '<a id="site-heading">見出しと同じ id を書いた印</a>です。',
  '',
  '[見出しへ](#site-heading)戻ります。',
  '',
  '<table>',
  '<tr><th>駅</th><th>時刻</th></tr>',
  '<tr><td>新宿</td><td>午前十時</td></tr>',
  '</table>',
  '',
].join('\n');

/** 読者のページにもプレビューにも残ってはいけないもの（記事の本文の HTML の中で探す）。 */
/** その本文を持つ記事のファイル（front matter と本文）。ビルドのテストとエディターのプレビューのテストが使う。 */
export const rawHtmlPostTitle = 'HTML を書いた記事';
export const rawHtmlPost = [
  '---',
  `title: ${rawHtmlPostTitle}`,
  'authors: [matsuri]',
  'tags: [announcement]',
  'date: 2026-11-20',
  'description: 記事に書いた HTML の確かめ。',
  '---',
  '',
  rawHtmlBody,
].join('\n');

export const dangerousPatterns: readonly RegExp[] = [
  /<script/i,
  /denkiInjected/,
  /<style/i,
  /display: none/,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /<meta/i,
  /<base/i,
  /\son[a-z]+=/i,
  /javascript:/i,
  /data:text/i,
  // 書いた人の id と name は接頭辞つきになる（document.querySelectorAll を上書きしない）。
  /\s(?:id|name)="?querySelectorAll\b/,
  /\sid="?note\b/,
  // サイトが作った見出しの id へのリンクは、同じ id を書いた人の要素へ向け直さない。
  /href="?#user-content-site-heading/,
];

/** 残るべき害の無いもの。 */
export const harmlessPatterns: readonly RegExp[] = [
  /<b>交通系 IC カードの残高<\/b>/,
  /<br\s*\/?>駅の改札で/,
  /<table>/,
  /<th[^>]*>駅/,
  /<td[^>]*>新宿/,
  // 段落の最後の文節は折り返さない <span> に入る（plugins/phrases）ので、その前までを探す。
  /<p>押しても何も起きない/,
  /HTML の危ないリンク/,
  /href="?https:\/\/example\.com\/safe/,
  /\sid="?user-content-querySelectorAll\b/,
  /\sid="?user-content-note\b/,
  // 記事の中のそこへのリンクは、接頭辞の付いた id を指す。
  /href="?#user-content-note\b/,
  // 見出しの id（サイトが作るもの）とそこへのリンクはそのまま。
  /<h2[^>]*\sid="?site-heading\b/,
  /\sid="?user-content-site-heading\b/,
  /href="?#site-heading"?[^>]*>見出しへ</,
];

/** ビルドの警告に名前が出るべき、除いたもの。 */
export const reportedDrops: readonly string[] = [
  '<script>',
  '<style>',
  '<iframe>',
  '<object>',
  '<embed>',
  '<form>',
  '<meta>',
  '<base>',
  'onclick',
  'javascript:alert(1)',
  'data:text/html,hi',
  'javascript:alert(3)',
  'javascript:alert(4)',
];

/** 除いていないので、警告や知らせに出てはいけないもの（同じ段落の危ないリンクの代わりに挙げない）。 */
export const unreportedKept: readonly string[] = ['https://example.com/safe'];
