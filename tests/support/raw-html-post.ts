/**
 * 危ない HTML と、害の無い HTML（<b>、<br>、表）を書いた記事（issue 52 の 3）。ビルドのテスト
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
];
