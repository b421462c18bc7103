/** 検索語を探す語に分ける（theme/SearchDialog/query.ts）と、かなの表記のそろえ方（shared.ts）。 */
import {expect, test} from '@playwright/test';
import {
  foldKana,
  hasHiragana,
  toHiragana,
  toKatakana,
  type ReadingDictionary,
} from '../shared-kana';
import {planQuery, stemOf, synonymsOf} from '../theme/SearchDialog/query';

/** 読みの辞書の一部（ビルドが本文から作るものと同じ形）。 */
const dictionary: ReadingDictionary = {
  [foldKana('シュウゴウ')]: ['集合'],
  [foldKana('アカウント')]: ['アカウント'],
  [foldKana('チーム')]: ['チーム'],
  [foldKana('アクティベート')]: ['アクティベート'],
  [foldKana('イチ')]: ['位置', '一'],
  [foldKana('ジョウホウ')]: ['情報'],
  [foldKana('ジョウシャ')]: ['乗車'],
  [foldKana('ケン')]: ['県', '券'],
  [foldKana('つかまえ')]: ['つかまえ'],
};

test('かなの表記: ひらがなとカタカナ、小さい字、長音、半角を一つの形にそろえる（濁点は残す）', () => {
  expect(foldKana('チーム')).toBe(foldKana('ちーむ'));
  expect(foldKana('アクティベート')).toBe(foldKana('あくていべーと'));
  expect(foldKana('ｱｸﾃｨﾍﾞｰﾄ')).toBe(foldKana('アクティベート'));
  expect(foldKana('バス')).not.toBe(foldKana('ハス'));
  expect(toKatakana('あかうんと')).toBe('アカウント');
  expect(toHiragana('オオタカ')).toBe('おおたか');
  expect(hasHiragana('チームの作り方')).toBe(true);
  expect(hasHiragana('ミッション')).toBe(false);
});

test('ひらがなの語は、読みの辞書でサイトの表記でも探す（語の組み合わせも）', () => {
  expect(planQuery('しゅうごう', dictionary)).toEqual([
    {typed: 'しゅうごう', fallbacks: ['集合', 'シュウゴウ'], synonyms: [], parts: []},
  ]);
  // 語の組み合わせが本文にないときは、辞書の語ごとに探し直す（searchSite）。
  expect(planQuery('いちじょうほう', dictionary)[0]?.parts).toEqual(['いち', 'じょうほう']);
  expect(planQuery('あかうんと', dictionary)[0]?.fallbacks).toContain('アカウント');
  expect(planQuery('あくていべーと', dictionary)[0]?.fallbacks).toContain('アクティベート');
  expect(planQuery('いちじょうほう', dictionary)[0]?.fallbacks).toContain('位置情報');
  expect(planQuery('じょうしゃけん', dictionary)[0]?.fallbacks).toEqual(
    expect.arrayContaining(['乗車県', '乗車券']),
  );
  // 辞書がなくても（読み込めなかったとき）、ひらがなとカタカナは書き換えて探す。
  expect(planQuery('ちーむ')[0]?.fallbacks).toEqual(['チーム']);
  expect(planQuery('オオタカ')[0]?.fallbacks).toEqual(['おおたか']);
});

test('助詞・語尾・問いの言葉は探さず、送りがなは前の語に付ける', () => {
  const typed = (query: string): string[] => planQuery(query, dictionary).map((t) => t.typed);
  expect(typed('チームの作り方')).toEqual(['チーム', '作り方']);
  expect(typed('ゲームを作成したい')).toEqual(['ゲーム', '作成']);
  expect(typed('確認メールが届かないときは')).toEqual(['確認メール', '届か']);
  expect(typed('ミッションの提出の仕方')).toEqual(['ミッション', '提出']);
  expect(typed('通知の設定方法')).toEqual(['通知', '設定']);
  expect(typed('つかまえたらどうなる')).toEqual(['つかまえ']);
  expect(typed('増やし鬼 ドラゴン')).toEqual(['増やし鬼', 'ドラゴン']);
  expect(typed('どうする')).toEqual([]);
});

test('言い換えの表: サイトにない語でサイトの語を探し、動詞は語幹で引く', () => {
  expect(synonymsOf('値段')).toEqual(['参加費', '費用', '交通費']);
  expect(synonymsOf('買う')).toEqual(['購入']);
  expect(stemOf('捕まった')).toBe('捕ま');
  expect(synonymsOf('捕まっ')).toEqual(['つかまえ', 'つかまっ']);
  expect(synonymsOf('ミッション')).toEqual([]);
  const [term] = planQuery('さんかひ', {[foldKana('サンカヒ')]: ['参加費']});
  expect(term?.fallbacks[0]).toBe('参加費');
  expect(term?.synonyms).toEqual(['費用', '交通費']);
});
