/**
 * プルリクエストのプレビュー（Firebase Hosting のプレビューチャンネル）の URL の決まり。
 * エディターの「プレビューを見る」は、コミットの「プレビュー」の状態（commit status）のリンクを開く。状態は
 * リポジトリーに書ける人なら誰でも付けられるので、プレビューのプロジェクトのチャンネルの URL のときだけ見せる
 * （plugins/editor/decap-patches.ts）。
 */

/**
 * 本番の Firebase のプロジェクト ID（= 読者のサイトの Hosting のサイト ID）。.github/workflows/ci.yml の
 * FIREBASE_PROJECT の既定と同じ。読者とエディターのサイトと、ログインの関数がある。
 */
export const liveProjectId = 'traffic-tag-docs';

/**
 * プルリクエストのプレビューだけを置く Firebase のプロジェクト ID（.github/workflows/preview.yml と .firebaserc）。
 * プレビュー用の鍵はこのプロジェクトの中でしか使えないので、本番のサイトにも関数にも届かない（issue 60 の 1）。
 */
export const previewProjectId = 'traffic-tag-docs-preview';

/**
 * プレビューチャンネルの URL か: https://<プロジェクト>--<チャンネル>-<ハッシュ>.web.app（ポートも利用者名もない）。
 * サイト ID には -- を使えないので、ほかのプロジェクトのサイトがこの形になることはない。本番のプロジェクト
 * （liveProjectId）のチャンネルも受け入れない。
 */
export function isPreviewChannelUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = new RegExp(`^${previewProjectId}--[a-z0-9]+(?:-[a-z0-9]+)*-[a-z0-9]+\\.web\\.app$`);
  return (
    parsed.protocol === 'https:' &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.port === '' &&
    host.test(parsed.hostname)
  );
}
