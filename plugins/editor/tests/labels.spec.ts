/**
 * エディターの画面のアクセシビリティ（issue 61）: ログインしたあとの画面（記事の一覧、新しい記事、保存した記事、
 * プレビュー）を 390 px と 1280 px で開き、axe（読者のページの監査と同じタグ）の違反が 0 件で、押せるもの・
 * 書けるものの名前がすべて日本語で、見える文字を含むこと。プレビューの題の文節の区切りは禁則を破らない
 * （全角コロンが行頭に来ない）。decap-server（git モード）につないだリポジトリーの一時的な複製で動かす。
 * かかる時間: 幅ごとに 15〜18 秒（4 つの画面の axe と名前の調べ）、プレビューの禁則の確かめが約 5 秒、複製の用意が約 3 秒。
 */
import {expect, test} from './fixture';
import {axeProblems} from '../../../tests/support/page-audit/checks';
import {kinsokuBreaks} from '../../../plugins/phrases/tests/kinsoku-breaks';
import {createEditorRepo, type EditorRepo} from '../../../lib/editor-repo';
import {existingPosts} from './committed';
import {controlNames, nameProblems} from './control-names';
import {phone, signIn} from './editor-page';
import type {Page} from '@playwright/test';

test.use({serviceWorkers: 'block'});

let repo: EditorRepo;

test.beforeAll(async () => {
  repo = await createEditorRepo();
});

test.afterAll(async () => {
  await repo?.remove();
});

/** 開いている画面の axe の違反と名前の問題（「画面の名前: 問題」の形）。 */
async function screenProblems(page: Page, screen: string): Promise<string[]> {
  // 読み込みの終わった画面を調べる（読み込み中だけ出る上の帯、topbar の canvas が消えるまで）。
  await expect(page.locator('body > canvas')).toBeHidden();
  const [axe, names] = [await axeProblems(page), nameProblems(await controlNames(page))];
  return [...axe, ...names].map((problem) => `${screen}: ${problem}`);
}

const widths = {phone, desktop: {width: 1280, height: 800}} as const;

for (const [layout, viewport] of Object.entries(widths)) {
  test(`${viewport.width} px: 一覧・新しい記事・保存した記事・プレビューに axe の違反が無く、名前はどれも日本語で見える文字を含む`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    page.on('dialog', (dialog) => void dialog.accept());
    const [post] = existingPosts();
    if (!post) throw new Error('記事がありません');
    const problems: string[] = [];

    await signIn(page, repo.editorUrl('', '#/collections/blog'));
    await expect(page.getByText(post.title)).toBeVisible();
    problems.push(...(await screenProblems(page, '記事の一覧')));

    // 「＋ 記事」は、見える文字の「記事」で見つかる。
    await page.getByRole('link', {name: /^記事/u}).click();
    const title = page.getByLabel('題', {exact: true});
    await expect(title).toBeVisible();
    // 全角コロンを挟んだ題（プレビューで「：」が行頭に来ていた）。
    await title.fill('秋の電鬼：渋谷で遊んだ報告');
    problems.push(...(await screenProblems(page, '新しい記事')));

    await page.goto(repo.editorUrl('', '#/collections/blog'));
    await page.getByText(post.title).click();
    await expect(title).toHaveValue(post.title, {timeout: 30_000});
    problems.push(...(await screenProblems(page, '保存した記事')));

    // 狭い画面ではプレビューを切り替えで見る。広い画面では欄の隣に出ている。
    if (layout === 'phone') await page.getByTitle('プレビュー表示を切り替える').click();
    const preview = page.frameLocator('#preview-pane');
    await expect(preview.getByRole('heading', {level: 1})).toHaveText(post.title);
    problems.push(...(await screenProblems(page, 'プレビュー')));

    expect(problems).toEqual([]);
  });
}

test('プレビューの題の文節の区切りは、行頭禁則の文字（全角コロン）の前に来ない', async ({page}) => {
  await page.setViewportSize(phone);
  await signIn(page, repo.editorUrl('', '#/collections/blog/new'));
  await page
    .getByLabel('題', {exact: true})
    .fill('秋の電鬼：渋谷で遊んだ報告・つかまえた・つかまった');
  await page.getByTitle('プレビュー表示を切り替える').click();
  const heading = page.frameLocator('#preview-pane').getByRole('heading', {level: 1});
  await expect(heading).toHaveText('秋の電鬼：渋谷で遊んだ報告・つかまえた・つかまった');
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  if (!frame) throw new Error('プレビューの枠がありません');
  expect(await frame.locator('h1 wbr').count()).toBeGreaterThan(0);
  expect(await kinsokuBreaks(frame)).toEqual([]);
});
