/**
 * エディター（/admin/）の GitHub でのログインと、プルリクエストのプレビュー。エディターの設定
 * （plugins/editor/config.ts）、ログインの交換をする Cloud Function（functions/）、ワークフロー
 * （.github/workflows/ci.yml と preview.yml。tests/node/pipeline.spec.ts が同じ値かを確かめる）が同じ値を使う。
 */

/**
 * エディターだけを配る Firebase Hosting のサイト（読者のサイトとは別のオリジン）。Decap は GitHub のトークンを
 * 開いたページのオリジンの localStorage（decap-cms-user）に置くので、読者のサイトが配るファイルも、記事として
 * コミットされるものも、このオリジンでは動かない。ログインの関数（/api/**）もこのサイトが回す。
 */
export const DEFAULT_EDITOR_URL = 'https://traffic-tag-docs-editor.web.app';

/** ビルド時に EDITOR_URL 環境変数で差し替えられる、エディターのサイトのオリジン（末尾のスラッシュなし）。 */
export const editorOrigin: string = (
  (typeof process !== 'undefined' && process.env?.EDITOR_URL) ||
  DEFAULT_EDITOR_URL
).replace(/\/+$/, '');

/** エディターのサイトの中のエディターのパス（読者のサイトの /admin/ は、ここへ転送する）。 */
export const editorPath = '/admin/';

/** firebase.json の hosting の target（.firebaserc がサイトの名前に結ぶ）: 読者のサイトと、エディターのサイト。 */
export const hostingTargets = {site: 'site', editor: 'editor'} as const;
export type HostingTarget = (typeof hostingTargets)[keyof typeof hostingTargets];

/** ログインを始めるパス（Decap の auth_endpoint は先頭の / なし）。Firebase Hosting が関数へ回す。 */
export const signInPath = '/api/auth';

/** GitHub がログインのあとで戻すパス（GitHub App の Callback URL。エディターのサイトの上）。 */
export const signInCallbackPath = '/api/callback';

/**
 * ログインに使う GitHub App に付ける権限（リポジトリーの権限。README の「エディターのログイン」）。ユーザーの
 * アクセストークンは、アプリを入れたリポジトリーだけに、この権限とそのアカウントの権限の重なりだけで使え、
 * 8 時間で切れる。OAuth アプリの scope（public_repo はその人のすべての公開リポジトリーに書ける）は使わない。
 * metadata: read は GitHub がどのアプリにも付ける。statuses: read は「プレビューを見る」（preview_context）。
 * deployments: read と checks: read は、「公開」のあとで main のデプロイ（production のデプロイメント）と CI の
 * チェックを見て「サイトに出ました」を知らせるため（plugins/editor/client/live/）。
 */
export const gitHubAppPermissions = {
  contents: 'write',
  pull_requests: 'write',
  statuses: 'read',
  deployments: 'read',
  checks: 'read',
  metadata: 'read',
} as const;

/** GitHub App のユーザーのアクセストークンが切れるまでの秒数（8 時間。GitHub が決める）。 */
export const userTokenLifetimeSeconds = 28_800;

/** 関数を置く地域（東京）。firebase.json の rewrites と同じ。 */
export const functionRegion = 'asia-northeast1';

/** 関数の名前（firebase.json の rewrites の functionId）。 */
export const signInFunctionId = 'editorAuth';

/**
 * プルリクエストの head のコミットに付ける状態（commit status）の名前。ワークフローがプレビューの URL を
 * 付け、エディターの「プレビューを見る」がこの名前の状態を開く（Decap の preview_context）。
 */
export const previewStatusContext = 'プレビュー';
