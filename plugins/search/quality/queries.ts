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
  | '複数語';

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
