/**
 * Cloud Functions for Firebase（第 2 世代）の入口。エディターのサイト（firebase.json の hosting の target「editor」）の
 * Firebase Hosting が /api/** をこの関数へ回す。ログインの処理は sign-in.ts にあり、ここは秘密の値と地域を渡すだけ。
 * 値は GitHub App のもの（名前は OAuth アプリだったころのまま。GitHub App も同じ OAuth の手順でログインする）。
 * - Client secret は Secret Manager（firebase functions:secrets:set GITHUB_OAUTH_CLIENT_SECRET）。
 *   リポジトリーにもビルドしたサイトにも入らない。
 * - Client ID は秘密ではない。ワークフローが GitHub の変数 GITHUB_OAUTH_CLIENT_ID から functions/.env に書いて出す。
 */
import {logger, setGlobalOptions} from 'firebase-functions';
import {defineSecret, defineString} from 'firebase-functions/params';
import {onRequest} from 'firebase-functions/v2/https';
import {DEFAULT_EDITOR_URL, functionRegion} from '../../src/constants/editor-sign-in';
import {sourceRepository} from '../../src/constants/site';
import {signInHandler} from './sign-in';

const clientId = defineString('GITHUB_OAUTH_CLIENT_ID', {
  description: 'エディターのログインの GitHub App の Client ID（README の「デプロイ」）',
});
const clientSecret = defineSecret('GITHUB_OAUTH_CLIENT_SECRET');

setGlobalOptions({region: functionRegion});

const handle = signInHandler(() => ({
  editorOrigin: DEFAULT_EDITOR_URL,
  repository: sourceRepository.repo,
  clientId: clientId.value(),
  clientSecret: clientSecret.value(),
  log: (message) => logger.warn(message),
}));

export const editorAuth = onRequest(
  {
    secrets: [clientSecret],
    // ログインはたまにしか来ない。使わないときは 0 台、多くても 2 台で、費用を抑える。
    minInstances: 0,
    maxInstances: 2,
    memory: '256MiB',
    timeoutSeconds: 30,
    invoker: 'public',
  },
  (request, response) => handle(request, response),
);
