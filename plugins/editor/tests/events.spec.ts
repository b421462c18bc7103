/**
 * issue 62: 事務局の人がスマートフォン（390 px、タッチ）のエディターで、開催事例に 3 回目の開催を足す。
 * リポジトリーの一時的な複製に decap-server（git モード）をつなぎ、保存は開催事例のブランチへのコミット、公開は
 * main への取り込みになる。公開した複製を、ビルドの「今日」（DENKI_TODAY）を開催の前と最終日の翌日にして 2 回
 * ビルドし（2 回目は 1 回目のキャッシュで速い）、読者のページを確かめる。測ると 41 秒（エディターの操作 12 秒、
 * 2 回のビルドと確かめ 22 秒）、2 コアをほかのビルドと分け合うと約 3 分（ビルドが 2 分）。
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {expect, test} from './fixture';
import {buildSiteCopy} from '../../../lib/site-copy';
import {startSiteServer} from '../../../lib/site-server';
import {createEditorRepo, type EditorRepo} from '../../../lib/editor-repo';
import {routes} from '../../../src/constants/site';
import {existingPosts} from './committed';
import {phone, publishReady, save, setStatus, signIn} from './editor-page';
import {horizontalOverflow, smallTargets} from './phone-layout';

test.describe.configure({mode: 'serial'});
test.use({viewport: phone, hasTouch: true, isMobile: true, serviceWorkers: 'block'});

const buildTimeoutMs = 400_000;
const anchor = 'shibuya-1';
const file = `src/data/events/${anchor}.json`;
const branch = `cms/events/${anchor}`;
const third = {
  number: 3,
  name: '渋谷 電鬼',
  anchor,
  start: '2026-12-20',
  end: '2026-12-21',
  region: '東京都',
  area: '東京都渋谷区とその周り',
  lines: ['山手線', '東京メトロ銀座線'],
  base: '渋谷駅',
  content: ['ハチ公口を出発点に、山手線の内側を逃げ回りました。'],
  partners: [{name: '渋谷の商店会', role: 'ミッションの舞台になってくださいました。'}],
  voices: ['人混みの中の駆け引きがおもしろかった'],
};

let repo: EditorRepo;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  repo = await createEditorRepo();
});

test.afterAll(async () => {
  await repo?.remove();
});

const commitCount = async (): Promise<number> =>
  Number(await repo.git('rev-list', '--count', 'HEAD'));
const editorBranches = async (): Promise<string> =>
  (await repo.git('branch', '--list', 'cms/*', '--format=%(refname:short)')).trim();

/** 欄（「(任意)」の付く任意の欄も）。 */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label}( \\(任意\\))?$`)).first();

test('必須の欄・形の違う日付・ページの見出しと重なる id は、日本語で知らせて保存しない', async ({
  page,
}) => {
  const before = await commitCount();
  await signIn(page, repo.editorUrl('', '#/collections/events/new'));
  await field(page, 'イベントの名前').fill('名前だけの回');
  await field(page, '見出しの id').fill('participant-voices');
  await field(page, '開催の初日').fill('2026-13-01');
  await save(page);
  await expect(page.getByText('開催の回は必須です。')).toBeVisible();
  await expect(page.getByText('都道府県は必須です。')).toBeVisible();
  await expect(page.getByText(/見出しの id: .*ページのほかの見出しと違う id/)).toBeVisible();
  await expect(page.getByText('開催の初日: 2026-12-20 の形で書いてください')).toBeVisible();
  // ほかの回がもう使っている id（Decap の既定なら、黙って「-1」を付けた別のファイルにする）。
  await field(page, '見出しの id').fill('nagareyama-kashiwa-1');
  await save(page);
  await expect(
    page.getByText('見出しの id「nagareyama-kashiwa-1」は、ほかの回がもう使っています。'),
  ).toBeVisible();
  expect(await commitCount()).toBe(before);
  expect(await editorBranches()).toBe('');
});

test('いまの回の 1 つの欄だけを直して公開すると、その回のファイルのその行だけが変わり、見出しの id は変えられない', async ({
  page,
}) => {
  const before = await commitCount();
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, repo.editorUrl('', '#/collections/events/entries/nagareyama-kashiwa-1'));
  await expect(
    page.getByText('保存した回の見出しの id は、リンクが切れないよう変えられません'),
  ).toBeVisible();
  await field(page, '拠点駅').fill('流山おおたかの森駅（東口）');
  await save(page);
  await expect(page.getByRole('button', {name: 'ステータス: 下書き'})).toBeVisible({
    timeout: 30_000,
  });
  await setStatus(page, '公開待ち');
  await publishReady(page);
  await expect.poll(commitCount, {timeout: 30_000}).toBe(before + 1);
  await expect.poll(editorBranches).toBe('');
  await page.close();
  const diff = await repo.git('diff', '--numstat', 'HEAD~1', 'HEAD');
  expect(diff.trim()).toBe('1\t1\tsrc/data/events/nagareyama-kashiwa-1.json');
  await repo.git('reset', '-q', '--hard', 'HEAD~1');
});

test('3 回目を足して公開すると、その回のデータのファイルだけが 1 つのコミットで main に入る', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const before = await commitCount();
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, repo.editorUrl('', '#/collections/events/new'));
  await field(page, '開催の回').fill(String(third.number));
  await field(page, 'イベントの名前').fill(third.name);
  await field(page, '見出しの id').fill(third.anchor);
  await field(page, '開催の初日').fill(third.start);
  await field(page, '開催の最終日').fill(third.end);
  await field(page, '都道府県').fill(third.region);
  await field(page, 'エリア').fill(third.area);
  await field(page, '拠点駅').fill(third.base);
  // 並びの欄は「〈項目〉を足す」をタップして 1 つずつ足す。
  for (const line of third.lines) {
    await page.getByRole('button', {name: '路線を足す'}).tap();
    await page.getByLabel('路線', {exact: true}).last().fill(line);
  }
  await page.getByRole('button', {name: '段落を足す'}).tap();
  await page
    .getByLabel('段落', {exact: true})
    .last()
    .fill(third.content[0] ?? '');
  await page.getByRole('button', {name: '協力者を足す'}).tap();
  await page
    .getByLabel('名前', {exact: true})
    .last()
    .fill(third.partners[0]?.name ?? '');
  await page
    .getByLabel('していただいたこと', {exact: true})
    .last()
    .fill(third.partners[0]?.role ?? '');
  await page.getByRole('button', {name: '声を足す'}).tap();
  await page
    .getByLabel('声', {exact: true})
    .last()
    .fill(third.voices[0] ?? '');
  // 報告の記事は、いまの記事から題で選ぶ。
  const [post] = existingPosts();
  if (!post) throw new Error('記事がありません');
  await field(page, '開催の報告の記事').click();
  await page.getByRole('option', {name: post.title}).tap();
  expect(await horizontalOverflow(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
  await page.screenshot({path: test.info().outputPath('event-form-390.png')});

  // プレビューは、サイトのビルドと同じ関数で描いたその回の節（見出しの id、表、内容、報告へのリンク）。
  const toggle = page.getByTitle('プレビュー表示を切り替える');
  await toggle.tap();
  const preview = page.frameLocator('#preview-pane');
  await expect(preview.locator(`h2#${anchor}`)).toHaveText(new RegExp(`${third.name}$`));
  await expect(preview.locator('table')).toContainText('山手線、東京メトロ銀座線');
  await expect(preview.locator('h3#event-3-partners')).toHaveText('ご協力いただいた皆さん');
  await expect(preview.getByRole('link', {name: '開催の報告を読む'})).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);
  await page.screenshot({path: test.info().outputPath('event-preview-390.png')});
  await toggle.tap();

  await save(page);
  await expect(page.getByRole('button', {name: 'ステータス: 下書き'})).toBeVisible({
    timeout: 30_000,
  });
  expect(await editorBranches()).toBe(branch);
  expect(await commitCount()).toBe(before);
  // 開催事例のブランチ（GitHub ではプルリクエスト）には、その回のファイルだけ。
  const changed = await repo.git('diff', '--name-only', `main...${branch}`);
  expect(changed.trim()).toBe(file);

  await setStatus(page, '公開待ち');
  await publishReady(page);
  await expect.poll(commitCount, {timeout: 30_000}).toBe(before + 1);
  await expect.poll(editorBranches).toBe('');
  expect((await repo.git('show', '--name-only', '--format=', 'HEAD')).trim()).toBe(file);
  // 欄の順に並んだ、エディターが書く形の JSON（記事の選択は、記事の slug（フォルダー名/index）を書く）。
  expect(readFileSync(path.join(repo.copy.dir, file), 'utf8')).toBe(
    `${JSON.stringify({...third, report: `${post.dir}/index`}, null, 2)}\n`,
  );
});

/** Pagefind で term を探し、見つかったページのパス。 */
async function search(page: Page, term: string): Promise<string[]> {
  return page.evaluate(async (term) => {
    const script = '/pagefind/pagefind.js';
    const pagefind = (await import(/* webpackIgnore: true */ script)) as {
      search: (t: string) => Promise<{results: {data: () => Promise<{url: string}>}[]}>;
    };
    const found = await pagefind.search(term);
    return (await Promise.all(found.results.map((r) => r.data()))).map((d) => d.url);
  }, term);
}

test('公開した複製のビルド: 開催の前は「次の開催」、最終日の翌日からは開催した回で、目次・検索・JSON-LD・報告の記事にも出る', async ({
  page,
}) => {
  test.setTimeout(2 * buildTimeoutMs + 60_000);
  const [post] = existingPosts();
  if (!post) throw new Error('記事がありません');
  const postRoute = `/blog/${post.dir.replace(/^(\d{4})-(\d{2})-(\d{2})-/, '$1/$2/$3/')}`;
  const pageUrl = (base: string) => `${base}${routes.eventExamples}`;

  // 開催の前の日のビルド。
  const before = await buildSiteCopy(repo.copy, buildTimeoutMs, undefined, {
    DENKI_TODAY: '2026-12-01',
  });
  expect(before.exitCode, before.output).toBe(0);
  let server = await startSiteServer({buildDir: repo.copy.outDir});
  try {
    await page.goto(`${server.baseURL}/`);
    const next = page.getByRole('region', {name: '次の開催'});
    await expect(next.getByRole('link', {name: third.name})).toHaveAttribute(
      'href',
      `${routes.eventExamples}#${anchor}`,
    );
    await expect(next).toContainText('2026年12月20日〜21日');
    await page.goto(pageUrl(server.baseURL));
    const headings = page.locator('article h2');
    await expect(headings.first()).toHaveAttribute('id', anchor);
    await expect(headings.first()).toContainText(`次の開催：${third.name}`);
  } finally {
    // 止める配信から、読みかけのチャンクを読ませない。
    await page.goto('about:blank');
    await server.stop();
  }

  // 最終日の翌日のビルド（毎日のデプロイ）。次の開催は消え、開催した回の最後に並ぶ。
  const after = await buildSiteCopy(repo.copy, buildTimeoutMs, undefined, {
    DENKI_TODAY: '2026-12-22',
  });
  expect(after.exitCode, after.output).toBe(0);
  server = await startSiteServer({buildDir: repo.copy.outDir});
  try {
    await page.goto(`${server.baseURL}/`);
    await expect(page.locator('main')).toContainText('電鬼');
    await expect(page.getByRole('region', {name: '次の開催'})).toHaveCount(0);

    await page.goto(pageUrl(server.baseURL));
    const article = page.locator('article');
    await expect(article.locator('h2[id]')).toHaveCount(5);
    expect(await article.locator('h2[id]').evaluateAll((hs) => hs.map((h) => h.id))).toEqual([
      'nagareyama-kashiwa-1',
      'nagareyama-kashiwa-2',
      anchor,
      'participant-voices',
      'plan-your-own',
    ]);
    const section = article.locator(`h2#${anchor}`);
    await expect(section).toHaveText(new RegExp(`^${third.name}`));
    await expect(article.locator('table').nth(1)).toContainText('2026年12月20日〜21日');
    await expect(article.locator('table').nth(1)).toContainText('山手線、東京メトロ銀座線');
    await expect(article.locator('h3#voices-event-3')).toHaveText(/第3回の感想/);
    await expect(article.getByRole('link', {name: '開催の報告を読む'})).toHaveAttribute(
      'href',
      postRoute,
    );
    // 目次（広い画面の右の列）。
    await page.setViewportSize({width: 1280, height: 900});
    await expect(page.locator(`.table-of-contents a[href="#${anchor}"]`).first()).toHaveText(
      third.name,
    );
    // 検索（Pagefind の索引）。
    expect(await search(page, 'ハチ公口')).toContain(routes.eventExamples);
    // 検索エンジン向けの Event。
    const events = (
      await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '{}')))
    ).filter((data: {'@type'?: string}) => data['@type'] === 'Event');
    expect(events).toContainEqual(
      expect.objectContaining({
        name: third.name,
        startDate: third.start,
        endDate: third.end,
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: expect.objectContaining({
          '@type': 'Place',
          address: expect.objectContaining({addressRegion: third.region}),
        }),
        organizer: expect.objectContaining({'@type': 'Organization'}),
      }),
    );

    // 報告の記事から、開催事例のその回へ戻れる。
    await page.goto(`${server.baseURL}${postRoute}`);
    const back = page.locator('article').getByRole('link', {name: `開催事例の「${third.name}」`});
    await expect(back).toHaveAttribute('href', `${routes.eventExamples}#${anchor}`);
  } finally {
    // 止める配信から、読みかけのチャンクを読ませない。
    await page.goto('about:blank');
    await server.stop();
  }
});
