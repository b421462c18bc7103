/**
 * プルリクエストのプレビュー（Firebase Hosting のプレビューチャンネル）の URL の決まり。
 * エディターの「プレビューを見る」は、コミットの「プレビュー」の状態（commit status）のリンクを開く。状態は
 * リポジトリーに書ける人なら誰でも付けられるので、このプロジェクトのプレビューチャンネルの URL のときだけ見せる
 * （plugins/editor/decap-patches.ts）。
 */

/** Firebase のプロジェクト ID（= 読者のサイトの Hosting のサイト ID）。ワークフローの FIREBASE_PROJECT の既定と同じ。 */
export const firebaseProjectId = 'traffic-tag-docs';

/**
 * プレビューチャンネルの URL か: https://<プロジェクト>--<チャンネル>-<ハッシュ>.web.app（ポートも利用者名もない）。
 * サイト ID には -- を使えないので、ほかのプロジェクトのサイトがこの形になることはない。
 */
export function isPreviewChannelUrl(url: string, projectId: string = firebaseProjectId): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = new RegExp(`^${projectId}--[a-z0-9]+(?:-[a-z0-9]+)*-[a-z0-9]+\\.web\\.app$`);
  return (
    parsed.protocol === 'https:' &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.port === '' &&
    host.test(parsed.hostname)
  );
}
