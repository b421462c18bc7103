/**
 * エディター（/admin/）で報告を書く、を WebKit（WebKitGTK の MiniBrowser。iPhone の Safari と同じエンジン）の
 * 390 px で（issue 46）。editor.spec.ts の Chromium と同じく、リポジトリーの一時的な複製に decap-server
 * （git モード）をつなぐ。ブラウザーは Playwright の page ではなく、webkit-editor.ts が WebKitWebDriver で開く。
 * 確かめること: 記事の一覧と記事の画面が 390 px に収まる。IME で変換して書いた題と本文（WebDriver に IME の命令は
 * ないので、Safari と同じ順の composition / input のイベントをページの中で送る）が 1 度だけ入る。日付・URL の名前・
 * 書いた人・タグ 2 つを選び、写真 3 枚を本物のファイルの欄（WebDriver の Element Send Keys）から選んで説明を付け、
 * 保存して「公開待ち」にし、公開すると、記事と写真が 1 つのコミットになり、写真にはメタデータがなく、向きは画素に
 * 当たり、大きさは上限まで。約 20 秒（WebKit の起動・複製・写真の用意が約 7 秒、報告が約 12 秒、一覧への戻りが
 * 1 秒足らず）。ほかのテストと 2 コアを分け合うと 35〜40 秒。
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from './fixture';
import {testServer} from '../../../tests/support/server';
import {expectCommittedReport, existingPosts} from './committed';
import {phone} from './editor-page';
import {createEditorRepo, type EditorRepo} from '../../../lib/editor-repo';
import {writeSidewaysPhoto, writeTransparentPng, writeTwelveMegapixelPhoto} from './photo-files';
import {
  button,
  byLabel,
  byRole,
  byText,
  composeText,
  containingText,
  launchEditorWebKit,
  pageErrors,
  watchPageErrors,
  type ChainablePromiseElement,
  type ImeStep,
  type WebKitEditor,
} from './webkit-editor';

test.describe.configure({mode: 'serial'});

const entrySlug = '2026-11-27-webkit-report';
const postDir = `blog/${entrySlug}`;
/** Decap のプレビューの切り替え（狭い画面では右下の「プレビュー」「編集に戻る」）。 */
const previewToggle = 'プレビュー表示を切り替える';
const titleSteps: readonly ImeStep[] = [
  {reading: 'すまーとふぉんで', text: 'スマートフォンで'},
  {reading: 'でんきの', text: '電鬼の'},
  {reading: 'ほうこくをかきました', text: '報告を書きました'},
];
const bodySteps: readonly ImeStep[] = [
  {reading: 'さんかしゃは', text: '参加者は'},
  {reading: 'さんじゅうにんでした。', text: '30人でした。'},
];
const joined = (steps: readonly ImeStep[]): string => steps.map((step) => step.text).join('');
const title = joined(titleSteps);
const body = joined(bodySteps);
const description = 'iPhone の Safari と同じエンジンで書いた報告です。';
const alts = [
  '改札の前で、次の行き先を相談する参加者',
  '縦に持って撮った、駅のホームの案内板',
  '逃げる範囲を色分けした地図',
] as const;

let repo: EditorRepo;
let photoDir: string;
let photos: string[];
let editor: WebKitEditor;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  photoDir = mkdtempSync(path.join(tmpdir(), 'denki-editor-webkit-photos-'));
  // 並べて用意し、1 つが失敗しても、用意できたもの（WebKit、decap-server）は afterAll が閉じる。
  const [repoResult, photosResult, editorResult] = await Promise.allSettled([
    createEditorRepo(),
    Promise.all([
      writeTwelveMegapixelPhoto(photoDir),
      writeSidewaysPhoto(photoDir),
      writeTransparentPng(photoDir),
    ]),
    launchEditorWebKit(phone),
  ]);
  if (repoResult.status === 'fulfilled') repo = repoResult.value;
  if (photosResult.status === 'fulfilled') photos = photosResult.value;
  if (editorResult.status === 'fulfilled') editor = editorResult.value;
  for (const result of [repoResult, photosResult, editorResult]) {
    if (result.status === 'rejected') throw result.reason;
  }
});

test.afterAll(async () => {
  await editor?.close();
  await repo?.remove();
  if (photoDir) rmSync(photoDir, {recursive: true, force: true});
});

// どのテストも、ページで捕まえられなかった例外があれば失敗する。失敗したら、その時の WebKit の画面を残す。
test.afterEach(async () => {
  const testInfo = test.info();
  if (testInfo.status === testInfo.expectedStatus && editor) {
    expect(await pageErrors(editor.browser), 'エディターのページで捕まえられなかった例外').toEqual(
      [],
    );
  }
  if (testInfo.status !== testInfo.expectedStatus && editor) {
    const file = testInfo.outputPath('webkit.png');
    await editor.browser.saveScreenshot(file).catch(() => undefined);
    await testInfo.attach('webkit', {path: file, contentType: 'image/png'}).catch(() => undefined);
  }
});

const commitCount = async (): Promise<number> =>
  Number(await repo.git('rev-list', '--count', 'HEAD'));

const scrollWidth = (): Promise<number> =>
  editor.browser.execute(() => document.documentElement.scrollWidth);

/** エディターを開き、「ログイン」で手元のバックエンド（decap-server）に入る。 */
async function signIn(hash: string): Promise<void> {
  const {browser} = editor;
  await browser.url(repo.editorUrl(testServer.editorBaseURL, hash));
  await watchPageErrors(browser);
  await button(browser, 'ログイン').click();
  // 入ると、右上にアカウントのメニュー（client/labels.ts の日本語の aria-label）が出る。
  await browser.$('[aria-label="アカウントのメニュー"]').waitForExist();
}

/**
 * 欄を押し、入っている文字を選んで消し（Ctrl+A、Backspace）、キーボードで打つ（WebDriver の Element Send Keys）。
 * browser.keys(['1', '1']) は同じキーを押したまま 2 度押すことになり、1 文字しか入らない。
 */
async function retype(field: ChainablePromiseElement, text: string): Promise<void> {
  await field.click();
  await editor.browser.keys(['Control', 'a']);
  await editor.browser.keys('Backspace');
  if (text) await field.addValue(text);
  await expect.poll(() => field.getValue()).toBe(text);
}

/** ページの中の関数に渡す、要素の id の selector。 */
async function selectorOf(field: ChainablePromiseElement): Promise<string> {
  return `#${await field.getAttribute('id')}`;
}

/**
 * 複数を選べる選択の欄（react-select）を押して開き、表示名の選択肢を押す。ラベルは前方一致（入れなくてもよい欄には
 * Decap が「 (任意)」を足す）。
 */
async function choose(label: string, option: string): Promise<void> {
  await byLabel(editor.browser, label, {exact: false}).click();
  await byRole(editor.browser, 'option', option).click();
}

test('WebKit の 390 px: IME で題と本文を書き、写真 3 枚をファイルの欄で選んで説明を付けて公開すると、記事と写真が 1 つのコミットになる', async () => {
  test.setTimeout(180_000);
  const {browser} = editor;
  const before = await commitCount();
  await signIn('#/collections/blog/new');
  const titleField = byLabel(browser, '題');
  await titleField.waitForExist();
  // スマートフォンの幅では、記事を開くと欄が見える（プレビューだけの画面にならない。preview/narrow-screen.ts）。
  // 見えなければ記録して、人と同じく「編集に戻る」を押して続ける。
  expect.soft(await titleField.isDisplayed(), '記事を開くと、題の欄が見える').toBe(true);
  if (!(await titleField.isDisplayed()))
    await browser.$(`button[title="${previewToggle}"]`).click();
  await titleField.waitForDisplayed();
  expect.soft(await scrollWidth(), '記事の画面').toBeLessThanOrEqual(phone.width);

  await titleField.click();
  expect(await browser.execute(composeText, await selectorOf(titleField), titleSteps)).toBe(title);
  await expect.poll(() => titleField.getValue()).toBe(title);

  const dateField = (part: '年' | '月' | '日'): ChainablePromiseElement =>
    browser.$(`input[aria-label="${part}"]`);
  await retype(dateField('年'), '2026');
  await retype(dateField('月'), '11');
  await retype(dateField('日'), '27');
  // 日付が揃ったあとで URL の名前を 1 文字ずつ打つ（欄は打ち終えてから同じ日付・名前の記事を探すので、
  // 探した結果が届いて描き直されても、打った文字は落ちない）。
  await retype(byLabel(browser, 'URL の名前', {exact: false}), 'webkit-report');
  await byText(browser, '記事の URL: /blog/2026/11/27/webkit-report').waitForDisplayed();
  expect(await byLabel(browser, 'URL の名前', {exact: false}).getValue()).toBe('webkit-report');
  await choose('書いた人', 'まつり（matsuri）');
  await choose('タグ', 'お知らせ（announcement）');
  await choose('タグ', 'アップデート（update）');
  await retype(byLabel(browser, '説明'), description);

  const bodyField = byLabel(browser, '本文');
  await bodyField.click();
  expect(await browser.execute(composeText, await selectorOf(bodyField), bodySteps)).toBe(body);

  // 本物のファイルの欄に、3 つのファイルの場所を改行でつないで送る（multiple の欄。WebKitWebDriver は受け付ける）。
  const fileInput = browser.$('input[type=file]');
  await browser.elementSendKeys(await fileInput.elementId, photos.join('\n'));
  for (const [index, alt] of alts.entries()) {
    const altField = byLabel(browser, `写真 ${index + 1} の説明`, {exact: false});
    await altField.waitForDisplayed({timeout: 120_000});
    await retype(altField, alt);
  }
  await expect.poll(() => titleField.getValue()).toBe(title);
  await expect.poll(() => bodyField.getValue()).toContain(body);
  expect.soft(await scrollWidth(), '写真と説明の入った記事の画面').toBeLessThanOrEqual(phone.width);

  // 「保存」で記事のブランチに下書きとして入り（main はまだ変わらない）、「公開待ち」にして「公開」する。
  await button(browser, '保存').click();
  await byRole(browser, 'button', 'ステータス: 下書き').click();
  await byRole(browser, 'menuitem', '公開待ち').click();
  await byRole(browser, 'button', 'ステータス: 公開待ち').waitForDisplayed();
  expect(await commitCount()).toBe(before);
  await byRole(browser, 'button', '公開').click();
  await byRole(browser, 'menuitem', '公開する').click();
  // 「このエントリを公開しますか？」（window.confirm）を承諾する。
  await browser.waitUntil(() =>
    browser.getAlertText().then(
      () => true,
      () => false,
    ),
  );
  await browser.acceptAlert();
  await expect.poll(commitCount, {timeout: 30_000}).toBe(before + 1);
  // 保存すると、エディターは保存した記事の画面に移る。
  await browser.waitUntil(async () => (await browser.getUrl()).includes(`/entries/${entrySlug}`), {
    timeoutMsg: '保存した記事の画面に移りません',
  });

  await expectCommittedReport(repo, {postDir, title, body, alts});
});

// 前のテストの続き: 公開した記事の画面から、左上の「←」で一覧に戻る（ページを読み直さない）。
test('WebKit の 390 px: 記事の画面から戻ると、一覧にいまの記事と公開した報告がすべて並び、横にはみ出さない', async () => {
  const {browser} = editor;
  const back = browser.$('a[href="#/collections/blog"]');
  // 狭い画面の知らせ（「公開しました。」）は下に出るので、上の「←」はすぐ押せる（admin.css）。
  await back.waitForClickable();
  await back.click();
  const posts = existingPosts();
  expect(posts.length).toBeGreaterThan(0);
  for (const post of [...posts, {title}])
    await containingText(browser, post.title).waitForDisplayed();
  expect(await scrollWidth()).toBeLessThanOrEqual(phone.width);
});
