/**
 * 項目6: 壊れた内容はビルドを止め、どのファイルが悪いかを出力に書く。
 * 一時フォルダに作ったサイトの複製に壊れたファイルを足してビルドする（本物の内容には触れない）。
 * issue 60 の 3（記事が中身のままでいること）: front matter で MDX に切り替える記事・知らないキーの記事は
 * 1 度のビルドでまとめて止まり（記事を読む前に止まるので数秒）、題と説明の </script> と書いた人の id は、
 * 危ない HTML の記事と同じビルドで確かめる（ビルドを足さない）。足したテストの所要: 止まるビルドが約 12 秒。
 * issue 65: 事務局のフォルダー（blog/、src/data/）に置いたコード（お知らせの .json を消して置いた .json.ts、
 * .mdx、スペック、シンボリックリンクなど）は、設定を読む最初に 1 度のビルドでまとめて止まり、そのコードは動かない
 * （動いたら印を書くモジュールで確かめる）。止まるビルドが約 10 秒。記事はどれも記事のフォルダー（index.md）に置く。
 * issue 65（記事が公開するのは、そのページと写真だけ）: ページでないファイル・@site/・.. を指すリンクと画像の記事は、
 * 1 度のビルドでまとめて、記事とリンクを挙げて止まる（記事を組むところで止まるので約 40 秒）。写真とページへの
 * リンクだけの記事は、危ない HTML の記事と同じビルドで通ることを確かめる（写真 1 枚の変換だけ増える）。tags.yml と
 * authors.yml のページのパスが外を指すものは、記事を読む前に止まる（数秒）。
 */
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {load} from 'cheerio';
import {photoJpeg} from '../../lib/photos';
import {buildSiteCopy, createSiteCopy, type BuildResult, type SiteCopy} from '../../lib/site-copy';
import {
  dangerousPatterns,
  harmlessPatterns,
  rawHtmlPost,
  reportedDrops,
  unreportedKept,
} from '../support/raw-html-post';
import {testSiteBuild, testSiteTimeoutMs, tocLevels} from '../support/test-routes-build';

const BUILD_TIMEOUT_MS = 180_000;

// ビルドは CPU を使うので、このファイルのテストは1つのワーカーで順に動かす。
// 'serial' だと1つ失敗すると残りが飛ばされるので、順番だけを守る 'default' にする。
test.describe.configure({mode: 'default', timeout: BUILD_TIMEOUT_MS + 30_000});

/** 冒頭と truncate の印を持つ記事（印が無いと別の理由で失敗するため）。 */
function blogPost(frontMatter: string, body = '本文です。'): string {
  return `---\ntitle: 壊れた記事\ndate: 2025-03-20\n${frontMatter}\n---\n\n冒頭です。\n\n<!-- truncate -->\n\n${body}\n`;
}

function doc(frontMatter: string, body: string): string {
  return `---\n${frontMatter}\n---\n\n${body}\n`;
}

/**
 * 壊れたファイルのビルドが順に使う 1 つの複製。同じフォルダーなので Rspack のキャッシュが次のビルドに残り、
 * 2 回目からは足したファイルだけを組み直す（ビルドのたびに新しい複製だと、毎回 cold のビルドになる）。
 */
let copy: SiteCopy | undefined;
test.afterAll(() => {
  copy?.remove();
  copy = undefined;
});

/**
 * 複製にファイルを足してビルドし、足したファイルと出力を消して結果を返す。read に挙げた出力のファイル
 * （outDir からのパス）は、消す前に読んで返す（無ければ undefined）。
 */
async function buildWith(
  files: Record<string, string | Buffer>,
  read: readonly string[] = [],
): Promise<BuildResult & {outputs: (string | undefined)[]}> {
  const site = (copy ??= createSiteCopy('strictness'));
  // 複製にもとからあるファイル（書き換えるもの）は、終わったら元に戻す。
  const originals = new Map(
    Object.keys(files)
      .filter((file) => existsSync(path.join(site.dir, file)))
      .map((file) => [file, readFileSync(path.join(site.dir, file), 'utf8')]),
  );
  try {
    for (const [file, content] of Object.entries(files)) site.write(file, content);
    const result = await buildSiteCopy(site, BUILD_TIMEOUT_MS);
    const outputs = read.map((file) => {
      const full = path.join(site.outDir, file);
      return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
    });
    return {...result, outputs};
  } finally {
    for (const file of Object.keys(files)) {
      const original = originals.get(file);
      if (original === undefined) rmSync(path.join(site.dir, file));
      else site.write(file, original);
    }
    rmSync(site.outDir, {recursive: true, force: true});
  }
}

// 壊していない複製のビルドは、クラッシュ画面のテストと共有する 1 回だけにして（ビルドは重い）、目次の深さも
// そのビルドで確かめる。テスト専用のルートを足してあるが、壊れたファイルは無い。
test('ビルド: 壊していない複製はビルドに成功し、目次には h2 と h3 だけが入る', async () => {
  test.setTimeout(testSiteTimeoutMs + 30_000);
  const {outDir} = await testSiteBuild();
  for (const page of ['index.html', 'docs/intro.html', 'blog/2025/03/16/docs-site-launch.html']) {
    expect(existsSync(path.join(outDir, page)), page).toBe(true);
  }
  const html = readFileSync(path.join(outDir, tocLevels.page), 'utf8');
  expect(html).toMatch(/<h4[^>]*id="?level-four/);
  const tocTargets = [
    ...html.matchAll(/<a href="?#([^"\s>]+)"?\s+class="?table-of-contents__link/g),
  ].map((match) => match[1]);
  expect(tocTargets).toEqual(['level-two', 'level-three']);
});

test('ビルド: tags.yml に無いタグを使った記事はファイル名つきで失敗する', async () => {
  const file = '2025-03-20-unknown-tag/index.md';
  const result = await buildWith({
    [`blog/${file}`]: blogPost('authors: [matsuri]\ntags: [announcement, no-such-tag]'),
  });
  expect(result.exitCode).not.toBe(0);
  expect(result.output).toContain(file);
  expect(result.output).toContain('no-such-tag');
});

test('ビルド: authors.yml に無い著者の記事はファイル名つきで失敗する', async () => {
  const file = '2025-03-20-unknown-author/index.md';
  const result = await buildWith({
    [`blog/${file}`]: blogPost('authors: [nobody-here]\ntags: [announcement]'),
  });
  expect(result.exitCode).not.toBe(0);
  expect(result.output).toContain(file);
  expect(result.output).toContain('nobody-here');
});

test('ビルド: 前付けの値が不正なドキュメントはファイル名つきで失敗する', async () => {
  const file = 'docs/invalid-front-matter.mdx';
  const result = await buildWith({
    [file]: doc('title: 不正な前付け\nsidebar_position: abc', '本文です。'),
  });
  expect(result.exitCode).not.toBe(0);
  expect(result.output).toContain(file);
  expect(result.output).toContain('sidebar_position');
});

test('ビルド: 前付けの値が不正な記事はファイル名つきで失敗する', async () => {
  const file = '2025-03-20-invalid-front-matter/index.md';
  const result = await buildWith({
    [`blog/${file}`]: blogPost('authors: [matsuri]\ntags: [announcement]\ndescription: [1, 2]'),
  });
  expect(result.exitCode).not.toBe(0);
  expect(result.output).toContain(file);
  expect(result.output).toContain('"description"');
});

// issue 60 の 3: front matter の mdx: {format: mdx} は .md の記事を MDX にし、本文の {…} がビルドの中で動いていた。
// .mdx の記事は、事務局のフォルダーの検査（issue 65）が先に止める（下の「事務局のフォルダーに置いたコード」）。
test('ビルド: 記事に使えない front matter のキー（mdx など）は、ファイルとキーをまとめて挙げて失敗する', async () => {
  const switched = 'blog/2026-11-22-mdx-switch/index.md';
  const extraKey = 'blog/2026-11-22-extra-key/index.md';
  const result = await buildWith({
    // MDX として正しい本文（変更前は、{typeof process} がビルドの中で動き、javascript: のリンクが残ってビルドが通った）。
    [switched]: `---\ntitle: 切り替える記事\ndate: 2026-11-22\nauthors: [matsuri]\nmdx:\n  format: mdx\n---\n\n冒頭です。\n\n{/* truncate */}\n\n<p>ビルドの中で動いた: {typeof process}</p>\n\n<a href="javascript:alert(5)">危ないリンク</a>\n`,
    [extraKey]: blogPost('authors: [matsuri]\nslug: /blog/elsewhere'),
  });
  expect(result.exitCode, result.output).not.toBe(0);
  expect(result.output).toContain('記事に使えないものがあるので、ビルドを止めます');
  expect(result.output).toContain(`${switched} の front matter の「mdx」`);
  expect(result.output).toContain(`${extraKey} の front matter の「slug」`);
  expect(result.output).toContain('title、authors、tags、date、description');
});

// 解決できない Markdown リンクも同じビルドで試す（警告のあと、残った壊れたリンクでビルドが止まる）。
test('ビルド: 存在しないページへの内部リンクで失敗してページとリンク先を示し、解決できない Markdown リンクはファイル名つきで警告する', async () => {
  const markdownLinkFile = 'docs/broken-markdown-link.mdx';
  const result = await buildWith({
    'docs/broken-link.mdx': doc('title: 壊れたリンク', '[行き先のないリンク](/docs/no-such-page)'),
    [markdownLinkFile]: doc('title: 壊れた Markdown リンク', '[無いファイル](./no-such-file.mdx)'),
  });
  expect(result.exitCode).not.toBe(0);
  expect(result.output).toMatch(/broken links/i);
  expect(result.output).toContain('/docs/broken-link');
  expect(result.output).toContain('/docs/no-such-page');
  expect(result.output).toMatch(/\[(WARNING|ERROR)\][^\n]*no-such-file\.mdx/);
  expect(result.output).toContain(markdownLinkFile);
});

test('ビルド: 存在しないアンカーへのリンクで失敗し、ページとリンク先を示す', async () => {
  const result = await buildWith({
    'docs/broken-anchor.mdx': doc(
      'title: 壊れたアンカー',
      '[行き先のない見出し](/docs/intro#no-such-anchor)',
    ),
  });
  expect(result.exitCode).not.toBe(0);
  expect(result.output).toMatch(/broken anchors/i);
  expect(result.output).toContain('/docs/broken-anchor');
  expect(result.output).toContain('/docs/intro#no-such-anchor');
});

test('ビルド: 文節を用意していない日本語の見出しを文字列で描くページは、その見出しを挙げて失敗する', async () => {
  const result = await buildWith({
    'src/pages/uncollected-heading.tsx': [
      "import Heading from '@theme/Heading';",
      'export default function Page() {',
      '  return <Heading as="h2">集めていない見出し</Heading>;',
      '}',
    ].join('\n'),
  });
  expect(result.exitCode).not.toBe(0);
  expect(result.output).toContain('見出し「集めていない見出し」の文節がありません');
  expect(result.output).toContain('/uncollected-heading');
});

// issue 52 の 3: 記事（.md）に書いた HTML は、許す一覧で確かめてから読者に届く（plugins/raw-html）。
/** 題と説明から <head> に要素を作ろうとする記事（issue 60 の 3。JSON-LD の <script> を閉じる）。 */
const headTitle = '題</script><meta http-equiv="refresh" content="0; url=https://example.com/">の記事';
const headDescription = '説明</script><style>body { display: none }</style>と & の文です。';
const headPost = [
  '---',
  `title: ${JSON.stringify(headTitle)}`,
  'authors: [matsuri]',
  'tags: [announcement]',
  'date: 2026-11-21',
  `description: ${JSON.stringify(headDescription)}`,
  '---',
  '',
  '冒頭です。',
  '',
  '<!-- truncate -->',
  '',
  '本文です。',
  '',
].join('\n');

/** ページの JSON-LD（<script type="application/ld+json"> の中身を JSON として読んだもの）。 */
function jsonLd(html: string): unknown[] {
  const $ = load(html);
  return $('script[type="application/ld+json"]')
    .toArray()
    .map((script) => JSON.parse($(script).text()) as unknown);
}

/**
 * 写真とページへのリンクだけの、ふつうの記事（issue 65）。エディターが書く形の写真と、サイトのパス・.md の記事・
 * 見出し・ほかのサイト・メールへのリンク。
 */
const ordinaryDir = 'blog/2026-11-23-ordinary-links';
const ordinaryPage = 'blog/2026/11/23/ordinary-links.html';
const ordinaryPost = [
  '---',
  'title: 写真とリンクの記事',
  'authors: [matsuri]',
  'tags: [announcement]',
  'date: 2026-11-23',
  'description: 写真とページへのリンクだけの記事です。',
  '---',
  '',
  '冒頭です。',
  '',
  '<!-- truncate -->',
  '',
  '## 当日の様子 {#the-day}',
  '',
  '![駅前に集まった参加者](./photo-1.jpg)',
  '',
  '遊び方は[どんなイベント？](/docs/intro)、前のお知らせは[サイトの公開](/blog/2025/03/16/docs-site-launch)にあります。',
  '[記事の一覧](/blog/archive)、[この記事の見出し](#the-day)、[Discord](https://discord.gg/nnphyY9Ujg)、',
  '[メール](mailto:info@example.com)、<a href="/docs/1_host">開催の手引き</a>も読めます。',
  '',
].join('\n');

test('ビルド: 記事に書いた <script>・<iframe>・on… の属性・javascript: のリンクなどは、ファイル名と除いたものを警告して除き、<b>・<br>・表は残してビルドが通る。書いた人の id は接頭辞つき、題と説明の </script> は <head> で文字のまま。写真とページへのリンクだけの記事も通る', async () => {
  const dir = '2026-11-20-raw-html';
  const file = `blog/${dir}/index.md`;
  const page = 'blog/2026/11/20/raw-html.html';
  const headPage = 'blog/2026/11/21/head-fields.html';
  const result = await buildWith(
    {
      [file]: rawHtmlPost,
      'blog/2026-11-21-head-fields/index.md': headPost,
      [`${ordinaryDir}/index.md`]: ordinaryPost,
      [`${ordinaryDir}/photo-1.jpg`]: await photoJpeg({width: 800, height: 600, seed: 65}),
    },
    [page, headPage, 'blog.html', ordinaryPage],
  );
  expect(result.exitCode, result.output).toBe(0);
  // ふつうの記事は、写真（幅ごとの写真の <picture>）とページへのリンクを持ち、/assets/files/ に何も写さない。
  const ordinary = load(result.outputs[3] ?? '');
  expect(ordinary('picture img[alt="駅前に集まった参加者"]').length).toBe(1);
  for (const href of ['/docs/intro', '/blog/2025/03/16/docs-site-launch', '#the-day', '/docs/1_host'])
    expect(ordinary(`article a[href="${href}"]`).length, href).toBeGreaterThan(0);
  expect(result.outputs[3]).not.toContain('/assets/files/');
  const warning = result.output.split('\n').find((line) => line.includes(file));
  expect(warning, '警告の行にファイル名').toBeDefined();
  for (const item of reportedDrops) expect(warning).toContain(item);
  for (const item of unreportedKept) expect(warning).not.toContain(item);
  // 題と説明は <title>・meta・JSON-LD の中の文字のまま（記事のページと、記事の並ぶ一覧のページ）。
  for (const [index, name] of [
    [1, headPage],
    [2, 'blog.html'],
  ] as const) {
    const headHtml = result.outputs[index] ?? '';
    expect(headHtml, name).not.toBe('');
    const $ = load(headHtml);
    expect($('meta[http-equiv]').length, `${name} の <meta http-equiv>`).toBe(0);
    expect(
      $('style')
        .toArray()
        .filter((style) => $(style).text().includes('display: none')),
      `${name} の <style>`,
    ).toEqual([]);
    const postings = JSON.stringify(jsonLd(headHtml));
    expect(postings, `${name} の JSON-LD`).toContain(JSON.stringify(headTitle).slice(1, -1));
    // 中身に < が無い（\u003c と書く。HTML の圧縮は > をそのまま書き戻すことがある）。
    for (const script of $('script[type="application/ld+json"]').toArray())
      expect($(script).text(), `${name} の JSON-LD`).not.toContain('<');
  }
  const $head = load(result.outputs[1] ?? '');
  expect($head('title').text()).toContain(headTitle);
  expect($head('meta[name="description"]').attr('content')).toBe(headDescription);
  const html = result.outputs[0] ?? '';
  // 記事の本文（Docusaurus の記事の枠の中）だけを見る。ページの <script> や <meta> はサイト自身のもの。
  const start = html.search(/id="?__blog-post-container/);
  const end = html.indexOf('</article>', start);
  expect(start, page).toBeGreaterThan(-1);
  const body = html.slice(start, end);
  for (const pattern of dangerousPatterns) expect(body).not.toMatch(pattern);
  for (const pattern of harmlessPatterns) expect(body).toMatch(pattern);
});

// issue 65: 記事が公開するのは、そのページと写真だけ。Docusaurus はリンクが指すファイル（.md・.mdx・.html のほか）を
// /assets/files/ に写して読者のオリジンに載せていた（./notes.htm と ./figure.svg は、記事の ./handout.js を動かした）。
test('ビルド: ページでないファイル・@site/・.. を指すリンクと画像の記事は、記事とリンクをそれぞれ挙げて失敗する', async () => {
  const post = (date: string, body: string): string =>
    `---\ntitle: ファイルを指す記事\nauthors: [matsuri]\ntags: [announcement]\ndate: ${date}\n---\n\n冒頭です。\n\n<!-- truncate -->\n\n${body}\n`;
  const cases = [
    {dir: 'blog/2026-11-24-handout-js', link: './handout.js', body: '[配布資料](./handout.js)'},
    {dir: 'blog/2026-11-24-notes-htm', link: './notes.htm', body: '[当日のメモ](./notes.htm)'},
    {dir: 'blog/2026-11-24-figure-svg', link: './figure.svg', body: '[会場の図](./figure.svg)'},
    {
      dir: 'blog/2026-11-24-site-alias',
      link: '@site/../../etc/hostname',
      body: '[ホスト名](@site/../../etc/hostname)',
    },
    {dir: 'blog/2026-11-24-parent-pdf', link: '../other/file.pdf', body: '[資料](../other/file.pdf)'},
    {
      dir: 'blog/2026-11-24-parent-image',
      link: '../../static/img/social-card.png',
      body: '![カード](../../static/img/social-card.png)',
    },
    // 同じ決まりで確かめるほかの書き方: リンクの定義、書いた HTML、static/ のファイル、写真でない画像。
    {
      dir: 'blog/2026-11-24-definition',
      link: './notes.htm',
      body: '[当日のメモ][memo]\n\n[memo]: ./notes.htm',
    },
    {
      dir: 'blog/2026-11-24-raw-html-link',
      link: './handout.js',
      body: '<a href="./handout.js">配布資料</a>',
    },
    {dir: 'blog/2026-11-24-static-file', link: '/img/logo.svg', body: '[ロゴ](/img/logo.svg)'},
    {dir: 'blog/2026-11-24-svg-image', link: './figure.svg', body: '![会場の図](./figure.svg)'},
  ] as const;
  const result = await buildWith({
    ...Object.fromEntries(cases.map(({dir, body}) => [`${dir}/index.md`, post('2026-11-24', body)])),
    // 変更前は、どのリンク先のファイルも /assets/files/ に写って公開された（.. と @site/ は、記事のフォルダーの外の
    // ファイルも）。事務局のフォルダーに置いた .js・.htm・.svg は、いまは事務局のフォルダーの検査が先に止める
    // （上の「事務局のフォルダーに置いたコード」）ので、ここではリンクの決まりだけで止まることを確かめる。
    // リンクの決まりはリンク先のファイルがあるかを見ない（static/ の /img/logo.svg と .. の外のファイルはある）。
  });
  expect(result.exitCode, result.output).not.toBe(0);
  expect(result.output).toContain('ページと写真のほかのファイルを指すリンクや画像があるので、ビルドを止めます');
  const lines = result.output.split('\n');
  for (const {dir, link} of cases) {
    const named = lines.find((line) => line.includes(`${dir}/index.md:`) && line.includes(`「${link}」`));
    expect(named, `${dir} の ${link}`).toBeDefined();
  }
});

// issue 65: タグと書いた人のページは /blog/tags/ と /blog/authors/ の下だけ（tags.yml の /../../markdown-page は、
// コードのページ src/pages/markdown-page.mdx の HTML を上書きした）。
test('ビルド: tags.yml と authors.yml のページのパスが /blog/tags/・/blog/authors/ の外を指せば、ファイルとキーを挙げて失敗する', async () => {
  const tags = readFileSync(path.join(__dirname, '../../blog/tags.yml'), 'utf8').replace(
    'permalink: /announcement',
    'permalink: /../../markdown-page',
  );
  const authors = `${readFileSync(path.join(__dirname, '../../blog/authors.yml'), 'utf8')}outsider:\n  name: 外の人\n  url: javascript:alert(1)\n  page:\n    permalink: /../../docs/intro\n`;
  const result = await buildWith({'blog/tags.yml': tags, 'blog/authors.yml': authors});
  expect(result.exitCode, result.output).not.toBe(0);
  expect(result.output).toContain('タグか書いた人のページが、/blog/tags/ か /blog/authors/ の外を指すので');
  expect(result.output).toContain('blog/tags.yml の「announcement」の permalink（"/../../markdown-page"）');
  expect(result.output).toContain('blog/authors.yml の「outsider」の page.permalink（"/../../docs/intro"）');
  expect(result.output).toContain('blog/authors.yml の「outsider」の url（"javascript:alert(1)"）');
});

// issue 52 の 6: お知らせのリンク先は、このサイトのパスか https:// の URL だけ（エディターの欄と同じ決まり）。
test('ビルド: お知らせのリンク先が // で始まるほかのサイトや javascript: なら、src/data/announcement.json を挙げて失敗する', async () => {
  for (const link of ['//x.example/path', 'javascript:alert(1)']) {
    const result = await buildWith({
      'src/data/announcement.json': `${JSON.stringify({text: 'お知らせです。', linkLabel: '読む', link}, null, 2)}\n`,
    });
    expect(result.exitCode, link).not.toBe(0);
    expect(result.output).toContain('src/data/announcement.json');
    expect(result.output).toContain(JSON.stringify(link));
    expect(result.output).toContain('https:// で始まる URL にしてください');
  }
});

// issue 65: 事務局が持ち主の承認なしに書けるフォルダーに置いたコードは、何かが読む前にビルドが止める。変更前は、
// お知らせの .json を消して .json.ts を置くと、site.ts の import がそれを選び、ビルドの中で動いて読者の JS にも入った。
test('ビルド: 事務局のフォルダーに置いたコード（お知らせの .json を消して置いた .json.ts、開催事例の .json.ts、スペック、.mdx、.svg、.htm、シンボリックリンク、実行できるファイル、日付でないフォルダー）は、1 つずつ挙げて止まり、そのコードは動かない', async () => {
  const site = (copy ??= createSiteCopy('strictness'));
  const markers = mkdtempSync(path.join(tmpdir(), 'denki-office-code-'));
  /** 動いたら印のファイルを書き、お知らせと同じ形のものを返すモジュール。 */
  const code = (name: string): string =>
    [
      "import {writeFileSync} from 'node:fs';",
      `writeFileSync(${JSON.stringify(path.join(markers, name))}, 'ran');`,
      "export default {text: 'コードが書いたお知らせ', linkLabel: '読む', link: '/blog'};",
      '',
    ].join('\n');
  const announcement = 'src/data/announcement.json';
  const original = readFileSync(path.join(site.dir, announcement), 'utf8');
  const files: Record<string, string> = {
    'src/data/announcement.json.ts': code('announcement'),
    'src/data/events/nagareyama-kashiwa-9.json.ts': code('event'),
    'blog/2026-11-27-x/tests/x.spec.ts': code('spec'),
    'blog/2026-11-27-x/index.mdx': '---\ntitle: MDX\n---\n\n{typeof process}\n',
    'blog/2026-11-27-x/figure.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    'blog/2026-11-27-x/notes.htm': '<script>alert(1)</script>',
    'blog/notes/index.md': blogPost('authors: [matsuri]'),
    'blog/2026-11-27-x/photo-2.jpg': 'x',
  };
  const linked = 'blog/2026-11-27-x/photo-1.jpg';
  try {
    rmSync(path.join(site.dir, announcement));
    for (const [file, content] of Object.entries(files)) site.write(file, content);
    chmodSync(path.join(site.dir, 'blog/2026-11-27-x/photo-2.jpg'), 0o755);
    symlinkSync('/etc/hostname', path.join(site.dir, linked));
    const result = await buildSiteCopy(site, BUILD_TIMEOUT_MS);
    expect(result.exitCode, result.output).not.toBe(0);
    // 置いたコードはどれも動かない（変更前は、設定を読むときにお知らせの .json.ts が動いた）。
    expect(readdirSync(markers)).toEqual([]);
    expect(result.output).toContain('事務局のフォルダー（blog/、src/data/）に置けないものがあるので、止めます。');
    for (const file of [...Object.keys(files), linked, 'blog/2026-11-27-x/tests', 'blog/notes'])
      expect(result.output, file).toContain(`- ${file}: `);
    expect(result.output).toContain(`- ${linked}: シンボリックリンクは置けません`);
    expect(result.output).toContain('- blog/2026-11-27-x/photo-2.jpg: 実行できるファイルは置けません');
    // ビルドは、設定を読むところ（バンドルを始める前）で止まった。
    expect(result.output).not.toContain('Creating an optimized production build');
  } finally {
    rmSync(path.join(site.dir, 'blog/2026-11-27-x'), {recursive: true, force: true});
    rmSync(path.join(site.dir, 'blog/notes'), {recursive: true, force: true});
    for (const file of ['src/data/announcement.json.ts', 'src/data/events/nagareyama-kashiwa-9.json.ts'])
      rmSync(path.join(site.dir, file), {force: true});
    site.write(announcement, original);
    rmSync(site.outDir, {recursive: true, force: true});
    rmSync(markers, {recursive: true, force: true});
  }
});

// issue 62: 開催事例のデータ（src/data/events/*.json）の誤りは、読み込みの段階（バンドルより前）でビルドを止め、
// ファイル名と日本語の欄の名前を挙げる。どれもバンドルの前に止まるので、5 件で 14 秒（2 コアが混んでいると約 50 秒）。
test.describe('開催事例のデータ', () => {
  const base = JSON.parse(
    readFileSync(path.join(__dirname, '../../src/data/events/nagareyama-kashiwa-1.json'), 'utf8'),
  ) as Record<string, unknown>;
  const event = (changes: Record<string, unknown>): string =>
    `${JSON.stringify({...base, number: 9, anchor: 'broken-event', ...changes}, null, 2)}\n`;
  const file = 'src/data/events/broken-event.json';
  const cases = [
    {
      what: '必須の欄が無い',
      content: event({name: undefined}),
      expected: ['「イベントの名前」（name）', '必須の欄です'],
    },
    {
      what: '暦にない日',
      content: event({start: '2026-02-30', month: undefined}),
      expected: ['「開催の初日」（start）', '暦にない日です'],
    },
    {
      what: 'blog に無い報告の記事',
      content: event({report: '2025-01-01-no-such-post'}),
      expected: ['「開催の報告の記事」（report）', '2025-01-01-no-such-post'],
    },
    {
      what: 'ほかの回と重なる見出しの id',
      content: event({anchor: 'nagareyama-kashiwa-2'}),
      expected: ['「見出しの id」（anchor）', 'nagareyama-kashiwa-2', 'nagareyama-kashiwa-2.json'],
    },
    {
      what: 'ページの見出しと重なる id',
      content: event({anchor: 'participant-voices'}),
      expected: ['「見出しの id」（anchor）', 'participant-voices', 'docs/event-examples.mdx'],
    },
  ] as const;

  test('ビルド: 必須の欄が無い・暦にない日・blog に無い報告の記事・重なる見出しの id は、ファイル名と欄を挙げて失敗する', async () => {
    test.setTimeout(cases.length * BUILD_TIMEOUT_MS);
    for (const {what, content, expected} of cases) {
      const result = await buildWith({[file]: content});
      expect(result.exitCode, what).not.toBe(0);
      expect(result.output, what).toContain(`開催事例のデータ ${file} が正しくありません。`);
      for (const text of expected) expect(result.output, what).toContain(text);
    }
  });
});
