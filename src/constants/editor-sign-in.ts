/**
 * エディター（/admin/）の GitHub でのログインと、プルリクエストのプレビュー。エディターの設定
 * （plugins/editor/config.ts）、ログインの交換をする Cloud Function（functions/）、ワークフロー
 * （.github/workflows/ci.yml。tests/node/pipeline.spec.ts が同じ値かを確かめる）が同じ値を使う。
 */

/** ログインを始めるパス（Decap の auth_endpoint は先頭の / なし）。Firebase Hosting が関数へ回す。 */
export const signInPath = '/api/auth';

/** GitHub がログインのあとで戻すパス（OAuth アプリの Authorization callback URL）。 */
export const signInCallbackPath = '/api/callback';

/**
 * GitHub に求める権限。公開リポジトリーにブランチ・コミット・プルリクエストを作れる、いちばん狭いもの
 * （repo は非公開のリポジトリーまで読み書きできるので求めない）。
 */
export const signInScope = 'public_repo';

/** 関数を置く地域（東京）。firebase.json の rewrites と同じ。 */
export const functionRegion = 'asia-northeast1';

/** 関数の名前（firebase.json の rewrites の functionId）。 */
export const signInFunctionId = 'editorAuth';

/**
 * プルリクエストの head のコミットに付ける状態（commit status）の名前。ワークフローがプレビューの URL を
 * 付け、エディターの「プレビューを見る」がこの名前の状態を開く（Decap の preview_context）。
 */
export const previewStatusContext = 'プレビュー';
