/**
 * 開催事例のページと報告の記事の Markdown を、開催事例のデータのフォルダーに依存させる Rspack のローダー
 * （中身は変えない）。remark.ts がデータを読んでページを作るので、データだけが変わったときも、Rspack の
 * 永続キャッシュから古いページを使わずに組み直させる（フォルダーに依存するので、足したファイルも見る）。
 * files はほかに依存するファイル（ビルドの「今日」: 日が変わると次の開催が開催した回になる）。
 */
module.exports = function eventsDependencyLoader(source) {
  const {dir, files = []} = this.getOptions();
  this.addContextDependency(dir);
  for (const file of files) this.addDependency(file);
  return source;
};
