/**
 * ビルド後処理どうしの順序を保つ共有状態。Docusaurus は各プラグインの postBuild を並行に
 * 呼ぶため、順番が要る処理はプラグインの初期化時に「段階」を登録し、postBuild で待ち合わせる。
 *   SNS カードの HTML（og:image を書き換える）→ 検索インデックス（HTML を読む）→ PWA の precache
 *   SNS カードの HTML → 写真のファイルを出力に置く（plugins/images、HTML から写真を拾う）→ PWA の precache
 *   （保存の一覧が写真のバイト数を読む）
 *   SNS カードの画像（HTML のあとに描く。検索と写真の段と並行に）→ PWA の precache
 */
export type StepName =
  | 'socialHtmlWritten'
  | 'socialCardsWritten'
  | 'searchIndexWritten'
  | 'photosCopied';

/** routeFilesPath: ルートごとの JS の一覧（plugins/routes がブラウザ用のビルドで書き、plugins/offline が読む）。 */
type BuildState = {outDir?: string; routeFilesPath?: string} & Record<StepName, Promise<void>>;

/**
 * 状態はプロセスに 1 つ。このファイルは別々のモジュールとして何度も読み込まれる（設定を読む jiti と、
 * パスで渡したプラグイン（plugins/offline/pwa.ts）を読む Docusaurus の loadFreshModule）ので、
 * モジュールの変数に置くと、待つ側と登録する側が別の状態を見て、待ち合わせが素通りになる。
 */
const globalKey = '__denkiBuildState';
const processGlobal = globalThis as typeof globalThis & {[globalKey]?: BuildState};

export const buildState: BuildState = (processGlobal[globalKey] ??= {
  socialHtmlWritten: Promise.resolve(),
  socialCardsWritten: Promise.resolve(),
  searchIndexWritten: Promise.resolve(),
  photosCopied: Promise.resolve(),
});

/** 出力を書き換える段階（カード、検索の索引、写真のファイル）がすべて終わるまで待つ（PWA の precache が使う）。 */
export async function outputRewritten(): Promise<void> {
  await Promise.all([
    buildState.socialCardsWritten,
    buildState.searchIndexWritten,
    buildState.photosCopied,
  ]);
}

/** 段階を登録し、その段階の処理を実行する関数を返す。処理が終われば待っている側が進む。 */
export function registerStep(name: StepName): <T>(work: () => Promise<T>) => Promise<T> {
  let done!: () => void;
  let failed!: (error: unknown) => void;
  const promise = new Promise<void>((resolve, reject) => {
    done = resolve;
    failed = reject;
  });
  // 待つ側がいないとき（開発サーバーなど）に未処理の reject として扱われないようにする。
  promise.catch(() => undefined);
  buildState[name] = promise;
  return async (work) => {
    try {
      const result = await work();
      done();
      return result;
    } catch (error) {
      failed(error);
      throw error;
    }
  };
}
