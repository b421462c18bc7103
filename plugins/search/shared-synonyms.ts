/**
 * サイトの言葉の言い換えの表（この一つのファイルだけ）。ビルド（readings.ts が読みを辞書に入れる）と
 * 検索の画面（theme/SearchDialog/query.ts）が使う。
 */
/**
 * site はサイトの本文にある語（plugins/search/tests/synonyms.spec.ts が、
 * 今も本文にあることを確かめる）、asked は読者が代わりに打ちそうな語。どちらかで探すと、site の語の
 * ページも探す。動詞は語幹（送りがなの 1 字目まで。「捕まった」「捕まる」は「捕ま」）でも引く。
 */
export const synonyms: readonly {
  readonly site: readonly string[];
  readonly asked: readonly string[];
}[] = [
  {site: ['参加費', '費用', '交通費'], asked: ['値段', '料金', 'お金', '価格', '代金']},
  {site: ['作成', '作り方'], asked: ['作る', '作り', 'つくる', '新規作成']},
  {site: ['購入'], asked: ['買う', '買い', '購買', 'チャージ']},
  {site: ['支払い'], asked: ['払う', '決済']},
  {site: ['つかまえ', 'つかまっ'], asked: ['つかまる', '捕まる', '捕まえる', '捕獲', '確保']},
  {site: ['スマートフォン'], asked: ['スマホ', '携帯', 'ケータイ']},
  {site: ['ログイン'], asked: ['サインイン']},
  {site: ['アカウント'], asked: ['ユーザー登録']},
  {site: ['集合'], asked: ['集まる', '待ち合わせ']},
  {site: ['削除'], asked: ['消す', '消去']},
  {site: ['賞品'], asked: ['景品', 'ごほうび']},
];
