/**
 * 項目4: 各ページが content-brief の事実を伝え、表・手順・注意書き・図を持つ。見出しの固定 id と外部リンクは
 * ページ監査（page-audit.spec.ts）が全ルートで調べる。
 */
import {expect, test, type Locator, type Page} from '@playwright/test';
import {links, routes, type RouteName} from '../../src/constants/site';
import {routeByName} from '../support/routes';

/** ページごとに本文に含まれるべき事実（アプリのラベルは「」ごと完全一致）。 */
const facts: Partial<Record<RouteName, readonly string[]>> = {
  intro: [
    '大規模鬼ごっこ',
    '公共交通機関',
    '公園',
    'リアルタイム',
    'ミッション',
    '逃走者',
    '逃走チーム',
    '鬼',
    '駅',
    'バス停',
    '写真',
    'スマートフォン',
    'マナー',
    '参加費',
    '運賃',
    '走る必要はありません',
  ],
  host: [
    '3か月前',
    '2か月前',
    '1か月前',
    '1週間前',
    '当日',
    '都市圏',
    'フリー切符',
    'SNS',
    '代わり鬼',
    '氷鬼',
    '制限時間',
    '帽子',
    '腕章',
    'Slack',
    'Discord',
    '病院',
    '警察',
  ],
  eventExamples: [
    '流山&柏 鬼ごっこ',
    '2024年10月',
    '流山市',
    '柏市',
    '東武野田線',
    'つくばエクスプレス',
    '流鉄流山線',
    'JR常磐線',
    '流山おおたかの森駅',
    '流鉄株式会社',
    'フリー乗車券',
    '賞品',
    '電車で鬼ごっこ ～流山&柏 #2～',
  ],
  appIntro: [
    'Webアプリ',
    'ゲームID',
    'ミッション',
    'チーム',
    'マップ',
    '収益',
    'メールアドレス',
    'パスワード',
    '電鬼２',
  ],
  accountSetup: [
    'メールアドレス',
    'パスワード',
    '8文字以上',
    'ニックネーム',
    '確認メール',
    // 画面の表記どおり（app-screens.md）。旧版の「鬼ごっこに参加」「新しくゲームを作成」は画面にない。
    '「参加」',
    '「新規作成」',
    '「クリックして再試行」',
    '「位置情報を利用可能」',
    '迷惑メール',
    'アカウント設定',
    '再送',
  ],
  organizerGameSetup: [
    '「新規作成」',
    'ゲーム名',
    '概要',
    '参加登録を受付',
    '緯度',
    '経度',
    'ズームレベル',
    '東京都新宿区',
    '代わり鬼',
    '増やし鬼',
    '「チーム」',
    '「チームを追加」',
    'チームA',
    'チームカラー',
    'Ctrl',
    'Shift',
    '「全員１人チームに設定」',
    '「ミッション」',
    '「ミッションを追加」',
    '位置情報を送信',
    'ペナルティ',
    '「AIで生成」',
    '「アイテム」',
    '「アイテムを追加」',
    '15分間無敵！',
    '「参加者」',
    '「通知」',
    'Webhook',
    '「保存」',
  ],
  organizerManagement: [
    '「コントローラ」',
    '「つくる」',
    'クレジット',
    '「クレジットの管理」',
    'カード',
    '「アクティベート」',
    '12pt',
    '手動実行',
    '自動実行',
    '「ゲームステータス」',
    '初期鬼',
    'リタイア',
    '「すぐに発令」',
    '「受付中」',
    '「終了済み」',
    '「マップ」',
    '「履歴」',
    'スライダー',
    '最終ランキング',
  ],
  participantGuide: [
    '「参加」',
    'ゲームID',
    '参加用リンク',
    'プレイ画面',
    // 参加したゲームはホームの「あそぶ」タブに並ぶ（「参加するゲーム」は旧版の表記）。
    '「あそぶ」',
    '「プレイ」',
    '「発令中！」',
    '「ミッション」',
    'QRコード',
    'チェックマーク',
    '「つかまえた」',
    '「つかまった」',
    'ランキング',
    'リアルタイム',
    '15分間無敵',
  ],
  blogPost: ['電鬼アプリ', 'イベント', 'ルール', 'アップデート', 'Discord'],
  markdownPage: ['合同会社FunAMP', '大規模鬼ごっこ事務局', 'Discord'],
};

const article = (page: Page): Locator => page.locator('main article').first();

/** 表の1列目（見出し行を除く）を返す。最初の列見出しで表を選ぶ。 */
async function firstColumn(page: Page, firstHeader: string): Promise<string[]> {
  const table = article(page).locator('table', {
    has: page.locator('thead th').first().filter({hasText: firstHeader}),
  });
  await expect(table.first()).toBeVisible();
  return table
    .first()
    .locator('tbody tr td:first-child')
    .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ''));
}

test.describe('内容: 各ページが content-brief の事実を伝える', () => {
  for (const [name, expected] of Object.entries(facts) as [RouteName, readonly string[]][]) {
    const route = routeByName(name);
    test(`${route.path} に事実とアプリのラベルがそろっている`, async ({page}) => {
      await page.goto(route.path);
      const text = (await article(page).innerText()).replace(/\s+/g, ' ');
      const missing = expected.filter((fact) => !text.includes(fact.replace(/\s+/g, ' ')));
      expect(missing, '本文に無い事実').toEqual([]);
    });
  }
});

test.describe('内容: 表・手順・注意書き', () => {
  test('/docs/1_host: 開催までのスケジュールは3か月前から当日までの表', async ({page}) => {
    await page.goto(routes.host);
    expect(await firstColumn(page, '時期')).toEqual([
      '3か月前',
      '2か月前',
      '1か月前',
      '1週間前',
      '当日',
    ]);
  });

  test('/docs/app-usage/organizer-management: クレジットの4つのパックが表にある', async ({
    page,
  }) => {
    await page.goto(routes.organizerManagement);
    expect(await firstColumn(page, 'パック')).toEqual(['50pt', '100pt', '200pt', '400pt']);
    const recommended = article(page).locator('tr', {hasText: '200pt'});
    await expect(recommended).toContainText('おすすめ');
  });

  test('/docs/app-usage/organizer-management: アクティベートで参加登録が締め切られる警告がある', async ({
    page,
  }) => {
    await page.goto(routes.organizerManagement);
    const warning = article(page).locator('.theme-admonition-warning', {hasText: 'アクティベート'});
    await expect(warning).toHaveCount(1);
    await expect(warning).toContainText('参加登録');
    await expect(warning).toContainText(/締め切|締切|受け付けられ|できません/);
  });

  test('/docs/app-usage/organizer-management と participant-guide: ステータスの表に5つの状態', async ({
    page,
  }) => {
    const statuses = ['開始前', '逃走チーム準備', 'ゲーム進行中', '終了', '中断'];
    for (const path of [routes.organizerManagement, routes.participantGuide]) {
      await page.goto(path);
      expect(await firstColumn(page, 'ステータス'), path).toEqual(statuses);
    }
  });

  test('/docs/app-usage/account-setup: ニックネームが公開される警告がある', async ({page}) => {
    await page.goto(routes.accountSetup);
    const warning = article(page).locator('.theme-admonition-warning', {hasText: 'ニックネーム'});
    await expect(warning).toHaveCount(1);
    await expect(warning).toContainText(/表示|見え/);
  });

  test('/docs/app-usage/organizer-game-setup: 「全員１人チームに設定」で既存チームが消える警告がある', async ({
    page,
  }) => {
    await page.goto(routes.organizerGameSetup);
    const warning = article(page).locator('.theme-admonition', {hasText: '全員１人チームに設定'});
    await expect(warning).toHaveCount(1);
    await expect(warning).toContainText('削除');
  });

  test('手順は番号付きリストで書かれている', async ({page}) => {
    for (const name of ['organizerGameSetup', 'participantGuide', 'organizerManagement'] as const) {
      await page.goto(routeByName(name).path);
      expect(await article(page).locator('ol > li').count(), name).toBeGreaterThanOrEqual(3);
    }
  });

  test('/docs/event-examples: 日付の伝わっていない第2回に日付を作っていない', async ({page}) => {
    await page.goto(routes.eventExamples);
    const section = await article(page).evaluate((root) => {
      const start = root.querySelector('h2#nagareyama-kashiwa-2');
      let text = '';
      for (
        let el = start?.nextElementSibling;
        el && el.tagName !== 'H2';
        el = el.nextElementSibling
      ) {
        text += el.textContent ?? '';
      }
      return text;
    });
    expect(section).toContain('流山');
    expect(section).not.toMatch(/\d{4}年|\d+月\d+日/);
    await expect(article(page).locator(`a[href="${routes.host}"]`)).not.toHaveCount(0);
  });

  test('/blog: 一覧には記事の冒頭だけが出て「記事の続きを読む」で本文へ進む', async ({page}) => {
    await page.goto(routes.blog);
    const post = routeByName('blogPost');
    const item = page.locator('main article').first();
    await expect(item).toContainText('電鬼の公式ドキュメントサイトを公開しました');
    await expect(item).not.toContainText('これからの予定');
    const readMore = item.locator(`a[href="${post.path}"]`, {hasText: '記事の続きを読む'});
    await expect(readMore).toBeVisible();
    // 読み上げでは題名まで伝え、見えている文言で始める（音声操作で「記事の続きを読む」と言えば押せる）。
    await expect(readMore).toHaveAccessibleName(`記事の続きを読む：${post.heading}`);
  });

  test('/blog/2025/03/16/docs-site-launch: 感想は Discord の招待リンクへ', async ({page}) => {
    await page.goto(routes.blogPost);
    await expect(article(page).locator(`a[href="${links.discord.href}"]`)).not.toHaveCount(0);
  });
});
