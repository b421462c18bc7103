/**
 * 写真を選んだ人（記事を書く事務局の人）に見せる、使えない写真の知らせ。どれもファイルの名前を挙げ、
 * 何をすればよいかを述べる。選んだ元の写真は変わらず、ほかの写真の準備も続く。
 */

/** 使えない理由。 */
export type PhotoProblem =
  'too-large' | 'not-image' | 'heic' | 'unsupported' | 'broken' | 'encode-failed';

const megabytes = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MB`;

/** JPEG にする手順（iPhone の設定、Mac のプレビュー、Windows のフォト）。 */
const jpegSteps =
  'iPhone では「設定」→「カメラ」→「フォーマット」を「互換性優先」にすると、これから撮る写真が JPEG になります。' +
  'いまある写真は、Mac なら「プレビュー」で開いて「ファイル」→「書き出す」でフォーマットを「JPEG」に、' +
  'Windows なら「フォト」アプリで開いて「名前を付けて保存」でファイルの種類を「JPEG」にして保存し、選び直してください。';

export const photoMessages = {
  'too-large': (fileName: string, limitBytes: number): string =>
    `「${fileName}」は ${megabytes(limitBytes)} を超えているため使えません。` +
    `${megabytes(limitBytes)} までの写真を選ぶか、写真アプリで小さいサイズにして書き出してから選び直してください。`,
  'not-image': (fileName: string): string =>
    `「${fileName}」は写真ではないファイルです（名前が写真のようでも、中身が JPEG や PNG などの写真でなければ使えません）。` +
    '記事に入れられるのは写真だけです。写真アプリから元の写真を選び直してください。',
  heic: (fileName: string): string =>
    `「${fileName}」は HEIC（iPhone の高効率）形式の写真で、このブラウザーでは読めません。` +
    `JPEG にしてから選び直してください。${jpegSteps}`,
  unsupported: (fileName: string): string =>
    `「${fileName}」は、このブラウザーでは読めない形式の画像です。` +
    '写真アプリで JPEG として書き出してから選び直してください。',
  broken: (fileName: string): string =>
    `「${fileName}」を写真として読めませんでした。ファイルが壊れているか、画素が多すぎる（パノラマ写真など）のかもしれません。` +
    '元の写真を選び直すか、写真アプリで小さいサイズにして書き出してから選んでください。',
  'encode-failed': (fileName: string): string =>
    `「${fileName}」を JPEG に変換できませんでした。` +
    'ほかのアプリやタブを閉じてから、もう一度選んでください。',
} as const satisfies Record<PhotoProblem, (fileName: string, limitBytes: number) => string>;
