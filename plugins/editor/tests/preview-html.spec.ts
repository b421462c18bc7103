/**
 * issue 52 の 3: エディターのプレビューは、記事に書いた HTML をビルドと同じ許す一覧（plugins/raw-html）で確かめて描く。
 * 危ない HTML と害の無い HTML を書いた記事（tests/support/raw-html-post.ts。ビルドのテストと同じ本文）を
 * リポジトリーの複製に置き、390 px の Chromium のエディターで開いて、プレビューの枠の本文を確かめる。
 * issue 60 の 3: 書いた人の id と name は接頭辞つきで、知らせは除いたものだけを挙げる。記事に使えない front matter
 * のキー（mdx など）のある記事では、プレビューがそのキーを挙げて、保存するときに除くと知らせる。所要: 約 15 秒。
 */
import {expect, test} from '@playwright/test';
import {createEditorRepo, type EditorRepo} from '../../../lib/editor-repo';
import {
  dangerousPatterns,
  harmlessPatterns,
  rawHtmlPost,
  rawHtmlPostTitle,
  reportedDrops,
  unreportedKept,
} from '../../../tests/support/raw-html-post';
import {phone, signIn} from './editor-page';

test.use({viewport: phone, serviceWorkers: 'block'});

const dir = '2026-11-20-raw-html';
/** front matter で MDX に切り替えようとする記事（ビルドは止まる。エディターは保存するときにキーを除く）。 */
const switchedDir = '2026-11-22-mdx-switch';
const switchedTitle = 'MDX に切り替える記事';
let repo: EditorRepo;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  repo = await createEditorRepo();
  repo.copy.write(`blog/${dir}/index.md`, rawHtmlPost);
  repo.copy.write(
    `blog/${switchedDir}/index.md`,
    [
      '---',
      `title: ${switchedTitle}`,
      'authors: [matsuri]',
      'date: 2026-11-22',
      'mdx:',
      '  format: mdx',
      'slug: /blog/elsewhere',
      '---',
      '',
      '冒頭です。',
      '',
      '<!-- truncate -->',
      '',
      '{typeof process}',
      '',
    ].join('\n'),
  );
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
  const note = preview.getByRole('note').filter({hasText: 'サイトに載りません'});
  await expect(note).toContainText('<script>');
  for (const item of reportedDrops) await expect(note).toContainText(item);
  for (const item of unreportedKept) await expect(note).not.toContainText(item);
  // 書いた人の name="querySelectorAll" は、枠の document の querySelectorAll を上書きしない。
  expect(await markdown.evaluate((element) => typeof element.ownerDocument.querySelectorAll)).toBe(
    'function',
  );
  expect(errors).toEqual([]);
});

test('記事に使えない front matter のキー（mdx、slug）のある記事は、プレビューがそのキーを挙げて、保存するときに除くと知らせる', async ({
  page,
}) => {
  await signIn(page, repo.editorUrl('', `#/collections/blog/entries/${switchedDir}/index`));
  await expect(page.getByLabel('題', {exact: true})).toHaveValue(switchedTitle);
  await page.getByTitle('プレビュー表示を切り替える').click();
  const preview = page.frameLocator('#preview-pane');
  await expect(preview.getByRole('heading', {level: 1})).toHaveText(switchedTitle);
  const note = preview.getByRole('note').filter({hasText: '保存するときに除きます'});
  await expect(note).toContainText('「mdx」、「slug」');
  // 記事のフォルダーの名前を作るための欄（URL の名前）や、使えるキーは挙げない。
  await expect(note).not.toContainText('url_name');
  await expect(note).not.toContainText('title');
});
