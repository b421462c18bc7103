/**
 * issue 66: 保存を断ったとき、理由が画面に見える。事務局の人がスマートフォン（390 px、タッチ）で長い開催事例の
 * フォームのいちばん下まで書いて「保存」を押すと、ビルドが断る回（最終日が初日より前、ほかの回が使っている見出しの
 * id、blog に無い報告の記事）は、保存の前に断られ、画面の中に「「〈欄〉」を直してください: 〈理由〉」の知らせが出て、
 * その欄まで動いて入力が移る。記事（入っていない題）とお知らせバー（形の違うリンク先）でも同じ。欄の名前は 1 行で、
 * 理由は書いたとおりの字（大文字にしない）。何もコミットされない。リポジトリーの一時的な複製に decap-server
 * （git モード）をつなぐ。かかる時間: 開催事例が約 20 秒、記事とお知らせバーが約 8 秒、複製の用意が約 3 秒。
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Locator, Page} from '@playwright/test';
import {expect, test} from './fixture';
import {createEditorRepo, type EditorRepo} from '../../../lib/editor-repo';
import {phone, save, signIn} from './editor-page';

test.describe.configure({mode: 'serial'});
test.use({viewport: phone, hasTouch: true, isMobile: true, serviceWorkers: 'block'});

let repo: EditorRepo;

/** エディターを組んだあとで main に入った記事（エディターが知っている blog の記事には無い）。 */
const laterPost = {dir: '2026-12-01-winter-report', title: '冬の電鬼の報告'};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  repo = await createEditorRepo();
  const dir = path.join(repo.copy.dir, 'blog', laterPost.dir);
  mkdirSync(dir, {recursive: true});
  writeFileSync(
    path.join(dir, 'index.md'),
    `---\ntitle: ${laterPost.title}\nauthors: [matsuri]\ntags: [event]\ndate: 2026-12-01\ndescription: 冬の回の報告です。\n---\n\n冬の回の報告です。\n`,
  );
  await repo.git('add', '-A');
  await repo.git('commit', '-q', '-m', 'エディターを組んだあとの記事');
});

test.afterAll(async () => {
  await repo?.remove();
});

const commitCount = async (): Promise<number> =>
  Number(await repo.git('rev-list', '--count', 'HEAD'));
const editorBranches = async (): Promise<string> =>
  (await repo.git('branch', '--list', 'cms/*', '--format=%(refname:short)')).trim();

/** 欄（「(任意)」の付く任意の欄も）。 */
const field = (page: Page, label: string): Locator =>
  page.getByLabel(new RegExp(`^${label}( \\(任意\\))?$`)).first();

/** 保存を断った知らせ（Decap の知らせ。狭い画面では下に出る）。 */
const notice = (page: Page): Locator => page.locator('.Toastify__toast').last();

/** 知らせを閉じる（次の確かめで、前の知らせと取り違えない）。 */
async function closeNotices(page: Page): Promise<void> {
  for (const button of await page.locator('.Toastify__close-button').all()) {
    await button.tap();
  }
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
}

/**
 * フォームのいちばん下（最後の欄）までスクロールしてから「保存」を押し、断られて、知らせが画面の中にあり、
 * 断った欄に入力が移って画面の中にあること。欄の名前は 1 行で、理由は書いたとおりの字で出ること。
 */
async function saveFromBottomAndExpectRefusal(
  page: Page,
  bottom: Locator,
  refused: Locator,
  label: string,
  message: string,
): Promise<void> {
  await bottom.scrollIntoViewIfNeeded();
  await save(page);
  await expect(notice(page)).toHaveText(`「${label}」を直してください: ${message}`);
  await expect(notice(page)).toBeInViewport();
  await expect(refused).toBeFocused();
  await expect(refused).toBeInViewport();
  // 知らせは、断った欄に重ならない（出てくる動きの間は場所が変わるので、重ならなくなるまで測り直す）。
  await expect
    .poll(async () => {
      const [box, shown] = [await refused.boundingBox(), await notice(page).boundingBox()];
      if (!box || !shown) return '欄か知らせが見つからない';
      return box.y + box.height <= shown.y || box.y >= shown.y + shown.height
        ? ''
        : `知らせが欄「${label}」に重なっている`;
    })
    .toBe('');
  const name = page.locator('label', {hasText: new RegExp(`^${label}( \\(任意\\))?$`)}).first();
  await expect(name).toBeInViewport();
  const errors = page.locator('[class*="-ControlErrorsList"]').first();
  await expect(errors).toBeInViewport();
  expect(await errors.evaluate((element) => getComputedStyle(element).textTransform)).toBe('none');
  // 名前は 1 行（折れると、行の高さの 2 倍になる）。
  expect(
    await name.evaluate((element) => {
      const style = getComputedStyle(element);
      const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
      return (
        element.getBoundingClientRect().height - Number.parseFloat(style.paddingTop) * 2 <
        line * 1.5
      );
    }),
    `欄の名前「${label}」が折れている`,
  ).toBe(true);
}

test('開催事例: 最終日が初日より前・ほかの回の id・blog に無い報告の記事は、フォームの下から「保存」を押しても、知らせと欄へ動いて断り、保存しない', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const before = await commitCount();
  await signIn(page, repo.editorUrl('', '#/collections/events/new'));
  await field(page, '開催の回').fill('3');
  await field(page, 'イベントの名前').fill('渋谷 電鬼');
  await field(page, '見出しの id').fill('shibuya-1');
  await field(page, '開催の初日').fill('2026-12-21');
  await field(page, '開催の最終日').fill('2026-12-20');
  await field(page, '都道府県').fill('東京都');
  await page.getByRole('button', {name: '段落を足す'}).tap();
  await page.getByLabel('段落', {exact: true}).last().fill('ハチ公口を出発点に逃げ回りました。');
  await page.getByRole('button', {name: '声を足す'}).tap();
  await page.getByLabel('声', {exact: true}).last().fill('人混みの中の駆け引きがおもしろかった');
  const bottom = field(page, '開催の報告の記事');

  // 1. 最終日が初日より前（ビルドの「開催の最終日」（end）: 最終日が初日より前です）。
  const end = field(page, '開催の最終日');
  await bottom.scrollIntoViewIfNeeded();
  await expect(field(page, '見出しの id')).not.toBeInViewport();
  await saveFromBottomAndExpectRefusal(page, bottom, end, '開催の最終日', '最終日が初日より前です');
  await page.screenshot({path: test.info().outputPath('refused-end-390.png')});
  await end.fill('2026-12-22');
  await closeNotices(page);

  // 2. ほかの回が使っている見出しの id（フォームのいちばん上。理由の id は書いたとおりの小文字で出る）。
  const anchor = field(page, '見出しの id');
  await anchor.fill('nagareyama-kashiwa-1');
  await saveFromBottomAndExpectRefusal(
    page,
    bottom,
    anchor,
    '見出しの id',
    '見出しの id「nagareyama-kashiwa-1」は、ほかの回がもう使っています。ほかの id にしてください。',
  );
  await page.screenshot({path: test.info().outputPath('refused-anchor-390.png')});
  await anchor.fill('shibuya-1');
  await closeNotices(page);

  // 3. blog に無い報告の記事（エディターを組んだあとで入った記事。ビルドと同じく、組んだときの blog で確かめる）。
  await bottom.click();
  await page.getByRole('option', {name: laterPost.title}).tap();
  await page.getByLabel('声', {exact: true}).last().scrollIntoViewIfNeeded();
  const report = page.locator('input[aria-autocomplete="list"]').last();
  await saveFromBottomAndExpectRefusal(
    page,
    bottom,
    report,
    '開催の報告の記事',
    `記事「${laterPost.dir}/index」が blog にありません`,
  );
  await page.screenshot({path: test.info().outputPath('refused-report-390.png')});

  expect(await commitCount()).toBe(before);
  expect(await editorBranches()).toBe('');
});

test('記事とお知らせバー: 入っていない題・形の違うリンク先も、知らせと欄へ動いて断る', async ({
  page,
}) => {
  page.on('dialog', (dialog) => void dialog.accept());
  const before = await commitCount();
  await signIn(page, repo.editorUrl('', '#/collections/blog/new'));
  await field(page, '説明').fill('冬の回の報告です。');
  const title = field(page, '題');
  await saveFromBottomAndExpectRefusal(
    page,
    page.getByRole('textbox', {name: '本文'}).first(),
    title,
    '題',
    // 書いた人と本文も入っていない。
    '入っていません（必須の欄です）（ほかにも直す欄が 2 つあります）',
  );

  await page.goto(repo.editorUrl('', '#/collections/site/entries/announcement'));
  const link = field(page, 'リンク先');
  await expect(link).not.toHaveValue('');
  await link.fill('javascript:alert(1)');
  await save(page);
  await expect(notice(page)).toHaveText(/^「リンク先」を直してください: .+/u);
  await expect(notice(page)).toBeInViewport();
  await expect(link).toBeFocused();
  expect(await commitCount()).toBe(before);
  expect(await editorBranches()).toBe('');
});
