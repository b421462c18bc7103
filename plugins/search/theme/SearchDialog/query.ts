/**
 * 検索語を、探す語（term）に分ける。助詞や語尾（を、に、の仕方、したい、どうする…）は語を区切るだけで
 * 探さない。ひらがなの並びは、読みの辞書（あれば）の語と助詞・語尾で分け、漢字に続くかなは送りがなとして
 * 前の語に付ける。語ごとに、打ったとおりの形で見つからなかったときに探す形（fallbacks）を用意する:
 * 読みの辞書の表記（しゅうごう → 集合、あかうんと → アカウント）、言い換え（値段 → 参加費…）、
 * ひらがなとカタカナの書き換え（オオタカ → おおたか）。
 */
import {foldKana, toHiragana, toKatakana, type ReadingDictionary} from '../../shared-kana';
import {synonyms} from '../../shared-synonyms';

/**
 * 語を区切るだけで探さない、ひらがなの助詞・語尾・問いの言葉。送りがなになりやすい一字の助詞
 * （や、か、な、ば…）は入れない（「増やし鬼」「届かない」を区切らない）。
 */
const stopKana = new Set(
  (
    'を に は が の で と も へ から まで より って とは には では での への からの' +
    ' など だけ ので のに けど けれど ても でも たら ったら れば なら ' +
    'する します した して しない したい しよう すれば すると される させる できる できない できますか' +
    ' たい ない なかった です ます でした ました ですか ますか ください いる ある なる なった' +
    ' どう どうする どうなる どうすれば どうやって どうしたら どうやる どこ いつ なに なん いくら いい ' +
    'とき ときは ため ために よう ように こと もの かた'
  ).split(/\s+/),
);

/** 探さない漢字の語（「の仕方」「の方法」「何」）。語の終わりにあっても外す（「設定方法」）。 */
const stopKanji = ['仕方', '方法', '手順', '何'];

export type Term = {
  /** 打った形（見つからなかった語の案内に出す）。 */
  readonly typed: string;
  /** 打った形で見つからないときに探す形（読みの表記、かなの書き換え、語幹）。 */
  readonly fallbacks: readonly string[];
  /** いつも探す言い換え（サイトの語。打った形より軽く数える）。 */
  readonly synonyms: readonly string[];
  /**
   * 語が見つからないときに一つずつ探す部分: 辞書にあるひらがなの語と、漢字・カタカナの並び
   * （しゅうごう|ばしょ、集合場所）。送りがなや辞書にないかなの字は入れない。
   */
  readonly parts: readonly string[];
};

const isHiragana = /^[ぁ-ゖー]+$/;
const isKatakana = /^[ァ-ヺー]+$/;
/** 語幹: 漢字に送りがなの 1 字目まで（「捕まった」「捕まる」→「捕ま」）。 */
const stemPattern = /^(\p{Script=Han}+[ぁ-ゖ])[ぁ-ゖ]+$/u;

/** 語幹（送りがなのない語はそのまま）。 */
export function stemOf(word: string): string {
  return stemPattern.exec(word)?.[1] ?? word;
}

/** 言い換えの表で、word（またはその語幹）を含む組のサイトの語。 */
export function synonymsOf(word: string): string[] {
  const stem = stemOf(word);
  const hit = synonyms.find((group) =>
    [...group.site, ...group.asked].some((w) => w === word || stemOf(w) === stem),
  );
  return hit ? hit.site.filter((w) => w !== word) : [];
}

type Piece = {readonly text: string; readonly kind: 'stop' | 'word' | 'kana'};

/** ひらがなの並びを、辞書の語・助詞や語尾・その他の字に分ける（区切りの数が少なくなる分け方）。 */
function splitKana(run: string, dictionary: ReadingDictionary | undefined): Piece[] {
  const n = run.length;
  const best: {cost: number; pieces: Piece[]}[] = [{cost: 0, pieces: []}];
  for (let end = 1; end <= n; end += 1) {
    let choice: {cost: number; pieces: Piece[]} | undefined;
    for (let start = Math.max(0, end - 12); start < end; start += 1) {
      const before = best[start];
      if (!before) continue;
      const text = run.slice(start, end);
      const kind: Piece['kind'] | undefined = stopKana.has(text)
        ? 'stop'
        : end - start > 1 && dictionary?.[foldKana(text)]
          ? 'word'
          : end - start === 1
            ? 'kana'
            : undefined;
      if (!kind) continue;
      const cost = before.cost + (kind === 'kana' ? 2 : 1);
      if (!choice || cost < choice.cost) choice = {cost, pieces: [...before.pieces, {text, kind}]};
    }
    best[end] = choice as {cost: number; pieces: Piece[]};
  }
  return best[n]?.pieces ?? [{text: run, kind: 'kana'}];
}

/** 検索語の一区切り（空白のない並び）を、辞書の語・助詞や語尾・その他に分ける。 */
function pieces(chunk: string, dictionary: ReadingDictionary | undefined): Piece[] {
  return (chunk.match(/[ぁ-ゖー]+|[^ぁ-ゖ]+/g) ?? []).flatMap((run): Piece[] => {
    if (isHiragana.test(run)) return splitKana(run, dictionary);
    const stop = stopKanji.find((word) => run.endsWith(word));
    if (!stop) return [{text: run, kind: 'word'}];
    const head = run.slice(0, -stop.length);
    return [...(head ? [{text: head, kind: 'word' as const}] : []), {text: stop, kind: 'stop'}];
  });
}

/** 一つの語で探す表記の組み合わせの数の上限。 */
const MAX_SPELLINGS = 6;

/**
 * ひらがなだけの語を、辞書の語ごとに表記に書き換えた形（いち|じょうほう → 位置情報、
 * じょうしゃ|けん → 乗車県・乗車券…。本文にない組み合わせは探しても見つからない）。
 */
function spellings(parts: readonly Piece[], dictionary: ReadingDictionary | undefined): string[] {
  let spelled = [''];
  for (const part of parts) {
    const options = dictionary?.[foldKana(part.text)] ?? [part.text];
    spelled = spelled.flatMap((head) => options.map((o) => head + o)).slice(0, MAX_SPELLINGS);
  }
  return spelled;
}

/** 語と、打った形のほかに探す形。 */
function termOf(parts: readonly Piece[], dictionary: ReadingDictionary | undefined): Term {
  const typed = parts.map((p) => p.text).join('');
  const forms = [...(dictionary?.[foldKana(typed)] ?? [])];
  if (isHiragana.test(typed)) forms.push(...spellings(parts, dictionary), toKatakana(typed));
  if (isKatakana.test(typed)) forms.push(toHiragana(typed));
  const stem = stemOf(typed);
  if (stem !== typed) forms.push(stem);
  const fallbacks = [...new Set(forms)].filter((form) => form !== typed);
  const synonyms = [...new Set([typed, ...fallbacks].flatMap(synonymsOf))].filter(
    (form) => form !== typed && !fallbacks.includes(form),
  );
  const pieces = parts.filter((p) => p.kind === 'word').map((p) => p.text);
  return {typed, fallbacks, synonyms, parts: pieces.length > 1 ? pieces : []};
}

/**
 * 検索語（normalizeQuery 済み）を探す語に分ける。助詞や語尾で区切り、漢字やカタカナに続くかなは
 * その語に付ける（「増やし鬼」「届か」）。
 */
export function planQuery(query: string, dictionary?: ReadingDictionary): Term[] {
  const terms: Term[] = [];
  for (const chunk of query.split(' ').filter(Boolean)) {
    let current: Piece[] = [];
    const flush = (): void => {
      if (current.length > 0) {
        terms.push(termOf(current, dictionary));
      }
      current = [];
    };
    for (const piece of pieces(chunk, dictionary)) {
      if (piece.kind === 'stop') flush();
      else current.push(piece);
    }
    flush();
  }
  return terms;
}
