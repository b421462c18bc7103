/** テスト専用ルートとその文言。プラグイン・ページ・テストが共有する。 */
export const testRoutes = {
  crash: '/__test/crash',
} as const;

export const crashPage = {
  title: 'クラッシュのテスト',
  message: 'テスト用のエラー: 描画に失敗しました',
  recovered: '再描画できました',
} as const;

declare global {
  interface Window {
    /** false にするまで、ブラウザでの描画が毎回失敗する（クラッシュ画面のテスト用）。 */
    __denkiCrash?: boolean;
  }
}
