/**
 * ビルド後処理どうしの順序を保つ共有状態。Docusaurus は各プラグインの postBuild を並行に
 * 呼ぶため、PWA のプリキャッシュ一覧は検索インデックスの書き出しを待ってから作る。
 */
export type BuildState = {
  outDir?: string;
  searchIndexWritten: Promise<void>;
  socialCardsWritten: Promise<void>;
};

export const buildState: BuildState = {
  searchIndexWritten: Promise.resolve(),
  socialCardsWritten: Promise.resolve(),
};
