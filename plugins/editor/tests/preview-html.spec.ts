/**
 * issue 52 の 3: エディターのプレビューは、記事に書いた HTML をビルドと同じ許す一覧（plugins/raw-html）で確かめて描く。
 * 危ない HTML と害の無い HTML を書いた記事（tests/support/raw-html-post.ts。ビルドのテストと同じ本文）を
 * リポジトリーの複製に置き、390 px の Chromium のエディターで開いて、プレビューの枠の本文を確かめる。
 */
import {expect, test} from '@playwright/test';
import {createEditorRepo, type EditorRepo} from '../../../lib/editor-repo';
import {
  dangerousPatterns,
  harmlessPatterns,
  rawHtmlPost,
  rawHtmlPostTitle,
} from '../../../tests/support/raw-html-post';
import {phone, signIn} from './editor-page';

test.use({viewport: phone, serviceWorkers: 'block'});

const dir = '2026-11-20-raw-html';
let repo: EditorRepo;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  repo = await createEditorRepo();
  repo.copy.write(`blog/${dir}/index.md`, rawHtmlPost);
  await repo.git('add', '-A');
  await repo.git('commit', '-q', '-m', 'HTML を書いた記事');
});

test.afterAll(async () => {
  await repo?.remove();
});

test('プレビューは記事に書いた <script>・<iframe>・on… の属性・javascript: のリンクなどを読者のページと同じく除き、<b>・<br>・表は描き、除いたものを知らせる', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, repo.editorUrl('', `#/collections/blog/entries/${dir}/index`));
  await expect(page.getByLabel('題', {exact: true})).toHaveValue(rawHtmlPostTitle);
  await page.getByTitle('プレビュー表示を切り替える').click();
  const preview = page.frameLocator('#preview-pane');
  await expect(preview.getByRole('heading', {level: 1})).toHaveText(rawHtmlPostTitle);
  const markdown = preview.locator('article .markdown');
  await expect(markdown.locator('table td').first()).toHaveText('新宿');
  // 本文だけを見る（除いたものを挙げるエディターの知らせは、読者のページには無い）。
  const html = await markdown.evaluate((element) => {
    const body = element.cloneNode(true) as Element;
    body.querySelectorAll('[role="note"]').forEach((note) => note.remove());
    return body.innerHTML;
  });
  for (const pattern of dangerousPatterns) expect(html).not.toMatch(pattern);
  for (const pattern of harmlessPatterns) expect(html).toMatch(pattern);
  // 書いた人に、サイトに載らないものを知らせる（読者のページには出ない）。
  await expect(preview.getByRole('note').filter({hasText: 'サイトに載りません'})).toContainText(
    '<script>',
  );
  expect(errors).toEqual([]);
});
