/**
 * issue 27: アーカイブは表示するもの（題、日付、リンク）だけを運ぶ。記事のメタデータ（説明、著者、タグ、
 * 読了時間…）は、アーカイブを開いても読み込まない。
 */
import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {routes} from '../../../src/constants/site';
import {connections, fakeConnection} from '../../../lib/connection';
import {waitForHydration} from '../../../lib/page-ready';

/** 公開記事の front matter の説明（記事のメタデータにはあり、アーカイブには要らない）。 */
const launchDescription = /^description: (.+)$/m.exec(
  readFileSync('blog/2025-03-16-docs-site-launch/index.md', 'utf8'),
)?.[1];

test('アーカイブを開いて読む JS は、記事の題と日付と URL を運び、説明・著者・タグは運ばない', async ({
  page,
}) => {
  expect(launchDescription).toBeTruthy();
  // 先読みは別の話なので止める（データセーバー）。ここで読むのはアーカイブを描くための JS だけ。
  await page.addInitScript(fakeConnection, connections.saveData);
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) bodies.push(response.text());
  });
  await page.goto(routes.blogArchive);
  await waitForHydration(page);
  const link = page.getByRole('link', {
    name: '3月16日 - 電鬼の公式ドキュメントサイトを公開しました',
  });
  await expect(link).toHaveAttribute('href', routes.blogPost);
  const scripts = await Promise.all(bodies);
  const archiveData = scripts.filter((script) =>
    script.includes(`"permalink":"${routes.blogPost}"`),
  );
  expect(archiveData.length, '記事の URL を運ぶデータがない').toBeGreaterThan(0);
  for (const script of archiveData) {
    for (const metadata of [launchDescription as string, 'readingTime', 'frontMatter', 'authors']) {
      expect(script).not.toContain(metadata);
    }
  }
  // アーカイブの部品が描いたリンクで、読み直さずに記事へ移れる（読み直すと印が消える）。
  await page.evaluate(() => document.documentElement.setAttribute('data-archive-mark', ''));
  await link.click();
  await expect(page).toHaveURL(routes.blogPost);
  await expect(page.locator('html')).toHaveAttribute('data-archive-mark', '');
  await expect(page.locator('article h1')).toHaveText('電鬼の公式ドキュメントサイトを公開しました');
});
