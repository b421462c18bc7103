/**
 * 読みの辞書を作る（ビルドのときだけ。plugins/search/build.ts が呼ぶ）。索引するページの本文を
 * kuromoji（IPADIC）で語に分け、漢字の語の読み・カタカナ語・ひらがなの語を、かなをそろえた形
 * （shared-kana.ts の foldKana）から本文の表記へ引けるようにする。ブラウザーは、ひらがなを含む検索の
 * ときだけこのファイルを読む（theme/SearchDialog/readings.ts）。「しゅうごう」で「集合」、
 * 「あかうんと」で「アカウント」を探せる。言い換えの表（shared-synonyms.ts）の語の読みも入れる。
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import type * as Kuromoji from 'kuromoji';
import type {IpadicFeatures, Tokenizer} from 'kuromoji';
import {contentKey, fileCache, sourceKey} from '../cache';
import {foldKana, type ReadingDictionary} from './shared-kana';
import {synonyms} from './shared-synonyms';

/** 一つの読みから引く表記の数の上限（多い順）。 */
const MAX_SPELLINGS = 3;

/** ひらがなだけの語のうち、辞書に入れる品詞（助詞や助動詞は入れない）。 */
const contentParts = new Set(['名詞', '動詞', '形容詞', '副詞']);

const japanese = /[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u;
const hasKanji = /\p{Script=Han}/u;
const katakanaOnly = /^[\p{Script=Katakana}ー]+$/u;

function tokenizer(siteDir: string): Promise<Tokenizer<IpadicFeatures>> {
  const require = createRequire(path.join(siteDir, 'package.json'));
  const kuromoji = require('kuromoji') as typeof Kuromoji;
  const dicPath = path.join(path.dirname(require.resolve('kuromoji/package.json')), 'dict');
  return new Promise((resolve, reject) => {
    kuromoji.builder({dicPath}).build((error, built) => (error ? reject(error) : resolve(built)));
  });
}

/** 語の読み（かなをそろえた形）。読みの分からない語は undefined。 */
function readingOf(token: IpadicFeatures): string | undefined {
  const surface = token.surface_form;
  if (!japanese.test(surface)) return undefined;
  if (hasKanji.test(surface)) {
    return token.reading && token.reading !== '*' ? foldKana(token.reading) : undefined;
  }
  if (katakanaOnly.test(surface)) return foldKana(surface);
  return contentParts.has(token.pos) ? foldKana(surface) : undefined;
}

/** ページの本文（<main> の文字）。 */
export function mainText(html: string): string {
  const main = /<main\b[\s\S]*<\/main>/i.exec(html)?.[0] ?? '';
  return main
    .replace(/<(script|style|svg|nav|aside)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ');
}

/** 語の読み（かなをそろえた形）と、本文の表記。 */
type Word = readonly [reading: string, spelling: string];

/**
 * 本文ごとの語のキャッシュ。kuromoji は辞書を読むだけで約 1 秒、10 倍のサイトの本文を分けるのに数秒かかるので、
 * 本文の変わったページだけを分ける（記事を 1 本直したビルドでは 1 ページ）。鍵には分け方（このファイルと
 * kuromoji の package.json）を入れる。
 */
const wordCache = fileCache('denki-search', 'json');
const wordsDesign = sourceKey(__filename, require.resolve('kuromoji/package.json'));

type Analyser = () => Promise<Tokenizer<IpadicFeatures>>;

/** キャッシュにあればそれを、なければ analyse で分けて残す。 */
async function cachedWords(
  input: unknown,
  analyse: Analyser,
  split: (tokenizer: Tokenizer<IpadicFeatures>) => Word[],
): Promise<Word[]> {
  const key = contentKey({wordsDesign, input});
  const hit = wordCache.read(key);
  if (hit) return JSON.parse(hit.toString('utf8')) as Word[];
  const words = split(await analyse());
  wordCache.write(key, JSON.stringify(words));
  return words;
}

/** 本文の語のうち、読みの分かるもの。 */
const wordsOf = (text: string, analyse: Analyser): Promise<Word[]> =>
  cachedWords(text, analyse, (tokenizer) =>
    tokenizer.tokenize(text.normalize('NFKC')).flatMap((token): Word[] => {
      const reading = readingOf(token);
      return reading === undefined ? [] : [[reading, token.surface_form]];
    }),
  );

/** 言い換えの語（漢字を含むもの）と、その読み。本文になくても読みで引けるようにする（「ねだん」で「値段」）。 */
const synonymWords = (analyse: Analyser): Promise<Word[]> =>
  cachedWords({synonyms}, analyse, (tokenizer) =>
    synonyms
      .flatMap((group) => [...group.site, ...group.asked])
      .filter((word) => hasKanji.test(word))
      .map((word): Word => {
        const reading = tokenizer
          .tokenize(word)
          .map((t) => (t.reading && t.reading !== '*' ? t.reading : t.surface_form));
        return [foldKana(reading.join('')), word];
      }),
  );

/** 本文の読みの辞書。texts は索引するページの本文。 */
export async function buildReadings(
  siteDir: string,
  texts: readonly string[],
): Promise<ReadingDictionary> {
  let tokenizerOnce: Promise<Tokenizer<IpadicFeatures>> | undefined;
  const analyse: Analyser = () => (tokenizerOnce ??= tokenizer(siteDir));
  const counts = new Map<string, Map<string, number>>();
  const add = (reading: string, spelling: string, times = 1): void => {
    if ([...reading].length < 2) return;
    const spellings = counts.get(reading) ?? new Map<string, number>();
    spellings.set(spelling, (spellings.get(spelling) ?? 0) + times);
    counts.set(reading, spellings);
  };
  for (const text of texts) {
    for (const [reading, spelling] of await wordsOf(text, analyse)) add(reading, spelling);
  }
  for (const [reading, word] of await synonymWords(analyse)) add(reading, word, 0);
  const dictionary: Record<string, string[]> = {};
  for (const reading of [...counts.keys()].sort()) {
    const spellings = counts.get(reading) as Map<string, number>;
    dictionary[reading] = [...spellings]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, MAX_SPELLINGS)
      .map(([spelling]) => spelling);
  }
  return dictionary;
}
