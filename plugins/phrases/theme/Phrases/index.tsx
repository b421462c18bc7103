import {createContext, useContext, type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {usePluginData} from '@docusaurus/useGlobalData';
import {PhraseNodes} from '../../client/PhraseNodes';
import {phraseBreaks, unpackPhrases, type PackedPhrases, type PhraseMap} from '../../shared';

/** 2 文字以上で日本語を含む文字列は、文節の中で折り返さないよう区切りが要る。 */
const needsPhrases = (text: string): boolean =>
  Array.from(text).length > 1 &&
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);

type PagePhrasesValue = {
  readonly phrases: PhraseMap;
  /** このページが文字列から描く名前の文節は phrases にそろっている（optional の部品でも、無ければビルドを止める）。 */
  readonly complete: boolean;
};

/** グローバルデータの表を、読み込んだ一つの値につき一度だけ、文字列 → 文節の表に戻す。 */
const commonTables = new WeakMap<PackedPhrases, PhraseMap>();

function commonPhrases(packed: PackedPhrases): PhraseMap {
  let table = commonTables.get(packed);
  if (!table) {
    table = unpackPhrases(packed);
    commonTables.set(packed, table);
  }
  return table;
}

/** いま描いているページの文節（ドキュメントの題とサイドバーの名前。theme/DocItem/Layout が入れる）。 */
const PagePhrasesContext = createContext<PagePhrasesValue>({phrases: {}, complete: false});

export function PagePhrases({
  children,
  ...value
}: PagePhrasesValue & {readonly children: ReactNode}): ReactNode {
  return <PagePhrasesContext.Provider value={value}>{children}</PagePhrasesContext.Provider>;
}

/**
 * ビルド時に分けておいた文節: 呼び出し元が渡したもの（記事の題、サイドバーの項目の名前）、ページの文節、サイト共通の表（グローバルデータ）の順に探す。
 * どこにも無い日本語の文字列は、静的な HTML を書き出すとき（SSR）にビルドを止める。
 * ブラウザ（開発サーバーで足したばかりの見出しなど）では undefined を返し、そのまま描く。
 */
function usePhrases(
  text: string,
  given: readonly string[] | undefined,
  optional: boolean,
): readonly string[] | undefined {
  const {phrases: page, complete} = useContext(PagePhrasesContext);
  const {phrases: packed} = usePluginData(phraseBreaks.pluginName) as {phrases: PackedPhrases};
  const common = commonPhrases(packed);
  // 渡された文節は、つなげて text に戻るときだけ使う（front matter の題とページの題が違うときなど）。
  const fromPage = [given, page[text]].find((phrases) => phrases?.join('') === text);
  const found = fromPage ?? common[text];
  if (!found && (!optional || complete) && !ExecutionEnvironment.canUseDOM && needsPhrases(text)) {
    throw new Error(
      `[${phraseBreaks.pluginName}] 見出し「${text}」の文節がありません。ページの題やサイドバーの名前なら、ドキュメントや記事の front matter の title / sidebar_label / pagination_label に書き、それ以外は plugins/phrases/index.ts で集めてください`,
    );
  }
  return found;
}

type Props = {
  readonly text: string;
  /** text の文節（記事の題のように、呼び出し元が front matter から受け取ったもの）。 */
  readonly phrases?: readonly string[];
  /**
   * 文節が無くてもビルドを止めない（前後の記事へのリンクのように、数の増え続ける記事の題も描く部品）。
   * 文節の無い文字列はそのまま描く。名前がそろっているページ（PagePhrases の complete）では効かない。
   */
  readonly optional?: boolean;
};

/**
 * 文字列を文節ごとに <wbr>（phraseBreaks.breakHtml）で区切って描く。文節の中では折り返さない（../../styles.css）。
 * 文節の見つからない文字列はそのまま描き、印（class）も付けない（tests/phrase-breaks.ts が見分ける）。
 */
export default function Phrases({text, phrases: given, optional = false}: Props): ReactNode {
  const phrases = usePhrases(text, given, optional);
  if (!phrases) return text;
  return (
    <span className={phraseBreaks.className}>
      <PhraseNodes phrases={phrases} />
    </span>
  );
}

export {PhraseNodes};
