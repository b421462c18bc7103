/**
 * サイト内検索の評価用クエリ。各クエリで `expect` のページがすべて上位3件に入れば正解。
 * e2e テスト（plugins/search/tests/search.spec.ts）と成長の計測（npm run bench:growth）、検索エンジンの比較（compare-*.ts）が共有する。
 */
import {routes} from '../../../src/constants/site';

export type QueryKind =
  | '複合語'
  | '複合語の一部'
  | 'カタカナ語'
  | 'アプリの表示'
  | '全角半角'
  | '英字'
  | '一般語'
  | '複数語'
  // 読者の打ち方（issue 29）: readerQueries
  | 'かな表記'
  | '読み'
  | '質問・語形'
  | '言い換え・一部一致';

export type SearchQuery = {
  readonly query: string;
  readonly kind: QueryKind;
  /** 上位3件にすべて入るべきページ（ハッシュなしのパス）。 */
  readonly expect: readonly string[];
};

/** 上位何件までを正解とみなすか。 */
export const TOP_N = 3;

/** e2e テストで求める最低の正解率。 */
export const REQUIRED_HIT_RATE = 0.95;

/** 読者の打ち方のクエリ（readerQueries）で求める最低の正解率。 */
export const READER_REQUIRED_HIT_RATE = 0.9;

const {
  host,
  intro,
  eventExamples,
  accountSetup,
  organizerGameSetup: gameSetup,
  organizerManagement: management,
  participantGuide: participant,
  blogPost,
  markdownPage,
  appIntro,
} = routes;

export const searchQueries: readonly SearchQuery[] = [
  // 複合語: 一語として見つかり、部分（鬼、情報…）だけの一致に埋もれないこと。
  {query: '増やし鬼', kind: '複合語', expect: [host, gameSetup]},
  {query: '代わり鬼', kind: '複合語', expect: [host, gameSetup]},
  {query: '流山おおたかの森', kind: '複合語', expect: [eventExamples]},
  {query: '位置情報', kind: '複合語', expect: [accountSetup]},
  {query: '公共交通機関', kind: '複合語', expect: [intro]},
  {query: '最終ランキング', kind: '複合語', expect: [management, participant]},
  {query: '逃走チーム準備', kind: '複合語', expect: [management, participant]},
  {query: '確認メール', kind: '複合語', expect: [accountSetup]},
  {query: '迷惑メール', kind: '複合語', expect: [accountSetup]},
  {query: '実行モード', kind: '複合語', expect: [management]},
  {query: '公式ドキュメントサイト', kind: '複合語', expect: [blogPost]},

  // 複合語の一部: 複合語の内側の語でも見つかること。
  {query: 'おおたか', kind: '複合語の一部', expect: [eventExamples]},
  {query: '野田線', kind: '複合語の一部', expect: [eventExamples]},
  {query: '常磐線', kind: '複合語の一部', expect: [eventExamples]},
  {query: '柏市', kind: '複合語の一部', expect: [eventExamples]},
  {query: '氷鬼', kind: '複合語の一部', expect: [host]},
  {query: '乗り放題', kind: '複合語の一部', expect: [host, eventExamples]},
  {query: '新宿区', kind: '複合語の一部', expect: [gameSetup]},
  {query: '経度', kind: '複合語の一部', expect: [gameSetup]},

  // カタカナ語
  {query: 'ミッション', kind: 'カタカナ語', expect: [gameSetup]},
  {query: 'アクティベート', kind: 'カタカナ語', expect: [management]},
  {query: 'クレジット', kind: 'カタカナ語', expect: [management]},
  {query: 'つくばエクスプレス', kind: 'カタカナ語', expect: [eventExamples]},
  {query: 'ニックネーム', kind: 'カタカナ語', expect: [accountSetup]},
  {query: 'ズームレベル', kind: 'カタカナ語', expect: [gameSetup]},
  {query: 'リタイア', kind: 'カタカナ語', expect: [management]},
  {query: 'スケジュール', kind: 'カタカナ語', expect: [host]},

  // アプリの表示（「」の中のラベル）
  {query: '全員１人チームに設定', kind: 'アプリの表示', expect: [gameSetup]},
  {query: 'AIで生成', kind: 'アプリの表示', expect: [gameSetup]},
  {query: 'すぐに発令', kind: 'アプリの表示', expect: [management]},
  {query: '位置情報を利用可能', kind: 'アプリの表示', expect: [accountSetup]},
  {query: 'クレジットの管理', kind: 'アプリの表示', expect: [management]},

  // 全角・半角の違い
  {query: '全員1人チームに設定', kind: '全角半角', expect: [gameSetup]},
  {query: '15分', kind: '全角半角', expect: [gameSetup, participant]},
  {query: '１５分', kind: '全角半角', expect: [gameSetup, participant]},
  {query: 'ＱＲコード', kind: '全角半角', expect: [participant]},
  {query: 'ｱｸﾃｨﾍﾞｰﾄ', kind: '全角半角', expect: [management]},

  // 英字（大文字・小文字）
  {query: 'webhook', kind: '英字', expect: [gameSetup]},
  {query: 'FunAMP', kind: '英字', expect: [markdownPage]},

  // 一般語
  {query: 'パスワード', kind: '一般語', expect: [accountSetup]},
  {query: '賞品', kind: '一般語', expect: [host, eventExamples]},
  {query: '交通費', kind: '一般語', expect: [intro, host]},

  // 複数語
  {query: '確認メール 届かない', kind: '複数語', expect: [accountSetup]},
  {query: 'Discord 通知', kind: '複数語', expect: [gameSetup]},
  {query: 'ミッション 提出', kind: '複数語', expect: [participant]},
];

/**
 * 読者が実際に打つ形のクエリ（issue 29）。本文の語そのものではなく、変換前のひらがな、漢字の読み、
 * 助詞や語尾のついた質問、サイトにない言い換え、一部の語がどのページにもない検索語。
 */
export const readerQueries: readonly SearchQuery[] = [
  // かな表記: ひらがなでカタカナ語を、カタカナでひらがなの語を。半角、小さい字と長音の打ち方の違い。
  {query: 'あかうんと', kind: 'かな表記', expect: [accountSetup]},
  {query: 'ちーむ', kind: 'かな表記', expect: [gameSetup]},
  {query: 'みっしょん', kind: 'かな表記', expect: [gameSetup]},
  {query: 'ぱすわーど', kind: 'かな表記', expect: [accountSetup]},
  {query: 'あくてぃべーと', kind: 'かな表記', expect: [management]},
  {query: 'くれじっと', kind: 'かな表記', expect: [management]},
  {query: 'にっくねーむ', kind: 'かな表記', expect: [accountSetup]},
  {query: 'すけじゅーる', kind: 'かな表記', expect: [host]},
  {query: 'ずーむれべる', kind: 'かな表記', expect: [gameSetup]},
  {query: 'あくていべーと', kind: 'かな表記', expect: [management]},
  {query: 'オオタカ', kind: 'かな表記', expect: [eventExamples]},
  {query: 'ﾆｯｸﾈｰﾑ', kind: 'かな表記', expect: [accountSetup]},

  // 読み: 漢字の語を、その読みのひらがなで。
  {query: 'しゅうごう', kind: '読み', expect: [intro]},
  {query: 'さんかひ', kind: '読み', expect: [intro]},
  {query: 'こうつうひ', kind: '読み', expect: [intro, host]},
  {query: 'いちじょうほう', kind: '読み', expect: [accountSetup]},
  {query: 'しょうひん', kind: '読み', expect: [host, eventExamples]},
  {query: 'じょうしゃけん', kind: '読み', expect: [eventExamples]},
  {query: 'きっぷ', kind: '読み', expect: [host]},
  {query: 'ながれやま', kind: '読み', expect: [eventExamples]},
  {query: 'のだせん', kind: '読み', expect: [eventExamples]},
  {query: 'かくにんめーる', kind: '読み', expect: [accountSetup]},
  {query: 'ふやしおに', kind: '読み', expect: [host, gameSetup]},
  {query: 'せいげんじかん', kind: '読み', expect: [intro]},

  // 質問・語形: 助詞や語尾（を、の仕方、したい、どうする…）が結果を決めず、動詞は別の形でも見つかる。
  {query: 'チームの作り方', kind: '質問・語形', expect: [gameSetup]},
  {query: 'ゲームを作成したい', kind: '質問・語形', expect: [gameSetup]},
  {query: '確認メールが届かないときは', kind: '質問・語形', expect: [accountSetup]},
  {query: '捕まったらどうする', kind: '質問・語形', expect: [participant]},
  {query: 'ミッションの提出の仕方', kind: '質問・語形', expect: [participant]},
  {query: '位置情報をオンにするには', kind: '質問・語形', expect: [accountSetup]},
  {query: '鬼ごっこを開催したい', kind: '質問・語形', expect: [host]},
  {query: 'クレジットを購入するには', kind: '質問・語形', expect: [management]},
  {query: '通知の設定方法', kind: '質問・語形', expect: [gameSetup]},
  {query: '参加費はいくら', kind: '質問・語形', expect: [intro]},
  {query: 'つかまえたらどうなる', kind: '質問・語形', expect: [participant]},

  // 言い換え・一部一致: サイトにない言い方と、どのページにもない語を含む検索語（空の答えにしない）。
  {query: '値段', kind: '言い換え・一部一致', expect: [intro]},
  {query: '料金', kind: '言い換え・一部一致', expect: [intro]},
  {query: 'クレジットを買う', kind: '言い換え・一部一致', expect: [management]},
  {query: 'スマホ', kind: '言い換え・一部一致', expect: [intro]},
  {query: 'ゲーム 作り方', kind: '言い換え・一部一致', expect: [gameSetup]},
  {query: 'ミッション 宇宙人', kind: '言い換え・一部一致', expect: [gameSetup]},
  {query: '増やし鬼 ドラゴン', kind: '言い換え・一部一致', expect: [host, gameSetup]},
  {query: '集合場所', kind: '言い換え・一部一致', expect: [intro]},
  {query: 'アプリ 払い戻し', kind: '言い換え・一部一致', expect: [appIntro]},
  {query: 'チーム作成', kind: '言い換え・一部一致', expect: [gameSetup]},
];
