/**
 * 言い換えの表（shared-synonyms.ts）のサイトの語が、今も本文にあること。本文から語が消えたら、
 * 表を直す。ビルドが書いた読みの辞書（readings.ts）が本文の語を読みから引けることも確かめる。
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {fold, loadCorpus} from '../quality/corpus';
import {foldKana, READINGS_FILE, type ReadingDictionary} from '../shared-kana';
import {synonyms} from '../shared-synonyms';

const buildDir = process.env.BUILD_DIR ?? 'build';

test('言い換えの表のサイトの語は、どれも索引するページの本文にある', () => {
  const text = [...loadCorpus(buildDir).values()].join('\n');
  const missing = synonyms.flatMap((group) => group.site).filter((w) => !text.includes(fold(w)));
  expect(missing).toEqual([]);
});

test('読みの辞書は本文の語を読みから引ける（漢字の語、カタカナ語、言い換えの語）', () => {
  const file = path.join(buildDir, READINGS_FILE);
  const dictionary = JSON.parse(readFileSync(file, 'utf8')) as ReadingDictionary;
  console.log(`読みの辞書: ${Object.keys(dictionary).length} 語、${readFileSync(file).length} B`);
  expect(dictionary[foldKana('しゅうごう')]).toContain('集合');
  expect(dictionary[foldKana('さんかひ')]).toContain('参加費');
  expect(dictionary[foldKana('あかうんと')]).toContain('アカウント');
  expect(dictionary[foldKana('ねだん')]).toContain('値段');
  // 一字の読みは入れない（助詞の「に」「を」と取り違えない）。
  expect(Object.keys(dictionary).filter((reading) => [...reading].length < 2)).toEqual([]);
});
