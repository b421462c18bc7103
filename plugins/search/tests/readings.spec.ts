/**
 * 読みの辞書（readings.ts）は、本文ごとに分けた語をキャッシュから使う。キャッシュから作った辞書は、分け直した
 * 辞書と同じでなければならない（記事を 1 本直したビルドでも、ほかのページの読みで引ける）。
 */
import {randomUUID} from 'node:crypto';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {buildReadings} from '../readings';
import {foldKana} from '../shared-kana';

const siteDir = path.resolve(__dirname, '../../..');

test('読みの辞書: キャッシュから作っても、初めて分けたときと同じ辞書になる', async () => {
  // ほかの実行のキャッシュに当たらない本文（初めの 1 回は必ず kuromoji で分ける）。
  const texts = [
    `駅の改札口に集合します。アカウントを作ります。${randomUUID()}`,
    '鬼は電車で追いかけます。',
  ];
  const fresh = await buildReadings(siteDir, texts);
  const cached = await buildReadings(siteDir, texts);
  expect(cached).toEqual(fresh);
  expect(fresh[foldKana('しゅうごう')]).toContain('集合');
  expect(fresh[foldKana('あかうんと')]).toContain('アカウント');
  expect(fresh[foldKana('でんしゃ')]).toContain('電車');
});
