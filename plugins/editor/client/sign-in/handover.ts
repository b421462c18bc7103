/**
 * 最初の画面（start.ts）で済ませたログインを、あとから読み込む Decap のログインの画面へ渡す。Decap は受け取った
 * ものを、自分のログインのボタンを押したときと同じに扱う（アカウントを確かめ、覚え、誤りは日本語で知らせる）。
 */

/** Decap のバックエンドの AuthenticationPage が onLogin に渡すもの（GitHub ならトークン。手元のバックエンドは空）。 */
export type SignInCredentials = {readonly token?: string; readonly provider?: string};

let pending: SignInCredentials | null = null;

export function handOverSignIn(credentials: SignInCredentials): void {
  pending = credentials;
}

/** 渡されたログインを 1 度だけ受け取る（無ければ null）。 */
export function takeHandedOverSignIn(): SignInCredentials | null {
  const credentials = pending;
  pending = null;
  return credentials;
}
