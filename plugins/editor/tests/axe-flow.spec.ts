/**
 * issue 66: エディターのアクセシビリティを、事務局の人の流れのとおりに確かめる（labels.spec.ts は空の記事と写真の
 * ない保存した記事まで）。390 px と 1280 px で、写真 10 枚の新しい記事、それを保存して状態（ステータス）が出た
 * 記事（編集の流れ）、保存を断って理由を出した開催事例のフォームを開き、axe（読者のページの監査と同じタグ）の
 * 違反が 0 件であること。decap-server（git モード）につないだリポジトリーの一時的な複製で動かす。
 * かかる時間: 幅ごとに約 30 秒（写真 10 枚の用意と保存、3 つの画面の axe）、複製と写真の用意が約 5 秒。
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {expect, test} from './fixture';
import {axeProblems} from '../../../tests/support/page-audit/checks';
import {createEditorRepo, type EditorRepo} from '../../../lib/editor-repo';
import {altField, choose, phone, save, signIn} from './editor-page';
import {cameraJpeg} from './photo-files';

test.use({serviceWorkers: 'block'});

let repo: EditorRepo;
let photoDir: string;
const photos: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  repo = await createEditorRepo();
  photoDir = mkdtempSync(path.join(tmpdir(), 'denki-axe-photos-'));
  for (let seed = 1; seed <= 10; seed += 1) {
    const file = path.join(photoDir, `IMG_${String(seed).padStart(4, '0')}.jpg`);
    writeFileSync(file, await cameraJpeg({width: 1600, height: 1200, seed}));
    photos.push(file);
  }
});

test.afterAll(async () => {
  await repo?.remove();
  if (photoDir) rmSync(photoDir, {recursive: true, force: true});
});

/** 開いている画面の axe の違反（「画面の名前: 違反」の形）。 */
async function screenProblems(page: Page, screen: string): Promise<string[]> {
  // 読み込みの終わった画面を調べる（読み込み中だけ出る上の帯、topbar の canvas が消えるまで）。
  await expect(page.locator('body > canvas')).toBeHidden();
  return (await axeProblems(page)).map((problem) => `${screen}: ${problem}`);
}

const widths = {phone, desktop: {width: 1280, height: 800}} as const;

for (const [layout, viewport] of Object.entries(widths)) {
  test(`${viewport.width} px: 写真 10 枚の新しい記事・状態の出た保存した記事・保存を断った開催事例に axe の違反が無い`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    page.on('dialog', (dialog) => void dialog.accept());
    const problems: string[] = [];

    await signIn(page, repo.editorUrl('', '#/collections/blog/new'));
    await page.getByLabel('題', {exact: true}).fill(`写真の報告（${layout}）`);
    const urlName = page.getByLabel('URL の名前', {exact: false}).first();
    await urlName.fill(`axe-${layout}`);
    await choose(page, '書いた人', 'まつり（matsuri）');
    await page.getByLabel('説明', {exact: true}).fill('写真で振り返る回の報告です。');
    await page.getByLabel('本文', {exact: true}).fill('当日の様子を写真で紹介します。');
    await page.locator('input[type=file]').setInputFiles(photos);
    for (let index = 1; index <= photos.length; index += 1) {
      await altField(page, index).fill(`当日の様子 ${index}`);
    }
    problems.push(...(await screenProblems(page, '写真 10 枚の新しい記事')));

    await save(page);
    await expect(page.getByRole('button', {name: 'ステータス: 下書き'})).toBeVisible({
      timeout: 60_000,
    });
    problems.push(...(await screenProblems(page, '状態の出た保存した記事')));

    await page.goto(repo.editorUrl('', '#/collections/events/new'));
    await page.getByLabel('開催の回', {exact: true}).fill('3');
    await page.getByLabel('イベントの名前', {exact: true}).fill('渋谷 電鬼');
    await page.getByLabel('見出しの id', {exact: true}).fill('nagareyama-kashiwa-1');
    await page.getByLabel('開催の初日 (任意)', {exact: true}).fill('2026-12-21');
    await page.getByLabel('開催の最終日 (任意)', {exact: true}).fill('2026-12-20');
    await save(page);
    await expect(page.locator('.Toastify__toast')).toContainText('を直してください');
    await expect(page.locator('.Toastify__toast')).not.toHaveClass(/Toastify--animate/u);
    problems.push(...(await screenProblems(page, '保存を断った開催事例')));
    await page.screenshot({path: test.info().outputPath(`refused-event-${viewport.width}.png`)});

    expect(problems).toEqual([]);
  });
}
