/**
 * 取り下げと写真の削除のテスト（takedown.spec.ts、takedown-site.spec.ts）が使う、公開済みの 2 本の記事（写真 2 枚ずつ。
 * 写真はその場で作る: lib/photos.ts）と、エディターで取り下げる・写真を外す操作。
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {photoJpeg} from '../../../lib/photos';
import {testServer} from '../../../lib/test-server';
import {localBackendParam} from '../shared';
import {expect} from './fixture';
import type {PublishedRepo} from './published-stand-in';

export type PublishedPost = {
  readonly slug: string;
  readonly route: string;
  readonly title: string;
  readonly alts: readonly [string, string];
};

/** 取り下げる記事。 */
export const takenDown: PublishedPost = {
  slug: '2026-11-20-kashiwa-report',
  route: '/blog/2026/11/20/kashiwa-report',
  title: '柏で遊んだ日の報告',
  alts: ['柏駅の東口で、鬼の役の人を探す参加者', '高架下の通路を走る逃げる役の人'],
};

/** 写真を 1 枚外す記事。 */
export const trimmed: PublishedPost = {
  slug: '2026-11-21-nagareyama-report',
  route: '/blog/2026/11/21/nagareyama-report',
  title: '流山で遊んだ日の報告',
  alts: [
    '流山おおたかの森駅の改札の前で集まる参加者',
    '子どもが写った、外してほしいと頼まれた写真',
  ],
};

/** 写真を外したあとにだけ本文から消える文（外した写真の説明）。 */
export const removedAlt = trimmed.alts[1];

function markdown(post: PublishedPost): string {
  return [
    '---',
    `title: ${post.title}`,
    'authors: [matsuri]',
    'tags: [announcement]',
    `date: ${post.slug.slice(0, 10)}`,
    `description: ${post.title}です。`,
    '---',
    '',
    `${post.title}です。駅から駅へ、電車で逃げました。`,
    '',
    '<!-- truncate -->',
    '',
    `![${post.alts[0]}](./photo-1.jpg)`,
    '',
    `![${post.alts[1]}](./photo-2.jpg)`,
    '',
    '次の開催もお知らせします。',
    '',
  ].join('\n');
}

/** 2 本の記事のファイル（リポジトリーの中のパス → 中身）。 */
export async function postFiles(): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  let seed = 66;
  for (const post of [takenDown, trimmed]) {
    files.set(`blog/${post.slug}/index.md`, Buffer.from(markdown(post)));
    for (const photo of ['photo-1.jpg', 'photo-2.jpg']) {
      seed += 1;
      files.set(`blog/${post.slug}/${photo}`, await photoJpeg({width: 960, height: 720, seed}));
    }
  }
  return files;
}

/** dir（リポジトリーの根）の blog/ の、ほかの記事のファイル（main にあるほかのもの）。 */
export function otherBlogFiles(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const blog = path.join(dir, 'blog');
  for (const entry of readdirSync(blog, {recursive: true, withFileTypes: true})) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full).split(path.sep).join('/'), readFileSync(full));
  }
  return files;
}

/** 公開した記事を、GitHub のバックエンドのエディター（npm run build が組んだもの）で開く。 */
export async function openPublished(page: Page, post: PublishedPost): Promise<void> {
  await page.goto(
    `${testServer.editorBaseURL}/admin/?${localBackendParam}=${testServer.editorPort}#/collections/blog/entries/${post.slug}/index`,
  );
  await expect(page.getByLabel('題', {exact: true})).toHaveValue(post.title);
}

/** 「この記事を取り下げる」を押し、確かめのダイアログを承諾する。ダイアログの文を返す。 */
export async function takeDown(page: Page): Promise<string> {
  let message = '';
  // 確かめ（window.confirm）はページを止めるので、押す前に受ける人を置く。
  page.once('dialog', (dialog) => {
    message = dialog.message();
    void dialog.accept();
  });
  await page.getByRole('button', {name: 'この記事を取り下げる'}).tap();
  await expect(page.getByRole('region', {name: '取り下げ'})).toBeVisible();
  await expect(page.getByRole('button', {name: 'ステータス: 公開待ち'})).toBeVisible();
  return message;
}

/** 「公開」→「公開する」（確かめのダイアログを承諾する）。公開しましたと出るまで待つ。 */
export async function publishNow(page: Page): Promise<void> {
  const accept = (dialog: {accept(): Promise<void>}): void => void dialog.accept();
  page.on('dialog', accept);
  await page.getByRole('button', {name: '公開', exact: true}).tap();
  await page.getByRole('menuitem', {name: '公開する'}).tap();
  await expect(page.getByRole('alert').filter({hasText: '公開しました。'})).toBeVisible();
  page.off('dialog', accept);
}

/** 2 枚目の写真を「この写真を外す」で外し、保存する。 */
export async function removeSecondPhoto(page: Page): Promise<void> {
  await page.getByRole('button', {name: 'この写真を外す（写真 2、photo-2.jpg）'}).tap();
  await expect(page.getByRole('textbox', {name: /^写真 2 の説明/})).toHaveCount(0);
  await page.getByRole('button', {name: '保存', exact: true}).tap();
  await expect(page.getByRole('button', {name: /^ステータス: /})).toBeVisible();
}

/** main の先頭が最初のままで、main の付け替え（refs/heads/main への書き込み）が 1 つも無いこと。 */
export function expectMainUntouched(repo: PublishedRepo): void {
  expect(repo.mainHead()).toBe(repo.initialMain);
  const toMain = repo.writes.filter(
    (write) =>
      /\/git\/refs\/heads\/main$/.test(write.path) ||
      (write.path.endsWith('/git/refs') && write.body.includes('refs/heads/main')) ||
      write.path.includes('/contents/'),
  );
  expect(toMain).toEqual([]);
}

/** before から after で消えたパスと、変わった・足したパス。 */
export function changes(
  before: ReadonlyMap<string, Buffer>,
  after: ReadonlyMap<string, Buffer>,
): {removed: string[]; changed: string[]} {
  const removed = [...before.keys()].filter((file) => !after.has(file)).sort();
  const changed = [...after]
    .filter(([file, content]) => !before.get(file)?.equals(content))
    .map(([file]) => file)
    .sort();
  return {removed, changed};
}
